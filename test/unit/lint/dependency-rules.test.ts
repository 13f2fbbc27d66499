import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(__dirname, '../../..');

interface Violation {
  readonly from: string;
  readonly to: string;
  readonly rule: { readonly name: string };
}

/**
 * Runs `npm run lint`'s dependency-cruiser configuration over a copy of shared/ with `planted` files
 * added (path → source), and returns the violations it reports.
 */
function violationsWith(planted: Record<string, string>): Violation[] {
  const copy = mkdtempSync(join(tmpdir(), 'dependency-rules-'));
  try {
    cpSync(join(root, 'shared'), join(copy, 'shared'), { recursive: true });
    for (const file of ['.dependency-cruiser.cjs', 'tsconfig.json'])
      cpSync(join(root, file), join(copy, file));
    symlinkSync(join(root, 'node_modules'), join(copy, 'node_modules'), 'dir');
    for (const [path, source] of Object.entries(planted)) writeFileSync(join(copy, path), source);
    const run = spawnSync(
      join(root, 'node_modules/.bin/depcruise'),
      ['--config', '.dependency-cruiser.cjs', '--output-type', 'json', 'shared'],
      { cwd: copy, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
    );
    if (!run.stdout) throw new Error(`dependency-cruiser printed nothing: ${run.stderr}`);
    return JSON.parse(run.stdout).summary.violations;
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

describe('npm run lint: import direction', () => {
  it('refuses a domain that imports one importing it back, and a platform folder that imports a domain, and nothing else in shared/', () => {
    const violations = violationsWith({
      // activities' writes carry judgments (activities → memory); memory reading activities closes a cycle.
      'shared/memory/planted.ts':
        "import type { Activity } from '../activities/schemas';\nexport type Planted = Activity;\n",
      // The plugin contracts lie below every domain (settings imports none of them: no cycle here).
      'shared/plugins/planted.ts':
        "import type * as settings from '../settings/schemas';\nexport type Planted = typeof settings;\n",
    });
    const found = violations.map(({ rule, from, to }) => `${rule.name}: ${from} → ${to}`).sort();
    expect(found).toEqual([
      'layer-plugins: shared/plugins/planted.ts → shared/settings/schemas.ts',
      'no-domain-cycle: shared/activities → shared/memory',
      'no-domain-cycle: shared/memory → shared/activities',
    ]);
  });
});
