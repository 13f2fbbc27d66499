import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { DbCallStats } from '../../shared/db/metrics';
import { deadLetterQueueName } from '../../shared/queues/queues';
import {
  type DeliveryPlan,
  type DeliveryResults,
  dbCallFigures,
  formatDeliveryResults,
  type PublishedRef,
  pairFigures,
} from './delivery-report';
import { probeDynamoCeiling } from './dynamo-ceiling';
import { type FlakyReceiver, startFlakyReceiver } from './flaky-receiver';
import { writeResults } from './report';
import { type ApiKeyClient, apiKeyClient, createWorkspace } from './scenarios/types';

/**
 * The webhook pipeline benchmark (`npm run bench`, after the route table; alone with
 * `npm run bench:delivery`), two scenarios in one local stack (`BENCH_DELIVERY_SCENARIOS`, default
 * both): a burst of `BENCH_DELIVERY_EVENTS` events (default 10,000) published as fast as the outbox
 * takes them, and a steady `BENCH_DELIVERY_STEADY_RATE` events/s (30) for
 * `BENCH_DELIVERY_STEADY_SECONDS` (60). Each event goes through the transactional outbox to 3
 * advanced endpoints on a receiver that fails a random 30 % of requests, and is followed through
 * table stream → fan-out → SQS → delivery worker → receiver until every (event, endpoint) pair has
 * a 2xx. Reports lost deliveries, attempts, duplicates, end-to-end latency, throughput and DynamoDB
 * calls per delivery to the console and bench/delivery.json; exits 1 when a delivery is lost or
 * dead-lettered. After each scenario, a probe replays a sample of its DynamoDB calls
 * (`BENCH_DELIVERY_PROBE_CALLS`, 2,000) as fast as DynamoDB Local takes them (dynamo-ceiling.ts):
 * its calls per second over the scenario's calls per delivery is the run's ceiling.
 */

const root = resolve(import.meta.dirname, '../..');
const resultsFile = resolve(root, 'bench/delivery.json');

function numberFromEnv(name: string, fallback: number, valid: (value: number) => boolean): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!valid(value)) throw new Error(`${name} is not valid: ${raw}`);
  return value;
}

/**
 * Retries 1 s apart (SQS delays are whole seconds), 14 of them: 15 attempts, so with 30 % failures
 * a delivery is dead-lettered with probability 0.3^15 ≈ 1.4e-8 (≈ 4e-4 expected of 30,000).
 */
const defaultRetrySchedule = Array.from({ length: 14 }, () => '1').join(',');

/** The two scenarios of issue 17: a burst of events, and a steady rate the pipeline must keep up with. */
type ScenarioName = 'burst' | 'steady';

/** In-flight calls the ceiling probe tries, 10 s each at most; the best is DynamoDB Local's ceiling. */
const probe = { concurrencies: [4, 16, 64], seconds: 10 };

function readPlans(): {
  plans: Record<ScenarioName, DeliveryPlan>;
  run: ScenarioName[];
  timeoutSeconds: number;
  probeCalls: number;
} {
  const schedule = process.env.BENCH_DELIVERY_RETRY_SCHEDULE || defaultRetrySchedule;
  const common = {
    endpoints: 3,
    failureRate: numberFromEnv('BENCH_DELIVERY_FAILURE_RATE', 0.3, (value) => value >= 0 && value < 1),
    retrySchedule: schedule.split(',').map(Number),
    publishConcurrency: 16,
  };
  const steadyRate = numberFromEnv('BENCH_DELIVERY_STEADY_RATE', 30, (value) => value > 0);
  const steadySeconds = numberFromEnv('BENCH_DELIVERY_STEADY_SECONDS', 60, (value) => value > 0);
  const run = (process.env.BENCH_DELIVERY_SCENARIOS || 'burst,steady').split(',') as ScenarioName[];
  if (run.some((name) => name !== 'burst' && name !== 'steady'))
    throw new Error(`BENCH_DELIVERY_SCENARIOS names burst and/or steady: ${run.join(',')}`);
  return {
    plans: {
      burst: {
        ...common,
        events: numberFromEnv(
          'BENCH_DELIVERY_EVENTS',
          10_000,
          (value) => Number.isInteger(value) && value > 0,
        ),
        publishRate: numberFromEnv('BENCH_DELIVERY_RATE', 0, (value) => value >= 0),
      },
      steady: { ...common, events: Math.round(steadyRate * steadySeconds), publishRate: steadyRate },
    },
    run,
    timeoutSeconds: numberFromEnv('BENCH_DELIVERY_TIMEOUT_SECONDS', 3600, (value) => value > 0),
    probeCalls: numberFromEnv(
      'BENCH_DELIVERY_PROBE_CALLS',
      2000,
      (value) => Number.isInteger(value) && value > 0,
    ),
  };
}

