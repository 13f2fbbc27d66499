import { execFile } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { LocalStack } from '../../scripts/local/stack';
import { startLocalStackOnRunDynamo } from '../support/local-stack';
import { type Example, examplesOf } from '../support/readme-examples';

/**
 * The README's examples run as written (issue 30): every `sh` and `ts` block runs against a local
 * stack (`BASE` is its URL), unless it is marked `<!-- not run: <reason> -->` with a reason. A `ts`
 * block is first compiled with the project's strict settings, then run with tsx.
 */
const run = promisify(execFile);
const root = resolve(__dirname, '../..');
const readme = join(root, 'README.md');
/** Inside the repository (git ignores it), so the examples resolve the project's packages. */
const scratch = join(root, '.local/readme-examples');

let stack: LocalStack;

const examples = examplesOf(readme);
const runnable = examples.filter((example) => ['sh', 'ts'].includes(example.language));
const toRun = runnable.filter((example) => example.notRun === undefined);
const tsExamples = toRun.filter((example) => example.language === 'ts');
const title = (example: Example) => `${example.language} block at README.md:${example.line}`;
const fileOf = (example: Example) => join(scratch, `readme-${example.line}.ts`);

beforeAll(async () => {
  stack = await startLocalStackOnRunDynamo();
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(scratch, { recursive: true });
  for (const example of tsExamples) writeFileSync(fileOf(example), `${example.code}\nexport {};\n`);
  writeFileSync(
    join(scratch, 'tsconfig.json'),
    JSON.stringify({
      extends: '../../tsconfig.json',
      include: ['*.ts'],
      compilerOptions: { types: ['node'] },
    }),
  );
}, 60_000);

afterAll(async () => {
  await stack?.stop();
});

/** What a block printed; an error envelope in it means the example did not do what it says. */
function expectNoErrorEnvelope(output: string) {
  expect(output).not.toMatch(/"error"\s*:\s*\{\s*"status"/);
}

describe('README examples', () => {
  it('marks every block it does not run with a reason', () => {
    expect(runnable.length).toBeGreaterThan(0);
    const withoutReason = runnable.filter(
      (example) => example.notRun !== undefined && example.notRun.length < 10,
    );
    expect(withoutReason.map(title)).toEqual([]);
    expect(toRun.length).toBeGreaterThanOrEqual(2);
  });

  it.each(toRun.filter((example) => example.language === 'sh').map((example) => [title(example), example]))(
    'runs the %s',
    async (_title, example) => {
      const { stdout } = await run('bash', ['-euo', 'pipefail', '-c', example.code], {
        env: { ...process.env, BASE: stack.url },
        timeout: 60_000,
      });
      expectNoErrorEnvelope(stdout);
    },
    90_000,
  );

  it('compiles every ts block it runs with the project’s strict settings', async () => {
    await expect(
      run(join(root, 'node_modules/.bin/tsc'), ['-p', join(scratch, 'tsconfig.json')], { cwd: root }),
    ).resolves.toBeDefined();
  }, 120_000);

  it.each(tsExamples.map((example) => [title(example), example]))(
    'runs the %s',
    async (_title, example) => {
      const { stdout } = await run(join(root, 'node_modules/.bin/tsx'), [fileOf(example)], {
        cwd: root,
        env: { ...process.env, BASE: stack.url },
        timeout: 60_000,
      });
      expectNoErrorEnvelope(stdout);
    },
    90_000,
  );
});
