import { execFile } from 'node:child_process';
import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { LocalStack } from '../../scripts/local/stack';
import { projectRoot } from '../support/cdk-app';
import { startLocalStackOnRunDynamo } from '../support/local-stack';

/**
 * What users install: packages/client packed (`npm pack` builds it), installed from the tarball
 * into a scratch project with npm's cache only, then used there as a TypeScript project compiled
 * strictly (NodeNext, exactOptionalPropertyTypes, the declarations checked) and as plain
 * JavaScript, both run with `node` against the local stack (test/fixtures/client-consumer).
 */
const run = promisify(execFile);
const packageFolder = join(projectRoot, 'packages/client');
const fixtures = join(projectRoot, 'test/fixtures/client-consumer');

/** The consumer's own dependencies (not the package's: it has none). */
const consumerDependencies = ['yjs', 'y-websocket', 'ws', '@types/ws', '@types/node'];

/** The environment without the `npm_*` settings of an enclosing `npm test`, which would steer the child npm. */
const cleanEnv = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)));

const npm = (args: string[], cwd: string) =>
  run('npm', [...args, '--no-audit', '--no-fund'], { cwd, env: cleanEnv, maxBuffer: 16 * 1024 * 1024 });

interface PackedFile {
  path: string;
}

/**
 * `names` with their dependencies, at the versions of the repository's lock file, as registry
 * tarball URLs: npm's cache holds those since the repository's own install, so `--offline` finds
 * them without the registry's metadata.
 */
async function tarballUrls(names: string[]): Promise<string[]> {
  const lock = JSON.parse(await readFile(join(projectRoot, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { version: string; dependencies?: Record<string, string> }>;
  };
  const { stdout: registry } = await npm(['config', 'get', 'registry'], projectRoot);
  const found = new Map<string, string>();
  const visit = (name: string) => {
    const entry = lock.packages[`node_modules/${name}`];
    if (!entry) throw new Error(`${name} is not in the lock file.`);
    if (found.has(name)) return;
    found.set(name, entry.version);
    for (const dependency of Object.keys(entry.dependencies ?? {})) visit(dependency);
  };
  for (const name of names) visit(name);
  const base = registry.trim().replace(/\/$/, '');
  return [...found].map(
    ([name, version]) => `${name}@${base}/${name}/-/${name.split('/').pop()}-${version}.tgz`,
  );
}

let stack: LocalStack;
let scratch: string;
let packedFiles: string[];
let installedAlone: string[];
let compiled: Promise<unknown> | undefined;

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'client-package-'));
  const packed = await npm(['pack', '--json', '--pack-destination', scratch], packageFolder);
  const [tarball] = JSON.parse(packed.stdout.slice(packed.stdout.indexOf('['))) as {
    filename: string;
    files: PackedFile[];
  }[];
  if (!tarball) throw new Error(`npm pack printed no tarball: ${packed.stdout}`);
  packedFiles = tarball.files.map((file) => file.path).sort();

  await writeFile(
    join(scratch, 'package.json'),
    JSON.stringify({ name: 'consumer', private: true, type: 'module' }),
  );
  await npm(['install', '--offline', join(scratch, tarball.filename)], scratch);
  const lock = JSON.parse(await readFile(join(scratch, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, unknown>;
  };
  installedAlone = Object.keys(lock.packages).filter(Boolean);
  await npm(['install', '--offline', ...(await tarballUrls(consumerDependencies))], scratch);
  for (const file of ['consumer.ts', 'consumer.mjs', 'tsconfig.json']) {
    await copyFile(join(fixtures, file), join(scratch, file));
  }
  stack = await startLocalStackOnRunDynamo();
}, 300_000);

afterAll(async () => {
  await stack?.stop();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

/** Kills a child that outlives its test (a consumer that never exits), so none is left behind. */
const childTimeoutMs = 110_000;

/** Compiles the TypeScript consumer once, with the repository's TypeScript. */
const compileConsumer = () => {
  compiled ??= run(process.execPath, [join(projectRoot, 'node_modules/typescript/bin/tsc'), '-p', scratch], {
    timeout: childTimeoutMs,
  }).catch((error: { stdout?: string }) => {
    throw new Error(`tsc failed:\n${error.stdout}`);
  });
  return compiled;
};

/** Runs `file` of the scratch project with plain `node` against the local stack; its last line, parsed. */
async function runConsumer(file: string): Promise<Record<string, unknown>> {
  const { stdout } = await run(process.execPath, [file], {
    cwd: scratch,
    env: { ...cleanEnv, COLLAB_URL: stack.url },
    timeout: childTimeoutMs,
  });
  return JSON.parse(stdout.trim().split('\n').pop() ?? '');
}

describe('the packed client package', () => {
  it('holds built JavaScript, declarations and its README, and installs with no dependencies of its own', () => {
    expect(packedFiles).toEqual(expect.arrayContaining(['package.json', 'dist/index.js', 'dist/index.d.ts']));
    expect(packedFiles).toEqual(
      expect.arrayContaining(['dist/realtime-websocket.js', 'dist/realtime-websocket.d.ts']),
    );
    const others = packedFiles.filter((file) => !/^dist\/.+\.(js|d\.ts)$/.test(file));
    expect(others).toEqual(['README.md', 'package.json']);
    expect(installedAlone).toEqual(['node_modules/collab-backend-client']);
  });

  it('compiles in a strict NodeNext project with exactOptionalPropertyTypes, its declarations checked', async () => {
    await expect(compileConsumer()).resolves.toBeDefined();
  }, 120_000);

  it('runs the compiled consumer with node: comments through the HTTP client, a typo refused, realtime synced', async () => {
    await compileConsumer();
    expect(await runConsumer('dist/consumer.js')).toEqual({
      comments: [['Looks good']],
      typo: 'INVALID_ARGUMENT',
      synced: 'Hello from the package',
    });
  }, 240_000);

  it('runs a plain JavaScript consumer with node', async () => {
    expect(await runConsumer('consumer.mjs')).toEqual({
      comments: [['Plain']],
      failure: { status: 'NOT_FOUND', httpStatus: 404 },
      realtimeOpen: 1,
    });
  }, 120_000);
});