/** Advanced webhooks on, and three endpoints on the receiver: one per filter kind, all matching the events. */
async function createEndpoints(api: ApiKeyClient, receiver: FlakyReceiver): Promise<string[]> {
  await api.call('workspace.advancedwebhookconfig.update', { isEnabled: true });
  const bodies = [
    { path: 'all', options: {} },
    { path: 'by-type', options: { filterTypes: ['comment.add'] } },
    { path: 'by-channel', options: { channels: ['org.bench-org'] } },
  ];
  for (const { path, options } of bodies) {
    await api.call('workspace.advancedwebhook.endpoints.create', {
      url: `${receiver.url}${path}`,
      ...options,
    });
  }
  return bodies.map(({ path }) => `/${path}`);
}

/** Publishes the plan's events through the outbox (one PutItem each, `publishConcurrency` at a time). */
async function publishEvents(
  apiKey: string,
  plan: DeliveryPlan,
  progress: (published: number) => void,
): Promise<PublishedRef[]> {
  const { createEvent, publish } = await import('../../shared/webhooks/outbox');
  const published: PublishedRef[] = [];
  let next = 0;
  const start = Date.now();
  const lane = async () => {
    while (next < plan.events) {
      const index = next;
      next += 1;
      // Paced publishing (BENCH_DELIVERY_RATE): event `index` is due `index / rate` seconds in.
      if (plan.publishRate > 0)
        await sleep(Math.max(0, start + (index / plan.publishRate) * 1000 - Date.now()));
      const event = createEvent({
        event: 'comment.add',
        actionType: 'add',
        source: 'comment',
        data: { index, text: `bench comment ${index}` },
        organizationId: 'bench-org',
        documentId: `doc-${index % 100}`,
      });
      await publish(apiKey, event);
      published.push({ id: event.id, timestamp: event.timestamp });
      if (published.length % 1000 === 0) progress(published.length);
    }
  };
  await Promise.all(Array.from({ length: plan.publishConcurrency }, lane));
  return published;
}

/**
 * Waits until the receiver holds `expected` delivered pairs, printing progress every 5 s with the
 * delivery queue's depth (`queueDepth`: where the backlog is, before the workers or in them). Gives
 * up at the deadline, or when nothing new arrived for a minute (a lost delivery never arrives).
 */
async function waitForDeliveries(
  receiver: FlakyReceiver,
  expected: number,
  timeoutSeconds: number,
  queueDepth: () => string,
) {
  const start = Date.now();
  let lastCount = 0;
  let lastChange = start;
  let lastReport = start;
  // A busy event loop (the whole stack shares this process) delays every stage; shown with the progress.
  const loopDelay = monitorEventLoopDelay({ resolution: 20 });
  loopDelay.enable();
  for (;;) {
    const counts = receiver.counts();
    const now = Date.now();
    if (counts.deliveredPairs !== lastCount) {
      lastCount = counts.deliveredPairs;
      lastChange = now;
    }
    if (counts.deliveredPairs >= expected) return loopDelay.disable();
    if (now - lastReport >= 5000) {
      lastReport = now;
      console.error(
        `  ${((now - start) / 1000).toFixed(0)} s: ${counts.deliveredPairs}/${expected} delivered, ` +
          `${counts.requests} attempts, ${counts.failuresInjected} failures injected, ` +
          `event-loop delay p99 ${(loopDelay.percentile(99) / 1e6).toFixed(0)} ms, ${queueDepth()}`,
      );
      loopDelay.reset();
    }
    if (now - start > timeoutSeconds * 1000) return console.error('  overall time limit reached');
    if (now - lastChange > 60_000) return console.error('  nothing new arrived for 60 s');
    await sleep(200);
  }
}

