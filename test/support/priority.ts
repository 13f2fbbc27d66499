import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { setPriority } from 'node:os';

/** Niceness given to the processes a timing test measures: well ahead of the default 0. */
const measuredNiceness = -10;

/**
 * Real-time (SCHED_FIFO) priority given to the processes a timing test measures: any real-time
 * priority runs ahead of every ordinary process, whatever its niceness.
 */
export const measuredRealTimePriority = 20;

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
 * Runs every thread of a process (SCHED_FIFO, through `chrt`) ahead of every ordinary process, as a
 * Lambda's CPU share in AWS is a cgroup quota that other tenants' load does not touch: a niceness of
 * -10 still shares the cores with each of the many nice-0 processes of a busy machine, so a
 * consumer held to 30 ms of every 100 ms would not really run in its windows, and the timers of what
 * holds it would go late. Threads the process starts later inherit the policy. The kernel keeps
 * real-time work below 95 % of each CPU (`sched_rt_runtime_us`), so a spinning thread cannot lock
 * the machine up. Give what must interrupt another real-time process (a duty-cycle supervisor) a
 * higher `priority` (1–99). Where it is not permitted (no CAP_SYS_NICE) or there is no `chrt`,
 * nothing changes. Returns whether the process now runs in real time.
 */
export function runInRealTime(pid: number, priority: number = measuredRealTimePriority): boolean {
  const chrt = spawnSync('chrt', ['--all-tasks', '--fifo', '--pid', String(priority), String(pid)], {
    stdio: 'ignore',
  });
  return chrt.status === 0;
}

/**
 * Runs every thread of a process behind all other work: for a process that stands for instances with
 * CPU of their own in AWS (another tenant's Lambdas), whose work on this machine must not take the
 * cores from what the test measures. Lowering priority is always permitted.
 */
export const runBehindEverything = (pid: number): boolean => setProcessNiceness(pid, behindNiceness);
