import { runAdmin } from '../../scripts/admin/run';

/** Runs `npm run admin -- <argv>` in process; resolves to its exit code and what it printed. */
export async function admin(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runAdmin(argv, { out: (line) => out.push(line), err: (line) => err.push(line) });
  return { code, out, err };
}