/** Every delivery item of the endpoints, through the messages route: counts by status and attempts. */
async function storeFigures(api: ApiKeyClient) {
  const { endpoints } = await api.call<{ endpoints: { id: string }[] }>(
    'workspace.advancedwebhook.endpoints.get',
    {},
  );
  const byStatus: Record<string, number> = {};
  let attempts = 0;
  for (const { id } of endpoints) {
    let pageToken: string | undefined;
    do {
      const page = await api.call<{
        messages: { status: string; attemptCount: number }[];
        pageToken: string | null;
      }>('workspace.advancedwebhook.endpoints.messages.get', {
        endpointId: id,
        limit: 250,
        ...(pageToken && { pageToken }),
      });
      for (const message of page.messages) {
        byStatus[message.status] = (byStatus[message.status] ?? 0) + 1;
        attempts += message.attemptCount;
      }
      pageToken = page.pageToken ?? undefined;
    } while (pageToken);
  }
  return { byStatus, attempts };
}

/** Read and write capacity units consumed so far in a measured scope. */
const capacityOf = (stats: DbCallStats) => ({
  read: stats.capacityUnits - stats.writeCapacityUnits,
  write: stats.writeCapacityUnits,
});

type LocalStack = Awaited<ReturnType<typeof import('../local/stack').startLocalStack>>;

/**
 * One scenario in a workspace and receiver of its own: publish, wait for every pair's 2xx, read
 * the store back. DynamoDB calls and capacity are the pipeline's (`pipeline`, counted since the
 * stack started) from the first publish to the read-back.
 */
