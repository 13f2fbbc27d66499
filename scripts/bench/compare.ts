import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { percentile } from './measure';
import type { BenchResults, RouteResult } from './report';

/**
 * `npm run bench:compare -- <base.json> [<head.json>]` (head defaults to bench/results.json): route by
 * route, what a change did to the bench's figures. DynamoDB calls and serial round trips are
 * counted, so any increase is a regression and the command exits 1. Latency is measured, so it is
 * compared as the overhead over the route's own replay floor (p50 / floor, measured in the same run,
 * which cancels most of the machine's load) and flagged only past `--tolerance` (default 1.25×);
 * with a few requests per route a single flag is a place to look, the medians are the verdict. Module
 * load likewise: `load/base×` compares each function's load over its baseline (measured beside it).
 */

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { tolerance: { type: 'string', default: '1.25' } },
});
const [baseFile, headFile = 'bench/results.json'] = positionals;
if (!baseFile)
  throw new Error('usage: npm run bench:compare -- <base.json> [<head.json>] [--tolerance 1.25]');
const tolerance = Number(values.tolerance);

const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as BenchResults;
const base = new Map(read(baseFile).routes.map((row) => [row.route, row]));
const head = read(headFile).routes;

const ratio = (after: number | undefined, before: number | undefined) =>
  after === undefined || before === undefined || before === 0 ? undefined : after / before;
const shown = (value: number | undefined, digits = 2) => (value === undefined ? '-' : value.toFixed(digits));
const counted = (row: RouteResult | undefined) => `${row?.dbCalls ?? '-'}/${row?.serialRoundTrips ?? '-'}`;

interface Comparison {
  route: string;
  calls: string;
  moreCalls: boolean;
  overhead: number | undefined;
  p50: number | undefined;
  loadMs: number | undefined;
  loadRatio: number | undefined;
  kiB: number | undefined;
}

const comparisons: Comparison[] = head.map((after) => {
  const before = base.get(after.route);
  return {
    route: after.route,
    calls: `${counted(before)} → ${counted(after)}`,
    moreCalls:
      before !== undefined &&
      ((after.dbCalls ?? 0) > (before.dbCalls ?? 0) ||
        (after.serialRoundTrips ?? 0) > (before.serialRoundTrips ?? 0)),
    overhead: ratio(after.overheadRatio, before?.overheadRatio),
    p50: ratio(after.p50Ms, before?.p50Ms),
    loadMs: ratio(after.loadMs, before?.loadMs),
    loadRatio: ratio(after.loadRatio, before?.loadRatio),
    kiB:
      after.bundleKiB !== undefined && before?.bundleKiB !== undefined
        ? after.bundleKiB - before.bundleKiB
        : undefined,
  };
});

const width = Math.max(...comparisons.map((row) => row.route.length));
console.log(
  `${'route'.padEnd(width)}  calls/serial before → after  overhead×  p50×  load×  load/base×  KiB±  flag`,
);
for (const row of comparisons) {
  const flags = [
    ...(row.moreCalls ? ['MORE CALLS'] : []),
    ...((row.overhead ?? 0) > tolerance ? ['slower?'] : []),
  ];
  console.log(
    [
      row.route.padEnd(width),
      row.calls.padStart(28),
      shown(row.overhead).padStart(9),
      shown(row.p50).padStart(5),
      shown(row.loadMs).padStart(6),
      shown(row.loadRatio).padStart(10),
      shown(row.kiB, 1).padStart(5),
      flags.join(' '),
    ].join('  '),
  );
}

const median = (figure: (row: Comparison) => number | undefined) =>
  percentile(
    comparisons.map(figure).filter((value): value is number => value !== undefined),
    50,
  );
const missing = [...base.keys()].filter((route) => !head.some((row) => row.route === route));
const moreCalls = comparisons.filter((row) => row.moreCalls);
console.log(`
median after/before: overhead ${shown(median((row) => row.overhead))}, p50 ${shown(median((row) => row.p50))}, load ${shown(median((row) => row.loadMs))}, load/base ${shown(median((row) => row.loadRatio))}; bundle ${shown(
  median((row) => row.kiB),
  1,
)} KiB
routes with more DynamoDB calls or serial round trips: ${moreCalls.length === 0 ? 'none' : moreCalls.map((row) => row.route).join(', ')}
routes past ${tolerance}× overhead: ${comparisons.filter((row) => (row.overhead ?? 0) > tolerance).length} of ${comparisons.length}${missing.length > 0 ? `\nnot measured after: ${missing.join(', ')}` : ''}`);
if (moreCalls.length > 0) process.exitCode = 1;
