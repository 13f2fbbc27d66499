import { resolve } from 'node:path';
import { lambdaContext } from './lambda-adapter';

/** The reconciler function the stack runs every minute. */
const reconcilerWorker = 'functions/workers/reconciler.ts';

export interface ReconcilerTimer {
  stop(): Promise<void>;
}

/**
 * The local stand-in for the stack's schedule: runs the reconciler function every `intervalMs`
 * (never two sweeps at once, as its reserved concurrency of one ensures in the stack).
 */
export function startReconcilerTimer(intervalMs: number): ReconcilerTimer {
  let running = true;
  let sweep: Promise<unknown> = Promise.resolve();
  const loading = import(resolve(process.cwd(), reconcilerWorker)) as Promise<{
    handler: (event: unknown, context: ReturnType<typeof lambdaContext>) => Promise<unknown>;
  }>;
  const timer = setInterval(() => {
    sweep = sweep.then(async () => {
      if (!running) return;
      const { handler } = await loading;
      await handler({}, lambdaContext('worker-reconciler', 60_000)).catch((error: unknown) =>
        console.error('reconciler:', error),
      );
    });
  }, intervalMs);
  return {
    stop: async () => {
      running = false;
      clearInterval(timer);
      await sweep;
    },
  };
}
