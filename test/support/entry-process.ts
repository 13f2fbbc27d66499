import { type ChildProcess, spawn } from 'node:child_process';

/**
 * Runs a TypeScript entry (`test/support/*-process.ts`) in a Node process of its own, with this
 * process's environment and working folder, its output shown with the test's, and (by default) an
 * IPC channel for `send` and `message`.
 */
export function startEntryProcess(entry: string, { ipc = true }: { ipc?: boolean } = {}): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: process.cwd(),
    env: process.env,
    stdio: ipc ? ['ignore', 'inherit', 'inherit', 'ipc'] : 'inherit',
  });
}
