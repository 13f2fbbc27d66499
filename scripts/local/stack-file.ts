/**
 * How `npm start` tells the operator's commands on the same machine where its stack is: a file
 * (owner-only: it holds the stack's data key) with the process id, the URL and the environment the
 * stack's functions run with. `npm run admin` reads it when no deployed stack is configured, so the
 * admin commands work against the default in-memory stack, whose data key exists only in memory.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/** Where the file is: `LOCAL_STACK_FILE`, else `.data/local-stack.json` in the working folder. */
export const localStackFilePath = (): string =>
  resolve(process.env.LOCAL_STACK_FILE ?? '.data/local-stack.json');

export interface RunningLocalStack {
  /** The process of `npm start`. */
  pid: number;
  url: string;
  /** The environment the stack configured for its functions (table, endpoints, queues, data key). */
  environment: Readonly<Record<string, string>>;
}

/** Writes the file for this process's stack (owner-only). */
export function writeLocalStackFile(stack: RunningLocalStack): void {
  const path = localStackFilePath();
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify(stack, null, 2)}\n`, { mode: 0o600 });
}

/** Removes the file when it is this process's (another `npm start` may have written its own since). */
export function removeLocalStackFile(): void {
  if (readLocalStackFile()?.pid === process.pid) rmSync(localStackFilePath(), { force: true });
}

function readLocalStackFile(): RunningLocalStack | undefined {
  try {
    return JSON.parse(readFileSync(localStackFilePath(), 'utf8')) as RunningLocalStack;
  } catch {
    return undefined;
  }
}

const isRunning = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** The local stack `npm start` is running, or undefined when there is no file or its process ended. */
export function runningLocalStack(): RunningLocalStack | undefined {
  const stack = readLocalStackFile();
  return stack && isRunning(stack.pid) ? stack : undefined;
}
