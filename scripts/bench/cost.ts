import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { DeliveryResults } from './delivery-report';
import type { BenchResults } from './report';

/**
 * The cost model (`npm run cost`): docs/cost.md from the bench's measurements — bench/results.json
 * (per route: DynamoDB calls, consumed capacity, p50) and bench/delivery.json (per delivery: calls,
 * read and write units, attempts) — at the on-demand prices below. Run the benches first.
 */

const root = resolve(import.meta.dirname, '../..');

/** us-east-1 on-demand prices in USD, as published on 2026-11-25 (AWS pricing pages). */
const prices = {
  date: '2026-11-25',
  region: 'us-east-1',
  /** DynamoDB on-demand, per million request units (standard table class). */
  readRequestUnit: 0.125,
  writeRequestUnit: 0.625,
  /** Lambda on Arm (the stack's architecture): per million requests, per GB-second (first tier). */
  lambdaRequest: 0.2,
  lambdaGbSecond: 0.0000133334,
  /** SQS standard queue, per million requests (each 64 KB chunk; the messages here are < 1 KB). */
  sqsRequest: 0.4,
  /** API Gateway HTTP API, per million requests (first 300 million a month; 512 KB per request). */
  httpApiRequest: 1.0,
};

/** The stack's function memory (lib/service-function.ts) and the worker batch size (shared/queues). */
const memoryGb = 512 / 1024;
const deliveryBatchSize = 5;

/**
 * Assumptions where the local bench cannot measure AWS: a DynamoDB round trip takes 5 ms in AWS,
 * a receiver answers in 100 ms, a stream batch holds 10 events, and a route's Lambda runs for its
 * serial DynamoDB round trips plus 10 ms of its own work (the local p50 is given beside it: an
 * upper bound, as it includes the local HTTP hop and a loaded machine).
 */
const assumed = { roundTripMs: 5, receiverMs: 100, eventsPerStreamBatch: 10, ownWorkMs: 10 };

const readCommands = new Set(['GetItem', 'Query', 'BatchGetItem', 'TransactGetItems', 'Scan']);

interface CostLine {
  name: string;
  readUnits: number;
  writeUnits: number;
  lambdaRequests: number;
  gbSeconds: number;
  sqsRequests: number;
  apiRequests: number;
  note: string;
}

const dollarsPerMillion = (line: CostLine) =>
  line.readUnits * prices.readRequestUnit +
  line.writeUnits * prices.writeRequestUnit +
  line.lambdaRequests * prices.lambdaRequest +
  line.gbSeconds * prices.lambdaGbSecond * 1e6 +
  line.sqsRequests * prices.sqsRequest +
  line.apiRequests * prices.httpApiRequest;

/**
 * A route's line. Read units are estimated as one per read command (a strongly consistent read of
 * up to 4 KB; a longer Query page costs more) and the rest of the measured capacity counted as
 * write units, because the route bench records capacity as one total.
 */
function routeLine(route: BenchResults['routes'][number]): CostLine | undefined {
  const http = route.http;
  if (!http || http.errors > 0) return undefined;
  const commands = http.commands.split(/[,+]/).filter(Boolean);
  const reads = commands.filter((command) => readCommands.has(command)).length;
  const writes = commands.length - reads;
  const readUnits = writes === 0 ? http.capacityUnits : Math.min(reads, http.capacityUnits);
  const durationMs = http.dbCalls * assumed.roundTripMs + assumed.ownWorkMs;
  return {
    name: route.route,
    readUnits,
    writeUnits: Math.max(0, http.capacityUnits - readUnits),
    lambdaRequests: 1,
    gbSeconds: (memoryGb * durationMs) / 1000,
    sqsRequests: 0,
    apiRequests: 1,
    note: `${http.dbCalls} calls, local p50 ${http.p50.toFixed(1)} ms`,
  };
}

/**
 * One delivery (an event to one endpoint, retries included) from the burst scenario: units as
 * measured; Lambda: the worker's batches of five attempts (each batch as long as one attempt: its
 * round trips and the receiver's answer) and the fan-out's share of a stream batch; SQS: the first
 * message's share of a SendMessageBatch, one SendMessage per retry, and a ReceiveMessage and a
 * DeleteMessageBatch per worker batch.
 */
function deliveryLine(results: DeliveryResults): CostLine {
  const attempts = results.attempts / results.delivered;
  const { perDelivery, readUnitsPerDelivery, writeUnitsPerDelivery } = results.dbCalls;
  const workerBatches = attempts / deliveryBatchSize;
  const attemptMs = 3 * assumed.roundTripMs + assumed.receiverMs;
  const fanOutShare = 1 / (results.plan.endpoints * assumed.eventsPerStreamBatch);
  const fanOutMs = 2 * assumed.roundTripMs * assumed.eventsPerStreamBatch;
  return {
    name: 'webhook delivery (fan-out + worker)',
    readUnits: readUnitsPerDelivery,
    writeUnits: writeUnitsPerDelivery,
    lambdaRequests: workerBatches + fanOutShare,
    gbSeconds: (memoryGb * (workerBatches * attemptMs + fanOutShare * fanOutMs)) / 1000,
    sqsRequests: 1 / results.plan.endpoints + (attempts - 1) + 2 * workerBatches,
    apiRequests: 0,
    note: `${perDelivery.toFixed(2)} calls, ${attempts.toFixed(2)} attempts`,
  };
}

