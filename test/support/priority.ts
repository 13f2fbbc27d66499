import { readdirSync } from 'node:fs';
import { setPriority } from 'node:os';

/** Niceness given to the processes a timing test measures: well ahead of the default 0. */
const measuredNiceness = -10;

/** The lowest priority there is: what stands for compute of its own runs only on cycles left over. */
const behindNiceness = 19;

/** Sets the niceness of every thread of a process; returns whether each one took it. */
function setProcessNiceness(pid: number, niceness: number): boolean {
  let set = true;
  for (const thread of readdirSync(`/proc/${pid}/task`)) {
    try {
      setPriority(Number(thread), niceness);
    } catch {
      set = false;
    }
  }
  return set;
}

/**
 * Runs every thread of a process (default: this one) ahead of the machine's other work, as a Lambda
 * has CPU of its own in AWS: then neither the load a test makes on purpose nor other processes on a
 * shared machine set the pace of what the test measures. Threads the process starts later inherit the
 * priority of the thread that starts them. Where raising priority is not permitted (no
 * CAP_SYS_NICE), nothing changes. Returns whether every thread was raised.
 */
export const runAheadOfLoad = (pid: number = process.pid): boolean =>
  setProcessNiceness(pid, measuredNiceness);

/**
 * Runs every thread of a process behind all other work: for a process that stands for instances with
 * CPU of their own in AWS (another tenant's Lambdas), whose work on this machine must not take the
 * cores from what the test measures. Lowering priority is always permitted.
 */
export const runBehindEverything = (pid: number): boolean => setProcessNiceness(pid, behindNiceness);
