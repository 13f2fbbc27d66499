import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  checkDocument,
  contractCitations,
  headingAnchors,
  type RepositoryView,
  repositoryView,
} from '../../../scripts/docs/doc-references';

const root = process.cwd();

/**
 * The repository's files: what git tracks or would track (untracked files not ignored), as they
 * exist in the working tree, plus the generated files `.gitignore` names one by one
 * (`docs/reference.html`, ...), which the docs may name.
 */
function repositoryFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\0')
    .filter((file) => file !== '' && existsSync(join(root, file)));
  const generated = readFileSync(join(root, '.gitignore'), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#') && !/[*?[\]!]/.test(line) && !line.endsWith('/'));
  return [...listed, ...generated];
}

const repository = repositoryView(repositoryFiles(), (file) => readFileSync(join(root, file), 'utf8'));

/** The README, the changelog and every markdown file under docs/. */
const documents = [...repository.files]
  .filter((file) => ['README.md', 'CHANGELOG.md'].includes(file) || /^docs\/.*\.md$/.test(file))
  .sort();

describe('references in the docs', () => {
  it('reads the README, the changelog, the decisions and the architecture pages', () => {
    expect(documents).toEqual(
      expect.arrayContaining([
        'README.md',
        'CHANGELOG.md',
        'docs/decisions.md',
        'docs/architecture/README.md',
        'docs/data-model.md',
      ]),
    );
  });

  it.each(documents)('%s: every relative link, anchor, repository path and outside link holds', (file) => {
    expect(checkDocument(file, repository.read(file), repository)).toEqual([]);
  });

  it.each(documents)('%s: cites no section of the contract, which is not in the repository', (file) => {
    expect(contractCitations(file, repository.read(file))).toEqual([]);
  });
});

describe('checkDocument', () => {
  const files: Record<string, string> = {
    'README.md': '# Project\n\n## Quick start\n',
    'docs/guide.md': '# Guide\n\n## Set-up: step 1\n\n## Set-up: step 1\n\n### `npm test` and §7\n',
    'docs/architecture/page.md': '# Page\n',
    'shared/db/keys.ts': 'one\ntwo\nthree\n',
    'shared/webhooks/outbox.ts': '',
    'shared/webhooks/fanout.ts': '',
    'functions/access/users-get.ts': '',
    'client/openapi-types.ts': '',
  };
  const planted: RepositoryView = repositoryView(Object.keys(files), (file) => files[file] ?? '');
  const problems = (text: string, file = 'docs/architecture/page.md') =>
    checkDocument(file, text, planted).map(({ line, reference, problem }) => ({ line, reference, problem }));

  it('accepts links, anchors, paths, lines, braces and patterns that hold', () => {
    const text = [
      '## References',
      'See [the guide](../guide.md#set-up-step-1), [again](../guide.md#set-up-step-1-1),',
      '[tests](../guide.md#npm-test-and-7), [the root](../../README.md#quick-start) and [here](#references).',
      'Keys are in `shared/db/keys.ts:3`, the outbox in `shared/webhooks/{outbox,fanout}.ts`, handlers in',
      '`functions/<domain>/<name>.ts`, all of `shared/webhooks/…`, the folder `shared/db/`, and prose',
      'names shared/db/keys.ts too. `npm run x -- functions/access/users-get.ts` is checked word by word.',
      'Generated: `client/openapi-types.ts`. Gone: ~~`shared/delivery/deliver.ts`~~. Local: http://127.0.0.1:3000/docs.',
      '```sh',
      'cat shared/missing/file.ts   # code blocks are examples, not references',
      '```',
      '<!-- shared/missing/comment.ts -->',
    ].join('\n');
    expect(problems(text)).toEqual([]);
  });

  it('reports a planted broken link, anchor, path, line, pattern, outside link and escape', () => {
    const text = [
      'A [broken link](../missing.md) and a [broken anchor](../guide.md#no-such-heading).',
      'A missing path `shared/db/missing.ts`, a line past the end `shared/db/keys.ts:40`,',
      'a brace with one missing `shared/webhooks/{outbox,missing}.ts`, a pattern `shared/<domain>/routes.ts`,',
      'a folder that is a file `shared/db/keys.ts/`, prose naming shared/db/gone.ts,',
      'the [contract](https://example.com/spec.md), and [outside](../../../shared/spec/addendum.md).',
    ].join('\n');
    expect(problems(text)).toEqual([
      { line: 2, reference: 'shared/db/missing.ts', problem: 'no such file or folder' },
      { line: 2, reference: 'shared/db/keys.ts:40', problem: 'line 40 is past the end (4 lines)' },
      {
        line: 3,
        reference: 'shared/webhooks/{outbox,missing}.ts',
        problem: 'shared/webhooks/missing.ts: no such file or folder',
      },
      { line: 3, reference: 'shared/<domain>/routes.ts', problem: 'a pattern that matches nothing' },
      { line: 4, reference: 'shared/db/keys.ts/', problem: 'no such folder' },
      { line: 1, reference: '../missing.md', problem: 'no such file or folder' },
      {
        line: 1,
        reference: '../guide.md#no-such-heading',
        problem: 'no heading with anchor #no-such-heading in docs/guide.md',
      },
      {
        line: 5,
        reference: 'https://example.com/spec.md',
        problem: expect.stringContaining('leads outside the repository') as unknown as string,
      },
      { line: 5, reference: '../../../shared/spec/addendum.md', problem: 'leaves the repository' },
      { line: 4, reference: 'shared/db/gone.ts', problem: 'no such file or folder' },
    ]);
  });

  it('reports a backticked path that leaves the repository', () => {
    expect(problems('The contract is `../shared/spec/collaboration-api.md`.', 'README.md')).toEqual([
      { line: 1, reference: '../shared/spec/collaboration-api.md', problem: 'leaves the repository' },
    ]);
  });
});

describe('headingAnchors', () => {
  it('follows GitHub: lower case, punctuation dropped, spaces to hyphens, repeats numbered', () => {
    const anchors = headingAnchors(
      '# A: B\n## A: B\n### 33. Realtime: y-websocket (issue 14)\n## `code` & **bold** §1 — x\n```\n# not a heading\n```\n',
    );
    expect([...anchors]).toEqual(['a-b', 'a-b-1', '33-realtime-y-websocket-issue-14', 'code--bold-1--x']);
  });
});

describe('contractCitations', () => {
  it('finds the contract cited by section in prose, not in code', () => {
    const text = 'Per addendum §9, base rule 5 and base #16; `addendum §1` in code is not prose.';
    expect(contractCitations('docs/x.md', text).map(({ reference }) => reference)).toEqual([
      'addendum §9',
      'base rule 5',
      'base #16',
    ]);
  });
});
