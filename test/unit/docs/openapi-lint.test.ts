import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { openApiFile } from '../../../scripts/docs/render';

const run = promisify(execFile);

interface LintReport {
  totals: { errors: number; warnings: number };
  problems: { ruleId: string; message: string; location: { pointer?: string }[] }[];
}

describe('docs/openapi.json', () => {
  it('passes Redocly lint (recommended rules and redocly.yaml) with no error and no warning', async () => {
    // redocly exits non-zero on errors; the JSON report is on stdout either way.
    const { stdout } = await run('node_modules/.bin/redocly', ['lint', openApiFile, '--format=json'], {
      maxBuffer: 64 * 1024 * 1024,
    }).catch((error: { stdout: string }) => ({ stdout: error.stdout }));
    const report = JSON.parse(stdout) as LintReport;
    const problems = report.problems.map(
      (problem) => `${problem.ruleId} at ${problem.location[0]?.pointer}: ${problem.message}`,
    );
    expect(problems).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  }, 60_000);
});
