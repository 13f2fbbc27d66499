import { runAdmin } from './run';

// `npm run admin -- <command> ...`: the operator's entry point (scripts/admin/run.ts).
process.exitCode = await runAdmin(process.argv.slice(2), {
  out: (line) => console.log(line),
  err: (line) => console.error(line),
});