async function runScenario(
  stack: LocalStack,
  pipeline: DbCallStats,
  name: ScenarioName,
  plan: DeliveryPlan,
  limits: { timeoutSeconds: number; probeCalls: number },
): Promise<DeliveryResults> {
  const started = Date.now();
  const receiver = await startFlakyReceiver(plan.failureRate);
  try {
    const context = { url: stack.url, runId: Date.now().toString(36), requestsPerScenario: 0 };
    const { apiKey } = await createWorkspace(context, `delivery-${name}`);
    const api = apiKeyClient(stack.url, apiKey);
    const paths = await createEndpoints(api, receiver);
    const expected = plan.events * paths.length;
    const before = { calls: pipeline.commands.length, ...capacityOf(pipeline) };

    console.error(
      `[${name}] Publishing ${plan.events} events through the outbox (${expected} deliveries)...`,
    );
    const publishStart = Date.now();
    const events = await publishEvents(apiKey.key, plan, (published) =>
      console.error(
        `  ${((Date.now() - publishStart) / 1000).toFixed(0)} s: ${published} published, ` +
          `${receiver.counts().deliveredPairs} delivered`,
      ),
    );
    const publishSeconds = (Date.now() - publishStart) / 1000;
    console.error(`Published in ${publishSeconds.toFixed(1)} s; waiting for the receiver...`);
    await waitForDeliveries(receiver, expected, limits.timeoutSeconds, () => {
      const queue = stack.sqs.server.inspectQueue('webhook-delivery')?.messages;
      return `queue: ${queue?.ready.length ?? 0} ready, ${queue?.delayed.length ?? 0} delayed, ${queue?.inflight.length ?? 0} in flight`;
    });
    // Let the last attempts' records land before counting.
    await sleep(2000);
    const commands = pipeline.commands.slice(before.calls);
    const capacity = capacityOf(pipeline);

    const counts = receiver.counts();
    const firstPublish = Math.min(...events.map((event) => event.timestamp));
    const lastDelivery = receiver.lastFirstSuccessAt() ?? Date.now();
    const deadQueue = stack.sqs.server.inspectQueue(deadLetterQueueName('webhook-delivery'))?.messages;
    console.error('Reading the delivery items back through the messages route...');
    const store = await storeFigures(api);
    const pairs = pairFigures(receiver, events, paths);
    const dbCalls = dbCallFigures(commands, counts.deliveredPairs, {
      read: capacity.read - before.read,
      write: capacity.write - before.write,
    });
    console.error(
      `Probing DynamoDB Local with ${Math.min(limits.probeCalls, commands.length)} of the scenario's calls...`,
    );
    const ceiling = await probeDynamoCeiling(
      stack.dynamo.client,
      // Set by the local stack, as the functions read it.
      process.env.TABLE_NAME as string,
      pipeline.trace.slice(before.calls, before.calls + commands.length),
      { sampleSize: limits.probeCalls, ...probe },
    );
    return {
      scenario: name,
      timestamp: new Date().toISOString(),
      node: process.version,
      loadAverage: loadavg(),
      plan,
      throughputPerSecond: counts.deliveredPairs / ((lastDelivery - firstPublish) / 1000),
      dbCallsPerDelivery: dbCalls.perDelivery,
      ceilingPerSecond: ceiling.callsPerSecond / dbCalls.perDelivery,
      ceilingProbe: ceiling,
      latencyP50Ms: pairs.latencyMs.p50,
      latencyP99Ms: pairs.latencyMs.p99,
      deliveries: expected,
      delivered: counts.deliveredPairs,
      lost: expected - counts.deliveredPairs,
      attempts: counts.requests,
      failuresInjected: counts.failuresInjected,
      duplicates: counts.successes - counts.deliveredPairs,
      ...pairs,
      publish: { seconds: publishSeconds, eventsPerSecond: plan.events / publishSeconds },
      wallSeconds: (Date.now() - started) / 1000,
      deadLettered: {
        queue: deadQueue ? deadQueue.ready.length + deadQueue.delayed.length + deadQueue.inflight.length : 0,
        deliveries: store.byStatus.dead ?? 0,
      },
      store,
      dbCalls,
    };
  } finally {
    await receiver.close();
  }
}

async function main(): Promise<void> {
  const { plans, run, timeoutSeconds, probeCalls } = readPlans();
  Object.assign(process.env, {
    POWERTOOLS_LOG_LEVEL: 'ERROR',
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    WEBHOOK_RETRY_SCHEDULE: plans.burst.retrySchedule.join(','),
    // Only timeouts and 429s wait this long; the receiver sends neither, but a slow answer must not stall a retry.
    WEBHOOK_MIN_BACKOFF_SECONDS: '1',
  });
  const { startLocalStack } = await import('../local/stack');
  const { measureDbCalls } = await import('../../shared/db/metrics');
  // Every DynamoDB call of the service code started in this scope (stream fan-out, delivery worker,
  // outbox puts) is counted; the dev server's requests (set-up, read-back) count in scopes of their own.
  const { result: stack, stats: dbStats } = await measureDbCalls(() => startLocalStack({ port: 0 }));
  process.once('SIGINT', () => void stack.stop().finally(() => process.exit(130)));
  try {
    const scenarios: Partial<Record<ScenarioName, DeliveryResults>> = {};
    for (const name of run) {
      const results = await runScenario(stack, dbStats, name, plans[name], { timeoutSeconds, probeCalls });
      scenarios[name] = results;
      console.log(formatDeliveryResults(results));
      writeResults(resultsFile, { scenarios });
      if (results.lost > 0 || results.deadLettered.queue > 0 || results.deadLettered.deliveries > 0) {
        console.error(
          `\nFAILED: ${results.lost} deliveries lost, dead-lettered ${JSON.stringify(results.deadLettered)}`,
        );
        process.exitCode = 1;
      }
    }
    console.log(`\nWrote ${resultsFile}`);
  } finally {
    await stack.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
