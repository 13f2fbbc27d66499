import { performance } from 'node:perf_hooks';
import { type DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';
import type { RouteDefinition } from '../../shared/api/routes';
import { keys } from '../../shared/db/keys';
import { reportsFailedItem, type TimedResponse, timedPost } from './http';
import {
  type HttpFloorServer,
  type RecordedCalls,
  type RecordedRequest,
  type ReplayTargets,
  replayCalls,
} from './replay';
import type { BoundScenario } from './scenarios';

/** How many requests to send: `warmup` unmeasured, then `requests` measured, one at a time. */
export interface LoadPlan {
  warmup: number;
  requests: number;
}

/** Latency percentiles of the successful measured requests, in milliseconds. */
export interface LatencyStats {
  p50: number;
  p99: number;
}

/** One route's HTTP measurements. */
export interface RouteMeasurement extends LatencyStats {
  dbCalls: number;
  /** Median DynamoDB round trips on the critical path. */
  serialRoundTrips: number;
  capacityUnits: number;
  /** The floor (replay.ts): `httpFloorP50Ms + dbReplayP50Ms`. */
  replayFloorP50Ms: number;
  /** p50 of a bare POST of the same request and response size to a server doing nothing else. */
  httpFloorP50Ms: number;
  /**
   * p50 of replaying each measured request's calls: DynamoDB through a bare document client, SQS
   * sends and realtime posts through their replay targets (replay.ts).
   */
  dbReplayP50Ms: number;
  /** Replayed calls refused (replay.ts puts each written item's before-image back first where the trace shows one; decisions §44). */
  replayRefusedCalls: number;
  /** The most frequent list of calls to other services than DynamoDB, e.g. `SendMessage` (replayed in the floor). */
  otherCommands: string;
  /** `p50 / replayFloorP50Ms`: how much slower the service is than its own DynamoDB and HTTP work. */
  overheadRatio: number;
  /** The most frequent command list, e.g. `GetItem,Query`. */
  commands: string;
  errors: number;
  /** Status and body of the first failed request, to diagnose without rerunning. */
  firstError?: string;
}

/** Nearest-rank percentile of an unsorted sample; NaN when empty. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

function mostFrequent(values: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '';
}

const failed = {
  status: 0,
  latencyMs: 0,
  dbCalls: 0,
  capacityUnits: 0,
  commands: '',
  serialRoundTrips: 0,
  requestBytes: 0,
};

async function attempt(send: () => Promise<TimedResponse>): Promise<TimedResponse> {
  try {
    return await send();
  } catch (error) {
    return { ...failed, body: String(error) };
  }
}

/** What measuring a route needs besides the route: the stack and the floor's tools. */
export interface MeasureTools {
  url: string;
  /** The calls of the request that answered last (the dev server's `onDbCalls`). */
  lastCalls(): RecordedCalls;
  /** Bare clients on the same local services (the replay). */
  replayTargets: ReplayTargets;
  httpFloor: HttpFloorServer;
}

/** Samples of the floor: each measured request's HTTP floor and its replay, and the refused replayed calls. */
interface FloorSamples {
  http: number[];
  replay: number[];
  refused: number;
}

/**
 * Measured requests replayed per block: the route's requests and their floors alternate in blocks
 * this small, so both see the same load on a shared machine (decisions §44); replays leave the
 * table as they found it, so the next block's requests meet the table they would have.
 */
const floorBlockSize = 10;

/** Adds the floor of the given requests to the samples: each one's HTTP floor and its replay, interleaved. */
async function sampleFloor(tools: MeasureTools, recorded: readonly RecordedRequest[], samples: FloorSamples) {
  for (const request of recorded) {
    samples.http.push(await tools.httpFloor.post(request.requestBytes, request.responseBytes));
    const timing = await replayCalls(tools.replayTargets, request.calls);
    samples.replay.push(timing.ms);
    samples.refused += timing.refused;
  }
}

/**
 * Runs one scenario of a route sequentially over HTTP; every non-200 answer counts as an error, and
 * so does a 200 reporting a failed item (a scenario is meant to succeed in full).
 * A scenario's `prepare` step runs before each request, untimed; a failed one counts as an error.
 * After every `floorBlockSize` of them, replays the block's successful requests' DynamoDB calls and
 * HTTP sizes for the route's floor.
 */
export async function measureRoute(
  tools: MeasureTools,
  route: RouteDefinition,
  scenario: BoundScenario,
  plan: LoadPlan,
): Promise<RouteMeasurement> {
  const { url } = tools;
  const send = async (index: number): Promise<TimedResponse> => {
    try {
      await scenario.prepare?.(index);
    } catch (error) {
      return { ...failed, body: `prepare: ${error}` };
    }
    const { headers, data } = scenario.request(index);
    return attempt(() => timedPost(url, route.path, headers, data));
  };
  for (let index = 0; index < plan.warmup; index += 1) await send(index);
  const ok: TimedResponse[] = [];
  const samples: FloorSamples = { http: [], replay: [], refused: 0 };
  const otherCommands: string[] = [];
  let errors = 0;
  let firstError: string | undefined;
  const end = plan.warmup + plan.requests;
  for (let blockStart = plan.warmup; blockStart < end; blockStart += floorBlockSize) {
    const block: RecordedRequest[] = [];
    for (let index = blockStart; index < Math.min(blockStart + floorBlockSize, end); index += 1) {
      const response = await send(index);
      if (response.status === 200 && reportsFailedItem(response.body)) {
        errors += 1;
        firstError ??= `200 with a failed item: ${response.body.slice(0, 300)}`;
      } else if (response.status === 200) {
        const calls = tools.lastCalls();
        ok.push(response);
        otherCommands.push(calls.otherCalls.map((call) => call.command).join(','));
        block.push({
          calls,
          requestBytes: response.requestBytes,
          responseBytes: Buffer.byteLength(response.body),
        });
      } else {
        errors += 1;
        firstError ??= `${response.status} ${response.body.slice(0, 300)}`;
      }
    }
    await sampleFloor(tools, block, samples);
  }
  const latencies = ok.map((response) => response.latencyMs);
  const median = (value: (response: TimedResponse) => number) => percentile(ok.map(value), 50);
  const httpFloorP50Ms = percentile(samples.http, 50);
  const dbReplayP50Ms = percentile(samples.replay, 50);
  const replayFloorP50Ms = httpFloorP50Ms + dbReplayP50Ms;
  const p50 = percentile(latencies, 50);
  return {
    p50,
    p99: percentile(latencies, 99),
    dbCalls: median((response) => response.dbCalls),
    serialRoundTrips: median((response) => response.serialRoundTrips),
    replayFloorP50Ms,
    httpFloorP50Ms,
    dbReplayP50Ms,
    replayRefusedCalls: samples.refused,
    overheadRatio: p50 / replayFloorP50Ms,
    capacityUnits: median((response) => response.capacityUnits),
    commands: mostFrequent(ok.map((response) => response.commands)),
    otherCommands: mostFrequent(otherCommands),
    errors,
    ...(firstError && { firstError }),
  };
}

/**
 * The floor: one raw `GetItem` of an existing workspace item through the plain SDK client against the
 * same DynamoDB Local, timed the same way. A missing item counts as an error.
 */
export async function measureGetItem(
  client: DynamoDBClient,
  tableName: string,
  workspaceId: string,
  plan: LoadPlan,
): Promise<LatencyStats & { errors: number }> {
  const { pk, sk } = keys.workspace(workspaceId);
  const command = () => new GetItemCommand({ TableName: tableName, Key: { pk: { S: pk }, sk: { S: sk } } });
  const latencies: number[] = [];
  let errors = 0;
  for (let index = 0; index < plan.warmup + plan.requests; index += 1) {
    const start = performance.now();
    const found = await client.send(command()).then(
      (output) => output.Item !== undefined,
      () => false,
    );
    const latencyMs = performance.now() - start;
    if (index < plan.warmup) continue;
    if (found) latencies.push(latencyMs);
    else errors += 1;
  }
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99), errors };
}
