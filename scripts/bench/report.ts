import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { BundleMeasurement, FunctionBundleMeasurement } from './bundle';
import { type LatencyStats, type LoadPlan, percentile, type RouteMeasurement } from './measure';

/**
 * One row of the report: a route with its HTTP and bundle measurements (either may be missing), the
 * headline figures flat (issue 17), the details under `http` and `bundle`.
 */
export interface RouteResult {
  route: string;
  path: string;
  p50Ms?: number;
  p99Ms?: number;
  /** The route's own DynamoDB calls replayed through a bare client, plus a bare HTTP round trip. */
  replayFloorP50Ms?: number;
  /** `p50Ms / replayFloorP50Ms`. */
  overheadRatio?: number;
  /** Measured DynamoDB round trips on the critical path (median). */
  serialRoundTrips?: number;
  /** The minimum docs/data-model.md states for the route (`criticalPathTable`). */
  minimumSerialRoundTrips?: number;
  dbCalls?: number;
  bundleKiB?: number;
  loadMs?: number;
  /** Module load of the function's baseline: only the AWS SDK clients and middleware it imports (baseline-bundle.ts). */
  baselineLoadMs?: number;
  /** `loadMs / baselineLoadMs`. */
  loadRatio?: number;
  /** Endpoint p50 divided by the raw GetItem p50. */
  ratioToGetItem?: number;
  http?: RouteMeasurement;
  bundle?: BundleMeasurement | FunctionBundleMeasurement;
  /** Why a part is missing, e.g. 'no scenario'. */
  warning?: string;
}

/** A row with its headline figures copied up from the measurements. */
export function routeResult(
  row: Pick<RouteResult, 'route' | 'path' | 'http' | 'bundle' | 'warning'>,
): RouteResult {
  const { http, bundle } = row;
  return {
    ...row,
    ...(http && {
      p50Ms: http.p50,
      p99Ms: http.p99,
      replayFloorP50Ms: http.replayFloorP50Ms,
      overheadRatio: http.overheadRatio,
      serialRoundTrips: http.serialRoundTrips,
      dbCalls: http.dbCalls,
    }),
    ...(bundle && { bundleKiB: bundle.sizeKiB, loadMs: bundle.loadMs }),
    ...(bundle &&
      'baseline' in bundle && { baselineLoadMs: bundle.baseline.loadMs, loadRatio: bundle.loadRatio }),
  };
}

/** Median and maximum of a figure over the rows that have it (NaN when none has). */
export function spread(rows: readonly RouteResult[], figure: (row: RouteResult) => number | undefined) {
  const values = rows
    .map(figure)
    .filter((value): value is number => value !== undefined && !Number.isNaN(value));
  return { median: percentile(values, 50), max: values.length > 0 ? Math.max(...values) : Number.NaN };
}

/** Everything one `npm run bench` measured; what `bench/results.json` holds. */
export interface BenchResults {
  timestamp: string;
  node: string;
  plan: LoadPlan;
  loadRuns: number;
  floor: LatencyStats & { errors: number; operation: string };
  /** Bundle and load time of a module that only imports the SDK packages the handlers use. */
  sdkOnly: BundleMeasurement;
  /** The same with the SDK left to the runtime's copy (`@aws-sdk/*` external). */
  sdkOnlyExternal: BundleMeasurement;
  /** Over the measured rows: median and max of `overheadRatio`; over the functions, of `loadMs` and `loadRatio`. */
  summary: {
    overheadRatio: { median: number; max: number };
    loadMs: { median: number; max: number };
    loadRatio: { median: number; max: number };
  };
  routes: RouteResult[];
}

const fixed = (value: number | undefined, digits: number) =>
  value === undefined || Number.isNaN(value) ? '-' : value.toFixed(digits);

const columns: { title: string; cell: (row: RouteResult) => string; left?: boolean }[] = [
  { title: 'route', cell: (row) => row.route, left: true },
  { title: 'p50 ms', cell: (row) => fixed(row.p50Ms, 2) },
  { title: 'p99 ms', cell: (row) => fixed(row.p99Ms, 2) },
  { title: 'floor ms', cell: (row) => fixed(row.replayFloorP50Ms, 2) },
  { title: 'overhead', cell: (row) => fixed(row.overheadRatio, 2) },
  { title: 'x GetItem', cell: (row) => fixed(row.ratioToGetItem, 1) },
  { title: 'db calls', cell: (row) => fixed(row.dbCalls, 0) },
  { title: 'serial', cell: (row) => fixed(row.serialRoundTrips, 0) },
  { title: 'min serial', cell: (row) => fixed(row.minimumSerialRoundTrips, 0) },
  { title: 'CU', cell: (row) => fixed(row.http?.capacityUnits, 1) },
  { title: 'commands', cell: commandsCell, left: true },
  { title: 'errors', cell: (row) => (row.http ? String(row.http.errors) : '-') },
  { title: 'KiB', cell: (row) => fixed(row.bundleKiB, 1) },
  { title: 'load ms', cell: (row) => fixed(row.loadMs, 1) },
  { title: 'base ms', cell: (row) => fixed(row.baselineLoadMs, 1) },
  { title: 'load x', cell: (row) => fixed(row.loadRatio, 2) },
];

/** The DynamoDB commands of the row, then its calls to other services (`+ SendMessage`). */
function commandsCell(row: RouteResult): string {
  if (!row.http) return row.warning ?? '-';
  return row.http.otherCommands ? `${row.http.commands} + ${row.http.otherCommands}` : row.http.commands;
}

