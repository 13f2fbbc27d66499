import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { BundleMeasurement } from './bundle';
import type { LatencyStats, LoadPlan, RouteMeasurement } from './measure';

/** One row of the report: a route with its HTTP and bundle measurements (either may be missing). */
export interface RouteResult {
  route: string;
  path: string;
  /** Endpoint p50 divided by the raw GetItem p50. */
  ratioToGetItem?: number;
  http?: RouteMeasurement;
  bundle?: BundleMeasurement;
  /** Why a part is missing, e.g. 'no scenario'. */
  warning?: string;
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
  routes: RouteResult[];
}

const fixed = (value: number | undefined, digits: number) =>
  value === undefined || Number.isNaN(value) ? '-' : value.toFixed(digits);

const columns: { title: string; cell: (row: RouteResult) => string; left?: boolean }[] = [
  { title: 'route', cell: (row) => row.route, left: true },
  { title: 'p50 ms', cell: (row) => fixed(row.http?.p50, 2) },
  { title: 'p99 ms', cell: (row) => fixed(row.http?.p99, 2) },
  { title: 'x GetItem', cell: (row) => fixed(row.ratioToGetItem, 1) },
  { title: 'db calls', cell: (row) => fixed(row.http?.dbCalls, 0) },
  { title: 'CU', cell: (row) => fixed(row.http?.capacityUnits, 1) },
  { title: 'commands', cell: (row) => row.http?.commands ?? row.warning ?? '-', left: true },
  { title: 'errors', cell: (row) => (row.http ? String(row.http.errors) : '-') },
  { title: 'KiB', cell: (row) => fixed(row.bundle?.sizeKiB, 1) },
  { title: 'load ms', cell: (row) => fixed(row.bundle?.loadMs, 1) },
];

/** Renders the results as a fixed-width table with footnotes. */
export function formatTable(results: BenchResults): string {
  const floorRow: RouteResult = {
    route: 'raw GetItem (floor)',
    path: '',
    ratioToGetItem: 1,
    http: { ...results.floor, dbCalls: 1, capacityUnits: Number.NaN, commands: 'GetItem' },
  };
  const sdkRow: RouteResult = { route: 'SDK imports only (floor)', path: '', bundle: results.sdkOnly };
  const rows = [floorRow, sdkRow, ...results.routes];
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
  const notes = [
    'Floors: one raw GetItem through the plain SDK client; a bundle that only imports the SDK packages.',
    `${plan.requests} sequential requests per route after ${plan.warmup} warm-up, ${results.node}, ${results.timestamp}.`,
    'Latency is client-observed over HTTP (dev server + DynamoDB Local on this machine); p50/p99 of HTTP 200s only.',
    'db calls, CU (consumed capacity units) and commands come from the x-db-* headers (median; most frequent list).',
    '  CU is as DynamoDB Local reports it: a TransactWriteItems counts as one item written twice (2 CU for 1 to 25',
    '  small items), while AWS bills 2 WCU per item, so transactional routes cost more on AWS than shown.',
    `KiB: esbuild bundle (minified ESM, @aws-sdk/* external). load ms: median of ${results.loadRuns} fresh-process`,
    '  import() of the bundle; it includes loading the external @aws-sdk/* packages from node_modules.',
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
