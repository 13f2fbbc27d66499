/** Where a command writes: progress and results to `out`, problems to `err`. */
export interface AdminOutput {
  out(line: string): void;
  err(line: string): void;
}

/** One `npm run admin -- <name>` command. */
export interface AdminCommand {
  /** One line for the command list. */
  readonly summary: string;
  /** Arguments after the name, as shown by `--help` (empty when it takes none). */
  readonly usage: string;
  /** Runs the command; resolves to the process exit code. Throw `UsageError` for bad arguments. */
  run(args: readonly string[], output: AdminOutput): Promise<number>;
}

/** Bad arguments: the runner prints the message with the command's usage and exits 2. */
export class UsageError extends Error {}
