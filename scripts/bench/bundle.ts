import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type BuildOptions, build } from 'esbuild';
import { functionExternalModules } from '../../lib/service-function';
import { handlerFile, type RouteDefinition } from '../../shared/api/routes';
import { percentile } from './measure';

/** What one Lambda bundle weighs and how long Node takes to import it. */
export interface BundleMeasurement {
  sizeKiB: number;
  /** Median `import()` time in a fresh Node process (including any external package it loads). */
  loadMs: number;
  error?: string;
}

/** Bundle measurements per route name, and of a module that only imports the SDK packages. */
export interface BundleReport {
  routes: Map<string, BundleMeasurement>;
  sdkOnly: BundleMeasurement;
  /** The same module with `@aws-sdk/*` left external (the runtime's copy): the comparison of decisions §39. */
  sdkOnlyExternal: BundleMeasurement;
}

/** The banner the CDK stack puts on every function, so bundled CommonJS can `require`. */
const banner = "import { createRequire } from 'module'; const require = createRequire(import.meta.url);";

/** The SDK parts every handler uses (the DynamoDB document client): the load-time floor every function pays. */
const sdkOnlySource =
  "export { DynamoDBClient } from '@aws-sdk/client-dynamodb'; export { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';";

/** Imports the bundle given as the first argument and prints how long that took. */
const loadScript =
  'const t = performance.now(); await import(process.argv[1]); console.log(performance.now() - t);';

interface Entry {
  name: string;
  outfile: string;
  result: BundleMeasurement;
  times: number[];
}

/**
 * Bundles every route's handler like the CDK stack does (esbuild, minified ESM for node22, the stack's
 * external modules: none, so the SDK is inside), then times a cold `import()` of each in `loadRuns` fresh Node processes, round-robin so
 * background noise spreads evenly, after one unmeasured load that warms the file cache. Bundles live
 * under `<root>/node_modules/.cache/bench` so the external SDK resolves from the project's node_modules;
 * the folder is removed afterwards.
 */
export async function measureBundles(
  root: string,
  list: readonly RouteDefinition[],
  loadRuns: number,
): Promise<BundleReport> {
  const cacheRoot = join(root, 'node_modules', '.cache', 'bench');
  mkdirSync(cacheRoot, { recursive: true });
  const dir = mkdtempSync(join(cacheRoot, 'run-'));
  try {
    const bundle = async (name: string, entry: BuildOptions): Promise<Entry> => {
      const outfile = join(dir, `${name}.mjs`);
      return { name, outfile, result: await bundleOne(outfile, entry), times: [] };
    };
    const routeEntries: Entry[] = [];
    for (const route of list) {
      routeEntries.push(await bundle(route.name, { entryPoints: [resolve(root, handlerFile(route))] }));
    }
    const sdkOnly = await bundle('sdk-only', { stdin: { contents: sdkOnlySource, resolveDir: root } });
    const sdkOnlyExternal = await bundle('sdk-only-external', {
      stdin: { contents: sdkOnlySource, resolveDir: root },
      external: ['@aws-sdk/*'],
    });
    const loadable = [sdkOnly, sdkOnlyExternal, ...routeEntries].filter((entry) => !entry.result.error);
    if (loadable[0]) loadOnce(root, loadable[0]);
    for (let run = 0; run < loadRuns; run += 1) {
      for (const entry of loadable) if (!entry.result.error) entry.times.push(loadOnce(root, entry));
    }
    const finish = (entry: Entry): BundleMeasurement =>
      entry.result.error ? entry.result : { ...entry.result, loadMs: percentile(entry.times, 50) };
    return {
      routes: new Map(routeEntries.map((entry) => [entry.name, finish(entry)])),
      sdkOnly: finish(sdkOnly),
      sdkOnlyExternal: finish(sdkOnlyExternal),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function bundleOne(outfile: string, entry: BuildOptions): Promise<BundleMeasurement> {
  try {
    await build({
      external: functionExternalModules,
      ...entry,
      outfile,
      bundle: true,
      minify: true,
      platform: 'node',
      format: 'esm',
      target: 'node22',
      mainFields: ['module', 'main'],
      banner: { js: banner },
      logLevel: 'silent',
    });
  } catch (error) {
    return { sizeKiB: Number.NaN, loadMs: Number.NaN, error: `bundle failed: ${String(error)}` };
  }
  return { sizeKiB: statSync(outfile).size / 1024, loadMs: Number.NaN };
}

/** One fresh-process import of the entry's bundle, in ms; a failure is recorded on the entry. */
function loadOnce(root: string, entry: Entry): number {
  const child = spawnSync(
    process.execPath,
    ['--input-type=module', '-e', loadScript, pathToFileURL(entry.outfile).href],
    { cwd: root, encoding: 'utf8', env: process.env },
  );
  if (child.status !== 0) {
    entry.result = { ...entry.result, error: `load failed: ${child.stderr.trim().slice(0, 300)}` };
    return Number.NaN;
  }
  // The last line is ours; anything a module prints while loading comes before it.
  return Number(child.stdout.trim().split('\n').at(-1));
}
