import { runningLocalStack } from '../local/stack-file';
import { runAdmin } from './run';

const output = { out: (line: string) => console.log(line), err: (line: string) => console.error(line) };

// Without a deployed stack's settings, the commands work on the local stack `npm start` runs in
// this folder (decisions §71): it writes where it is, and its in-memory data key, to a file.
if (process.env.TABLE_NAME === undefined) {
  const local = runningLocalStack();
  if (local) {
    for (const [name, value] of Object.entries(local.environment)) process.env[name] ??= value;
    output.err(`Working on the local stack at ${local.url} (npm start, process ${local.pid}).`);
  }
}

const argv = process.argv.slice(2);
const asksForHelp = argv.length === 0 || argv.some((arg) => ['--help', '-h', 'help'].includes(arg));
if (process.env.TABLE_NAME === undefined && !asksForHelp) {
  output.err(
    'No stack to work on: start the local stack with `npm start` in this folder, or set the settings of a deployed stack (`npm run admin -- --help` lists them).',
  );
  process.exitCode = 1;
} else {
  // `npm run admin -- <command> ...`: the operator's entry point (scripts/admin/run.ts).
  process.exitCode = await runAdmin(argv, output);
}
