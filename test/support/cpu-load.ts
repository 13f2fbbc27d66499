import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

export interface CpuLoad {
  stop(): Promise<void>;
}

/**
 * Keeps every core of the machine busy with spinning worker threads until stopped, so a test of
 * timing runs under load it made itself instead of hoping for an idle machine. The threads spin in
 * short slices and stop within a few milliseconds of being told.
 */
export function startCpuLoad(threads = availableParallelism()): CpuLoad {
  const source = `
    const { parentPort } = require('node:worker_threads');
    // The load runs at the default priority, whatever the thread that starts it runs at.
    require('node:os').setPriority(0, 0);
    let running = true;
    parentPort.on('message', () => { running = false; });
    const spin = () => {
      const until = Date.now() + 20;
      while (Date.now() < until) {}
      if (running) setImmediate(spin); else parentPort.close();
    };
    spin();
  `;
  const workers = Array.from({ length: threads }, () => new Worker(source, { eval: true }));
  return {
    stop: async () => {
      await Promise.all(
        workers.map(async (worker) => {
          worker.postMessage('stop');
          await worker.terminate();
        }),
      );
    },
  };
}
