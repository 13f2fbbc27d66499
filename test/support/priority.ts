import { readdirSync } from 'node:fs';
import { setPriority } from 'node:os';

/** Niceness given to the processes a timing test measures: well ahead of the default 0. */
const measuredNiceness = -10;

/**
 * Runs every thread of a process (default: this one) ahead of the machine's other work, as a Lambda
 * has CPU of its own in AWS: then neither the load a test makes on purpose nor other processes on a
 * shared machine set the pace of what the test measures. Threads the process starts later inherit the
 * priority of the thread that starts them. Where raising priority is not permitted (no
 * CAP_SYS_NICE), nothing changes. Returns whether every thread was raised.
 */
export function runAheadOfLoad(pid: number = process.pid): boolean {
  let raised = true;
  for (const thread of readdirSync(`/proc/${pid}/task`)) {
    try {
      setPriority(Number(thread), measuredNiceness);
    } catch {
      raised = false;
    }
  }
  return raised;
}
