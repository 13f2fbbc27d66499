import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { GetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { routes as allRoutes } from '../../shared/api/routes';
import type { LocalStack } from '../local/stack';
import { measureBundles } from './bundle';
import { type LoadPlan, type MeasureTools, measureGetItem, measureRoute } from './measure';
import { type RecordedCalls, startHttpFloorServer } from './replay';
import { queueTwins, startSocketTwins } from './replay-targets';
import {
  type BenchResults,
  documentedMinimumRoundTrips,
  formatTable,
  type RouteResult,
  routeResult,
  spread,
  writeResults,
} from './report';
import { prepareScenarios } from './scenarios';
import { benchWebhookEndpoints } from './scenarios/webhooks';

/**
 * `npm run bench [-- --requests N --warmup N --load-runs N --routes a.b,c.d]`: latency, DynamoDB calls,
 * serial round trips and capacity per route over HTTP against the local stack, each route's replay
 * floor (its own DynamoDB calls, SQS sends and realtime posts replayed through bare clients plus a
 * bare HTTP round trip, replay.ts) and a raw GetItem, and bundle size and module-load time per
 * function beside its baseline's (only the SDK clients and middleware it imports). `--routes` measures
 * only the routes named (comma-separated; a name ending in `.` or `*` takes every route it prefixes).
 * Prints one table and writes bench/results.json. Measures, asserts nothing about time;
 * exits 1 when a route has no scenario or a scenario's requests fail. Then runs the webhook pipeline
 * benchmark (scripts/bench/delivery.ts), which exits 1 when a delivery is lost, and the data
 * lifecycle benchmark (scripts/bench/lifecycle.ts).
 */

const root = resolve(import.meta.dirname, '../..');
const resultsFile = resolve(root, 'bench/results.json');

function positiveInteger(name: string, value: string): number {
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0)
    throw new Error(`--${name} must be a whole number, got ${value}`);
  return parsed;
}

/** The routes `--routes` names (every route when absent); throws on a name that matches none. */
function selectRoutes(filter: string | undefined): readonly (typeof allRoutes)[number][] {
  if (!filter) return allRoutes;
  const names = filter.split(',').map((name) => name.trim().replace(/\*$/, ''));
  for (const name of names) {
    if (
      !allRoutes.some((route) => route.name === name || (name.endsWith('.') && route.name.startsWith(name)))
    )
      throw new Error(`--routes: no route matches ${name}`);
  }
  return allRoutes.filter((route) =>
    names.some((name) => route.name === name || (name.endsWith('.') && route.name.startsWith(name))),
  );
}

function readOptions(): { plan: LoadPlan; loadRuns: number; routes: readonly (typeof allRoutes)[number][] } {
  const { values } = parseArgs({
    options: {
      requests: { type: 'string', default: '200' },
      warmup: { type: 'string', default: '20' },
      'load-runs': { type: 'string', default: '5' },
      routes: { type: 'string' },
    },
  });
  return {
    routes: selectRoutes(values.routes),
    plan: {
      requests: Math.max(1, positiveInteger('requests', values.requests)),
      warmup: positiveInteger('warmup', values.warmup),
    },
    loadRuns: Math.max(1, positiveInteger('load-runs', values['load-runs'])),
  };
}

/**
 * Runs a benchmark in a process of its own, with a stack of its own: the webhook pipeline needs
 * another retry schedule than the replay scenario here, the lifecycle one another settle time, and
 * the environment is read once per process. Resolves to its exit code.
 */
function runBenchProcess(file: string): Promise<number> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [...process.execArgv, resolve(root, file)], {
      stdio: 'inherit',
    });
    child.on('error', () => done(1));
    child.on('exit', (code) => done(code ?? 1));
  });
}

/** Messages waiting, in flight or delayed on one queue. */
async function queuedMessages(sqs: SQSClient, queueUrl: string): Promise<number> {
  const { Attributes = {} } = await sqs.send(
    new GetQueueAttributesCommand({
      QueueUrl: queueUrl,
      AttributeNames: [
        'ApproximateNumberOfMessages',
        'ApproximateNumberOfMessagesNotVisible',
        'ApproximateNumberOfMessagesDelayed',
      ],
    }),
  );
  return Object.values(Attributes).reduce((sum, count) => sum + Number(count), 0);
}