const fixed = (value: number, digits = 2) => value.toFixed(digits);

function table(lines: readonly CostLine[]): string {
  const header =
    '| operation | RRU | WRU | Lambda requests | GB-s | SQS requests | $ per million | measured |\n' +
    '|---|---:|---:|---:|---:|---:|---:|---|';
  const rows = lines.map(
    (line) =>
      `| ${line.name} | ${fixed(line.readUnits)} | ${fixed(line.writeUnits)} | ${fixed(line.lambdaRequests)} | ${fixed(line.gbSeconds, 4)} | ${fixed(line.sqsRequests)} | ${fixed(dollarsPerMillion(line))} | ${line.note} |`,
  );
  return [header, ...rows].join('\n');
}

function main() {
  const routesFile = resolve(root, 'bench/results.json');
  const routes = existsSync(routesFile)
    ? (JSON.parse(readFileSync(routesFile, 'utf8')) as BenchResults)
    : undefined;
  const delivery = JSON.parse(readFileSync(resolve(root, 'bench/delivery.json'), 'utf8')) as {
    scenarios: Partial<Record<'burst' | 'steady', DeliveryResults>>;
  };
  const burst = delivery.scenarios.burst;
  if (!burst) throw new Error('bench/delivery.json has no burst scenario: run npm run bench:delivery');
  const routeLines = routes?.routes.flatMap((route) => routeLine(route) ?? []) ?? [];
  const routeSection = routes
    ? table(routeLines)
    : 'Not in this run: `bench/results.json` was not present (run `npm run bench`, then `npm run cost`).';
  const document = `# Cost model

Generated by \`npm run cost\` (scripts/bench/cost.ts) from \`bench/results.json\` (route bench${
    routes ? ` of ${routes.timestamp}` : ': not present in this run'
  }) and \`bench/delivery.json\` (delivery bench, burst scenario of ${burst.timestamp}).
Do not edit by hand; rerun the benches, then \`npm run cost\`.

## Prices (${prices.region}, on-demand, as of ${prices.date})

| item | price |
|---|---|
| DynamoDB read request unit | $${prices.readRequestUnit} per million |
| DynamoDB write request unit | $${prices.writeRequestUnit} per million |
| Lambda request (Arm) | $${prices.lambdaRequest} per million |
| Lambda duration (Arm, first tier) | $${prices.lambdaGbSecond} per GB-second |
| SQS standard request (64 KB chunk) | $${prices.sqsRequest} per million |
| API Gateway HTTP API request | $${prices.httpApiRequest} per million |

Free tiers, storage ($0.25 per GB-month), streams reads by Lambda (free), data transfer, CloudWatch
logs and metrics are not included.

## How the figures are made

- **Request units**: DynamoDB Local's consumed capacity, as the bench measured it. For routes the
  bench records one total per request: read units are estimated as one per read command (a strongly
  consistent read of up to 4 KB) and the rest counted as write units. For deliveries the bench
  records reads and writes apart. Transactional writes cost twice a plain write.
- **Lambda**: ${Math.round(memoryGb * 1024)} MB on Arm (lib/service-function.ts). The local latency
  is not AWS's, so a route's duration is modelled as ${assumed.roundTripMs} ms per DynamoDB round trip plus
  ${assumed.ownWorkMs} ms of its own work; a delivery attempt as ${3 * assumed.roundTripMs} ms of round trips plus a
  receiver answering in ${assumed.receiverMs} ms, five attempts sharing one invocation (batch size
  ${deliveryBatchSize}, sent concurrently); the fan-out as ${assumed.eventsPerStreamBatch} events per stream batch.
  A slow receiver is the largest term: at 1 s per answer the delivery's GB-seconds grow ≈ 8×.
- **SQS**: per delivery the first message's share of one SendMessageBatch per event, one
  SendMessage per retry, one ReceiveMessage and one DeleteMessageBatch per worker batch. Empty
  receives of idle pollers (a fixed cost per queue, not per delivery) are left out.
- **$ per million** is the cost of a million such requests or deliveries.

## Webhook delivery

${table([deliveryLine(burst)])}

Measured in the burst scenario: ${burst.delivered} deliveries, ${burst.attempts} attempts with
${Math.round(burst.plan.failureRate * 100)} % injected failures, DynamoDB calls by command
${Object.entries(burst.dbCalls.byCommand)
  .map(([command, count]) => `${command} ${count}`)
  .join(', ')}.

## Routes

${routeSection}
`;
  writeFileSync(resolve(root, 'docs/cost.md'), document);
  console.log(`Wrote docs/cost.md (${routeLines.length} routes)`);
}

main();