/** The rows whose replays DynamoDB refused calls of, with the count, or `none`. */
function refusedReplays(rows: readonly RouteResult[]): string {
  const refused = rows.filter((row) => (row.http?.replayRefusedCalls ?? 0) > 0);
  return refused.length === 0
    ? 'none'
    : refused.map((row) => `${row.route} ${row.http?.replayRefusedCalls}`).join(', ');
}

/** Renders the results as a fixed-width table with footnotes. */
export function formatTable(results: BenchResults): string {
  const floorRow: RouteResult = {
    route: 'raw GetItem (floor)',
    path: '',
    ratioToGetItem: 1,
    p50Ms: results.floor.p50,
    p99Ms: results.floor.p99,
    dbCalls: 1,
  };
  const sdkRow = routeResult({ route: 'SDK imports only (floor)', path: '', bundle: results.sdkOnly });
  const sdkExternalRow = routeResult({
    route: 'SDK imports only, runtime copy',
    path: '',
    bundle: results.sdkOnlyExternal,
  });
  const rows = [floorRow, sdkRow, sdkExternalRow, ...results.routes];
  const cells = rows.map((row) => columns.map((column) => column.cell(row)));
  const widths = columns.map((column, index) =>
    Math.max(column.title.length, ...cells.map((row) => row[index]!.length)),
  );
  const line = (values: string[]) =>
    values
      .map((value, index) =>
        columns[index]!.left ? value.padEnd(widths[index]!) : value.padStart(widths[index]!),
      )
      .join('  ')
      .trimEnd();
  const { plan } = results;
  const { overheadRatio, loadMs, loadRatio } = results.summary;
  const notes = [
    `overhead (p50 / floor): median ${fixed(overheadRatio.median, 2)}, max ${fixed(overheadRatio.max, 2)} (goal: median <= 1.2, each <= 1.6).`,
    `load x (load ms / base ms): median ${fixed(loadRatio.median, 2)}, max ${fixed(loadRatio.max, 2)} (goal: median <= 1.3, each <= 1.6); load ms: median ${fixed(loadMs.median, 1)}, max ${fixed(loadMs.max, 1)}.`,
    "floor ms: the route's own calls replayed — DynamoDB through a bare document client, SQS sends to a twin of",
    "  their queue, realtime posts and closes on sockets of the bench's own (calls in flight together replayed together;",
    '  decisions §66) — plus a bare HTTP POST of the same request and response size to a do-nothing server (p50 + p50).',
    '  Each item a request wrote starts its replay from its state before the request where the trace shows it',
    `  (decisions §44); replayed calls refused: ${refusedReplays(results.routes)}.`,
    'commands: the DynamoDB commands, then (after +) the calls to other services the floor replays.',
    'serial: DynamoDB round trips on the critical path (median); min serial: the minimum docs/data-model.md states.',
    'Floors: one raw GetItem through the plain SDK client; a bundle that only imports the SDK packages (bundled as',
    '  the stack does, and left external as the runtime copy would be: decisions §39).',
    `${plan.requests} sequential requests per route after ${plan.warmup} warm-up, ${results.node}, ${results.timestamp}.`,
    'Latency is client-observed over HTTP (dev server + DynamoDB Local on this machine); p50/p99 of HTTP 200s only.',
    'db calls, CU (consumed capacity units) and commands come from the x-db-* headers (median; most frequent list).',
    '  CU is as DynamoDB Local reports it: a TransactWriteItems counts as one item written twice (2 CU for 1 to 25',
    '  small items), while AWS bills 2 WCU per item, so transactional routes cost more on AWS than shown.',
    `KiB: esbuild bundle as the stack builds it (minified ESM, the AWS SDK inside). load ms: median of ${results.loadRuns}`,
    '  fresh-process import() of the bundle. base ms: the same for its baseline, a bundle of only the AWS SDK clients and',
    '  middleware the function imports at load (derived from esbuild, decisions §66), loaded right beside it.',
  ];
  const warnings = results.routes.flatMap((row) => [
    ...(row.warning ? [`WARNING ${row.route}: ${row.warning}`] : []),
    ...(row.http?.firstError ? [`${row.route} first error: ${row.http.firstError}`] : []),
    ...(row.bundle?.error ? [`${row.route} ${row.bundle.error}`] : []),
  ]);
  return [
    line(columns.map((column) => column.title)),
    line(widths.map((width) => '-'.repeat(width))),
    ...cells.map(line),
    '',
    ...notes,
    ...(warnings.length > 0 ? ['', ...warnings] : []),
  ].join('\n');
}

const roundFractions = (_key: string, value: unknown) =>
  typeof value === 'number' && !Number.isInteger(value) ? Math.round(value * 1000) / 1000 : value;

/** Writes the results as pretty JSON (fractions to 3 decimals, NaN as null), creating the folder. */
export function writeResults(file: string, results: object): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(results, roundFractions, 2)}\n`);
}

/**
 * The minimum serial round trips per route, from the table under `## Critical paths` in
 * docs/data-model.md (`| route | minimum | ... |`), so the documented budget is stated once.
 */
export function documentedMinimumRoundTrips(dataModelFile: string): ReadonlyMap<string, number> {
  const text = readFileSync(dataModelFile, 'utf8');
  const section = text.split(/^## Critical paths/m)[1]?.split(/^## /m)[0] ?? '';
  const minimums = new Map<string, number>();
  for (const match of section.matchAll(/^\| `([a-z.]+)` \| (\d+) \|/gm)) {
    minimums.set(match[1]!, Number(match[2]));
  }
  return minimums;
}
