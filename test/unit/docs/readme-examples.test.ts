import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { examplesOf } from '../../support/readme-examples';

/** How the README examples test reads a markdown file's code blocks (test/support/readme-examples.ts). */
const markdown = (text: string) => {
  const file = join(mkdtempSync(join(tmpdir(), 'examples-')), 'README.md');
  writeFileSync(file, text);
  return file;
};

describe('examplesOf', () => {
  it('reads fenced blocks with their language, line and reason not to run', () => {
    const file = markdown(
      [
        '# T',
        '```sh',
        'echo one',
        '```',
        '<!-- not run: deploys to AWS -->',
        '```sh',
        'cdk deploy',
        '```',
        '```',
        'plain',
        '```',
      ].join('\n'),
    );
    expect(examplesOf(file)).toEqual([
      { language: 'sh', line: 2, code: 'echo one' },
      { language: 'sh', line: 6, code: 'cdk deploy', notRun: 'deploys to AWS' },
    ]);
  });

  it('dedents a block inside a list item and joins a continued block to the last one of its language', () => {
    const file = markdown(
      [
        '```ts',
        'const a = 1;',
        '```',
        '```sh',
        'true',
        '```',
        '1. Step',
        '   <!-- continues the block above -->',
        '   ```ts',
        '   console.log(a);',
        '   ```',
      ].join('\n'),
    );
    expect(examplesOf(file).at(-1)).toEqual({
      language: 'ts',
      line: 9,
      code: 'const a = 1;\nconsole.log(a);',
    });
  });

  it('refuses an unclosed block and a continuation of nothing', () => {
    expect(() => examplesOf(markdown('```sh\necho'))).toThrow('unclosed code block');
    expect(() => examplesOf(markdown('<!-- continues the block above -->\n```ts\nx\n```'))).toThrow(
      'continues no block',
    );
  });
});