/**
 * Runs the consumers between two routes, never beside measured requests (decisions §91), until
 * every queue has stayed empty for a moment: the work a route started (erasures fencing their
 * targets on the API key, jobs holding its slots) ends before the next route is measured, as it
 * would in AWS, instead of piling up until the key's caps refuse requests.
 */
async function runConsumersBetweenRoutes(stack: LocalStack): Promise<void> {
  const sqs = new SQSClient({ endpoint: stack.sqs.endpoint, region: process.env.AWS_REGION ?? 'us-east-1' });
  const queueUrls = Object.values(stack.sqs.queueUrls);
  stack.startWorkers();
  try {
    const giveUpAt = Date.now() + 120_000;
    for (let emptyReadings = 0; emptyReadings < 2 && Date.now() < giveUpAt; ) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      const counts = await Promise.all(queueUrls.map((queueUrl) => queuedMessages(sqs, queueUrl)));
      emptyReadings = counts.every((count) => count === 0) ? emptyReadings + 1 : 0;
    }
  } finally {
    await stack.stopWorkers();
    sqs.destroy();
  }
}

async function main(): Promise<void> {
  const { plan, loadRuns, routes } = readOptions();
  // Before the stack (and the handlers' logger) loads: keep request logs out of the table.
  process.env.POWERTOOLS_LOG_LEVEL = 'ERROR';
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  // One immediate retry, so the replay scenario's failing deliveries are dead-lettered within seconds.
  process.env.WEBHOOK_RETRY_SCHEDULE = '0';
  // The webhooks scenarios list a page past the default endpoint cap (50) and create one endpoint
  // per request: this stack's own cap fits what they hold at once (deployments keep theirs).
  process.env.MAX_WEBHOOK_ENDPOINTS_PER_API_KEY = String(benchWebhookEndpoints(plan.warmup + plan.requests));
  // A fast route's sequential requests (and a scenario's `prepare` calls) pass the default 50 a
  // second of one key: a rate no request reaches keeps the counting write on every request, as
  // deployed, without refusing any.
  process.env.API_KEY_REQUEST_RATE = '1000000';
  // An erasure's last pass needs no wait here (no write is in flight behind its delete), so the
  // consumers run between routes end it and lift its fence (runConsumersBetweenRoutes).
  process.env.ERASE_SETTLE_SECONDS = '0';

  console.error(`Bundling ${routes.length} functions and timing module load (${loadRuns} runs each)...`);
  const bundles = await measureBundles(root, routes, loadRuns);

  const { startLocalStack } = await import('../local/stack');
  let lastCalls: RecordedCalls = { trace: [], otherCalls: [] };
  const stack = await startLocalStack({
    port: 0,
    exposeDbMetrics: true,
    onDbCalls: (stats) => {
      lastCalls = stats;
    },
  });
  const httpFloor = await startHttpFloorServer();
  const queues = queueTwins(stack.sqs.endpoint, process.env.AWS_REGION ?? 'us-east-1');
  const sockets = await startSocketTwins();
  console.error(`Local stack at ${stack.url}, DynamoDB Local at ${stack.dynamo.endpoint}`);
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await httpFloor.close();
    await sockets.close();
    queues.destroy();
    await stack.stop();
  };
  const interrupt = () => void stop().finally(() => process.exit(130));
  process.once('SIGINT', interrupt);
  process.once('SIGTERM', interrupt);
  try {
    const { byRoute, floorWorkspaceId } = await prepareScenarios(stack.url, plan.warmup + plan.requests);
    // The fixtures need the consumers (dead messages, finished jobs); the measured requests must not
    // share this process with them: a send would wake a worker that delivers or runs the job while
    // the next requests are timed, where in AWS the consumer is a function of its own (decisions §91).
    await stack.stopWorkers();
    const rows: RouteResult[] = [];
    const minimums = documentedMinimumRoundTrips(resolve(root, 'docs/data-model.md'));
    const tools: MeasureTools = {
      url: stack.url,
      lastCalls: () => lastCalls,
      replayTargets: {
        db: DynamoDBDocumentClient.from(stack.dynamo.client, {
          marshallOptions: { removeUndefinedValues: true },
        }),
        sqs: queues,
        realtime: sockets,
      },
      httpFloor,
    };
    for (const route of routes) {
      const scenarios = byRoute.get(route.name) ?? [];
      const bundle = bundles.routes.get(route.name);
      if (scenarios.length === 0) {
        rows.push(routeResult({ route: route.name, path: route.path, bundle, warning: 'no scenario' }));
      }
      for (const scenario of scenarios) {
        console.error(`Measuring ${scenario.row}...`);
        const http = await measureRoute(tools, route, scenario, plan);
        const minimum = minimums.get(route.name);
        rows.push({
          ...routeResult({ route: scenario.row, path: route.path, http, bundle }),
          ...(minimum !== undefined && { minimumSerialRoundTrips: minimum }),
        });
      }
      await runConsumersBetweenRoutes(stack);
    }
    console.error('Measuring the raw GetItem floor...');
    const tableName = process.env.TABLE_NAME;
    if (!tableName) throw new Error('TABLE_NAME is not set by the local stack');
    const floor = await measureGetItem(stack.dynamo.client, tableName, floorWorkspaceId, plan);
    for (const row of rows) if (row.p50Ms !== undefined) row.ratioToGetItem = row.p50Ms / floor.p50;

    const functionRows = [...bundles.routes.values()].map((bundle) =>
      routeResult({ route: '', path: '', bundle }),
    );
    const results: BenchResults = {
      timestamp: new Date().toISOString(),
      node: process.version,
      plan,
      loadRuns,
      floor: { operation: 'GetItem (workspace item, @aws-sdk/client-dynamodb)', ...floor },
      sdkOnly: bundles.sdkOnly,
      sdkOnlyExternal: bundles.sdkOnlyExternal,
      summary: {
        overheadRatio: spread(rows, (row) => row.overheadRatio),
        loadMs: spread(functionRows, (row) => row.loadMs),
        loadRatio: spread(functionRows, (row) => row.loadRatio),
      },
      routes: rows,
    };
    console.log(formatTable(results));
    writeResults(resultsFile, results);
    console.log(`\nWrote ${resultsFile}`);
    const missing = rows.filter((row) => row.warning).map((row) => row.route);
    if (missing.length > 0) {
      console.error(
        `\n${missing.length} route(s) have no scenario in scripts/bench/scenarios/: ${missing.join(', ')}`,
      );
      process.exitCode = 1;
    }
    // A row with failed requests measured something other than its scenario: not a green run.
    const failing = rows.filter((row) => (row.http?.errors ?? 0) > 0).map((row) => row.route);
    if (failing.length > 0) {
      console.error(`
${failing.length} row(s) had failed requests: ${failing.join(', ')}`);
      process.exitCode = 1;
    }
  } finally {
    await stop();
  }
  if (process.env.BENCH_DELIVERY_EVENTS !== '0') {
    console.error(
      '\nWebhook pipeline benchmark (scripts/bench/delivery.ts; BENCH_DELIVERY_EVENTS=0 skips it)...',
    );
    if ((await runBenchProcess('scripts/bench/delivery.ts')) !== 0) process.exitCode = 1;
  }
  if (process.env.BENCH_REALTIME !== '0') {
    console.error('\nRealtime benchmark (scripts/bench/realtime.ts; BENCH_REALTIME=0 skips it)...');
    if ((await runBenchProcess('scripts/bench/realtime.ts')) !== 0) process.exitCode = 1;
  }
  if (process.env.BENCH_LIFECYCLE === '0') return;
  console.error('\nData lifecycle benchmark (scripts/bench/lifecycle.ts; BENCH_LIFECYCLE=0 skips it)...');
  if ((await runBenchProcess('scripts/bench/lifecycle.ts')) !== 0) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
