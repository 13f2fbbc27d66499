import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type BuildOptions, build } from 'esbuild';
import { functionDefines, functionExternalModules } from '../../lib/service-function';
import { stackContextSchema } from '../../lib/stack-context';
import { handlerFile, type RouteDefinition } from '../../shared/api/routes';
import { type Baseline, deriveBaseline } from './baseline-bundle';
import { percentile } from './measure';

/** What one Lambda bundle weighs and how long Node takes to import it. */
export interface BundleMeasurement {
  sizeKiB: number;
  /** Median `import()` time in a fresh Node process (including any external package it loads). */
  loadMs: number;
  error?: string;
}

/**
 * A function's bundle, and its baseline's (baseline-bundle.ts): a module importing only the AWS SDK
 * clients and middleware the function holds, each as the function imports it (at load or on first
 * use), bundled and loaded the same way.
 */
export interface FunctionBundleMeasurement extends BundleMeasurement {
  baseline: BundleMeasurement & Pick<Baseline, 'packages' | 'firstUsePackages'>;
  /** `loadMs / baseline.loadMs`: what the project's own code adds to the function's module load. */
  loadRatio: number;
}

/** Bundle measurements per route name, and of a module that only imports the SDK packages. */
export interface BundleReport {
  routes: Map<string, FunctionBundleMeasurement>;
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
 * The stack's bundling (lib/service-function.ts), for functions and baselines alike, as a deployment
 * with the default settings bundles them (its embedder).
 */
export const functionBuildSettings: BuildOptions = {
  external: functionExternalModules,
  define: functionDefines({ EMBEDDER: stackContextSchema.parse({}).embedder }),
  bundle: true,
  minify: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  mainFields: ['module', 'main'],
  banner: { js: banner },
  logLevel: 'silent',
};

/** Loads each group's entries once, the order within a group alternating by run. */
function loadRound(root: string, groups: readonly Entry[][], run: number) {
  for (const group of groups) {
    for (const entry of run % 2 === 0 ? group : [...group].reverse()) {
      if (!entry.result.error) entry.times.push(loadOnce(root, entry));
    }
  }
}

/**
 * Bundles every route's handler like the CDK stack does (esbuild, minified ESM for node22, the stack's
 * external modules: none, so the SDK is inside), and its baseline the same way, then times a cold
 * `import()` of each in `loadRuns` fresh Node processes, round-robin so background noise spreads
 * evenly — a function and its baseline one right after the other, so both meet the same load —
 * after one unmeasured load that warms the file cache. Bundles live under
 * `<root>/node_modules/.cache/bench` so the external SDK resolves from the project's node_modules;
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
    const routeEntries: {
      route: RouteDefinition;
      fn: Entry;
      baseline: Entry;
      packages: Pick<Baseline, 'packages' | 'firstUsePackages'>;
    }[] = [];
    // Functions with the same baseline source share its bundle (each is still loaded beside its function).
    const baselineFiles = new Map<string, Promise<Entry>>();
    for (const route of list) {
      const entryPoint = handlerFile(route);
      const fn = await bundle(route.name, { entryPoints: [resolve(root, entryPoint)] });
      const { source, ...packages } = await deriveBaseline(root, entryPoint, functionBuildSettings);
      let shared = baselineFiles.get(source);
      if (!shared) {
        shared = bundle(`baseline-${baselineFiles.size}`, { stdin: { contents: source, resolveDir: root } });
        baselineFiles.set(source, shared);
      }
      const { outfile, result } = await shared;
      routeEntries.push({
        route,
        fn,
        baseline: { name: `${route.name} baseline`, outfile, result, times: [] },
        packages,
      });
    }
    const sdkOnly = await bundle('sdk-only', { stdin: { contents: sdkOnlySource, resolveDir: root } });
    const sdkOnlyExternal = await bundle('sdk-only-external', {
      stdin: { contents: sdkOnlySource, resolveDir: root },
      external: ['@aws-sdk/*'],
    });
    const groups = [[sdkOnly], [sdkOnlyExternal], ...routeEntries.map(({ fn, baseline }) => [fn, baseline])];
    const first = groups.flat().find((entry) => !entry.result.error);
    if (first) loadOnce(root, first);
    for (let run = 0; run < loadRuns; run += 1) loadRound(root, groups, run);
    const finish = (entry: Entry): BundleMeasurement =>
      entry.result.error ? entry.result : { ...entry.result, loadMs: percentile(entry.times, 50) };
    return {
      routes: new Map(
        routeEntries.map(({ route, fn, baseline, packages }) => {
          const measured = finish(fn);
          const base = finish(baseline);
          return [
            route.name,
            { ...measured, baseline: { ...base, ...packages }, loadRatio: measured.loadMs / base.loadMs },
          ];
        }),
      ),
      sdkOnly: finish(sdkOnly),
      sdkOnlyExternal: finish(sdkOnlyExternal),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function bundleOne(outfile: string, entry: BuildOptions): Promise<BundleMeasurement> {
  try {
    await build({ ...functionBuildSettings, ...entry, outfile });
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
