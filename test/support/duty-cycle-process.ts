/**
 * Child-process entry: holds another process to a share of the CPU as Lambda does below 1,769 MB
 * (512 MB gets about 0.29 of a vCPU, handed out in short slices): it stops the target with SIGSTOP
 * and lets it run again with SIGCONT on a fixed cycle, `runningMs` of every `periodMs`. Configured by
 * the parent's first message `{ pid, runningMs, periodMs }`; on 'report' it sends the share the
 * target really ran (`{ runningShare }`, from the times the signals were sent). The cycle keeps to
 * absolute times, so a late timer shortens one phase instead of shifting every later one. On
 * disconnect the target runs again before this process exits: a stopped process is never left behind.
 */
interface DutyCycle {
  pid: number;
  runningMs: number;
  periodMs: number;
}

let settings: DutyCycle | undefined;
let startedAt = 0;
let runningTotal = 0;
let resumedAt: number | undefined;

function signal(name: 'SIGSTOP' | 'SIGCONT'): boolean {
  try {
    process.kill((settings as DutyCycle).pid, name);
    return true;
  } catch {
    // The target is gone: nothing left to hold.
    return false;
  }
}

/** Lets the target run from `periodStart` for `runningMs`, then stops it until the next period. */
function cycle(periodStart: number) {
  const { runningMs, periodMs } = settings as DutyCycle;
  if (!signal('SIGCONT')) return;
  resumedAt = Date.now();
  setTimeout(
    () => {
      if (!signal('SIGSTOP')) return;
      runningTotal += Date.now() - (resumedAt as number);
      resumedAt = undefined;
      const next = periodStart + periodMs;
      setTimeout(() => cycle(next), Math.max(0, next - Date.now()));
    },
    Math.max(0, periodStart + runningMs - Date.now()),
  );
}

process.once('message', (message: DutyCycle) => {
  settings = message;
  startedAt = Date.now();
  cycle(startedAt);
  process.on('message', (request) => {
    if (request !== 'report') return;
    const running = runningTotal + (resumedAt === undefined ? 0 : Date.now() - resumedAt);
    process.send?.({ runningShare: running / Math.max(1, Date.now() - startedAt) });
  });
});
process.on('disconnect', () => {
  if (settings !== undefined) signal('SIGCONT');
  process.exit(0);
});
