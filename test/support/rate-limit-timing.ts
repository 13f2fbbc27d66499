import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { type LocalDynamo, startDynamoDbLocal } from '../../scripts/local/dynamodb';
import { createEndpoint } from '../../shared/webhooks/endpoint-service';
import { createEvent, publish } from '../../shared/webhooks/outbox';
import { type DeliveryHarness, startDeliveryHarness } from './delivery';
import { startEntryProcess } from './entry-process';
import { waitFor } from './poll';
import { runAheadOfLoad, runInRealTime } from './priority';
import { arrivalRate, busiestSpan } from './rates';
import { createWebhookWorkspace } from './webhooks';

/** A delivery as the receiver saw it: its `webhook-id` and when its request ended (epoch ms). */
export type Arrival = { id: string; at: number };

/** What a backlog's deliveries looked like at the receiver. */
export interface BacklogOutcome {
  arrivals: Arrival[];
  /** The ids of the events published, one delivery expected for each. */
  eventIds: string[];
  /** Most deliveries in any sliding second. */
  busiest: number;
  /** Deliveries per second from the first to the last. */
  rate: number;
}

/**
 * Runs beside the consumer while it delivers (a load, a duty cycle); returns how to stop it, and
 * may add figures to the outcome's log line.
 */
export type Beside = (consumer: ChildProcess) => Promise<{ stop(): Promise<void>; note?(): Promise<string> }>;

let harness: DeliveryHarness;
let dynamo: LocalDynamo;
const children: ChildProcess[] = [];
/** The processes `startTimedProcess` could run in real time: a failure's log says which did. */
const inRealTime = new WeakSet<ChildProcess>();

/**
 * A test entry in a process of its own, run ahead of the load as in AWS the consumer (a Lambda) and
 * the receiver (another machine) have CPU of their own: neither's clock is then skewed by the
 * other's event loop, nor by whatever else keeps a shared machine busy. In real time at
 * `realTimePriority` where permitted (a supervisor that must interrupt the consumer asks for a
 * higher one), else at a raised niceness. Killed after the file.
 */
export function startTimedProcess(entry: string, realTimePriority?: number): ChildProcess {
  const child = startEntryProcess(entry);
  children.push(child);
  if (child.pid !== undefined) {
    runAheadOfLoad(child.pid);
    if (runInRealTime(child.pid, realTimePriority)) inRealTime.add(child);
  }
  return child;
}

/**
 * The set-up of a rate limiter timing file: a DynamoDB Local of its own — the test loads the CPU on
 * purpose, but whatever other test files make the shared database do (a 10,000-record migration)
 * must not set this test's pace, as in AWS DynamoDB's latency does not depend on what other tenants
 * do — and the delivery pipeline without its consumer (each backlog starts one). The database, the
 * consumer, the receiver and this process (the SQS emulator) run ahead of the load, as each has CPU
 * of its own in AWS: the load a test makes, and whatever else shares the machine, take the rest.
 */
export function rateLimitTimingSuite(): void {
  beforeAll(async () => {
    dynamo = await startDynamoDbLocal();
    if (dynamo.pid !== undefined) runAheadOfLoad(dynamo.pid);
    runAheadOfLoad();
    process.env.DYNAMODB_ENDPOINT = dynamo.endpoint;
    harness = await startDeliveryHarness({ startWorkers: false });
  });
  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await harness.stop();
    dynamo.stop();
  });
}

/** CPU time (user + system, ms) a process has used so far, from /proc (Linux). */
function cpuTimeMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  // utime and stime are fields 14 and 15 of the line, in clock ticks (100 a second on Linux).
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function arrivalsAt(receiver: ChildProcess): Promise<Arrival[]> {
  receiver.send('report');
  const [message] = (await once(receiver, 'message')) as [{ arrivals: Arrival[] }];
  return message.arrivals;
}

/**
 * Publishes `count` events to a fresh endpoint at `rateLimit` on a receiver in a process of its
 * own, waits until all are fanned out to the queue (so the limiter alone sets the pace), then starts
 * a consumer process with `beside` running next to it until every delivery has arrived. Logs and
 * returns what the receiver saw; the consumer and the receiver are killed afterwards.
 */
export async function deliverBacklog(
  label: string,
  rateLimit: number,
  count: number,
  beside?: Beside,
): Promise<BacklogOutcome> {
  const receiver = startTimedProcess('test/support/receiver-process.ts');
  const [{ port }] = (await once(receiver, 'message')) as [{ port: number }];
  const workspace = await createWebhookWorkspace();
  await createEndpoint(workspace.apiKey, { url: `http://127.0.0.1:${port}/`, rateLimit });
  const events = Array.from({ length: count }, (_, index) =>
    createEvent({ event: 'comment.add', actionType: 'add', source: 'comment', data: { index } }),
  );
  await Promise.all(events.map((event) => publish(workspace.apiKey, event)));
  await waitFor(() => harness.sqs.server.inspectQueue('webhook-delivery')?.messages.ready.length === count);

  const consumer = startTimedProcess('test/support/queue-worker-process.ts');
  const running = await beside?.(consumer);
  let arrivals: Arrival[] = [];
  let note = '';
  /** The consumer's CPU time and deliveries when the first delivery arrived (its start-up left out). */
  let firstSeen: { cpuMs: number; arrived: number } | undefined;
  try {
    await waitFor(
      async () => {
        arrivals = await arrivalsAt(receiver);
        if (!firstSeen && arrivals.length > 0)
          firstSeen = { cpuMs: cpuTimeMs(consumer.pid as number), arrived: arrivals.length };
        return arrivals.length >= count;
      },
      // Generous: the machine's other work may slow everything; the assertions are on rates.
      count * (1000 / rateLimit) * 8 + 60_000,
    );
    note = (await running?.note?.()) ?? '';
    const { cpuMs, arrived } = firstSeen as { cpuMs: number; arrived: number };
    const perDelivery = (cpuTimeMs(consumer.pid as number) - cpuMs) / Math.max(1, arrivals.length - arrived);
    note += `, consumer CPU ${perDelivery.toFixed(1)} ms per delivery`;
    note += inRealTime.has(consumer) ? ', in real time' : ', not in real time (niceness only)';
  } finally {
    await running?.stop();
    consumer.kill('SIGKILL');
    receiver.kill('SIGKILL');
    // A receive the killed consumer left waiting in the SQS emulator (its long poll: 1 s) would take
    // the next case's first message and hold it invisible for the visibility timeout: let it lapse.
    await new Promise((lapsed) => setTimeout(lapsed, 1500));
  }
  const times = arrivals.map((arrival) => arrival.at);
  const outcome = {
    arrivals,
    eventIds: events.map((event) => event.id),
    busiest: busiestSpan(times),
    rate: arrivalRate(times),
  };
  console.log(
    `${label}: rateLimit ${rateLimit}, ${count} deliveries, steady rate ${outcome.rate.toFixed(2)}/s ` +
      `(${((100 * outcome.rate) / rateLimit).toFixed(1)} %), busiest second ${outcome.busiest}${note}`,
  );
  return outcome;
}
