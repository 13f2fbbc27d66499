import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { nowMs } from '../../core/clock';
import { db, tableName } from '../../db/client';
import { entities } from '../../db/entities';
import { keys } from '../../db/keys';
import { planSends, type SendLog } from './send-schedule';

/**
 * Per-endpoint delivery state in one item: the rate limit's send log (`sendLog`, `lastSendAt`, with
 * `sendLogVersion` for optimistic writes; see send-schedule.ts), and `failingSince` (epoch ms of the first failure after the last success) for
 * auto-disabling.
 */

/** A send planned at `at`, or no send before `retryAt` (the caller waits outside, holding nothing). */
export type SlotReservation = { at: number } | { retryAt: number };

/** The item a failed condition saw (the SDK leaves it in DynamoDB's attribute-value form). */
function conditionFailure(error: unknown): Record<string, unknown> | undefined {
  if (!(error instanceof ConditionalCheckFailedException)) throw error;
  return error.Item ? unmarshall(error.Item) : undefined;
}

interface SendLogRecord extends SendLog {
  version: number;
}

const sendLogRecordOf = (item: Record<string, unknown> | undefined): SendLogRecord | undefined =>
  item?.sendLogVersion === undefined
    ? undefined
    : {
        version: Number(item.sendLogVersion),
        buckets: new Map(
          Object.entries((item.sendLog ?? {}) as Record<string, number>).map(([bucket, count]) => [
            Number(bucket),
            Number(count),
          ]),
        ),
        ...(item.lastSendAt !== undefined && { lastSendAt: Number(item.lastSendAt) }),
      };

/**
 * Stores an endpoint's send log if it is still the version read (`read` undefined: none stored
 * yet). Returns undefined when written, else the log as it is now.
 */
async function writeSendLog(
  apiKey: string,
  endpointId: string,
  read: SendLogRecord | undefined,
  log: SendLog,
): Promise<SendLogRecord | undefined> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.webhookEndpointState(apiKey, endpointId),
        UpdateExpression: 'SET sendLog = :log, lastSendAt = :last, sendLogVersion = :next, entity = :entity',
        ConditionExpression: read ? 'sendLogVersion = :read' : 'attribute_not_exists(sendLogVersion)',
        ExpressionAttributeValues: {
          ':log': Object.fromEntries([...log.buckets].map(([bucket, count]) => [String(bucket), count])),
          ':last': log.lastSendAt ?? 0,
          ':next': (read?.version ?? 0) + 1,
          ':entity': entities.webhookEndpointState.name,
          ...(read && { ':read': read.version }),
        },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    return undefined;
  } catch (error) {
    return sendLogRecordOf(conditionFailure(error)) ?? { version: 0, buckets: new Map() };
  }
}

interface Waiter {
  rateLimit: number;
  /** A planned send that was not made, whose place is given back with this booking. */
  released?: number;
  resolve: (reservation: SlotReservation) => void;
  reject: (error: unknown) => void;
}

/**
 * Books sends of one endpoint for this process. Requests that arrive while a booking is being
 * written wait and are booked together by the next write, so a batch of attempts at one endpoint
 * costs one conditional write, not one per attempt racing the others. The last log seen is kept, so
 * a booking is one write unless another process wrote meanwhile (its answer carries the log).
 * Planned times lie a little ahead of now (1.5 × the recent write latency), so a send is not
 * already late when its booking returns.
 */
class EndpointSendBooker {
  private readonly waiting: Waiter[] = [];
  private booking = false;
  /** The endpoint's send log as last seen (undefined: none stored, or not read yet). */
  private known: SendLogRecord | undefined;
  private writeLatencyMs = 20;

  constructor(
    private readonly apiKey: string,
    private readonly endpointId: string,
  ) {}

  reserve(rateLimit: number, horizonMs: number, released?: number): Promise<SlotReservation> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ rateLimit, released, resolve, reject });
      void this.drain(horizonMs);
    });
  }

  private async drain(horizonMs: number) {
    if (this.booking) return;
    this.booking = true;
    try {
      while (this.waiting.length > 0) {
        const group = this.waiting.splice(0);
        try {
          const rateLimit = Math.min(...group.map((waiter) => waiter.rateLimit));
          const released = group.flatMap((waiter) =>
            waiter.released === undefined ? [] : [waiter.released],
          );
          const reservations = await this.book(group.length, rateLimit, horizonMs, released);
          for (const [index, waiter] of group.entries())
            waiter.resolve(reservations[index] as SlotReservation);
        } catch (error) {
          for (const waiter of group) waiter.reject(error);
        }
      }
    } finally {
      this.booking = false;
    }
  }

  private async book(
    count: number,
    rateLimit: number,
    horizonMs: number,
    released: readonly number[],
  ): Promise<SlotReservation[]> {
    for (let round = 0; round < 10; round += 1) {
      const started = nowMs();
      const lead = Math.min(horizonMs / 2, Math.round(1.5 * this.writeLatencyMs) + 5);
      const plan = planSends(
        this.known ?? { buckets: new Map() },
        rateLimit,
        count,
        started + lead,
        started + horizonMs,
        released,
      );
      const retryAt = Math.max(plan.nextFree - horizonMs, started + 1000);
      const answer = (index: number): SlotReservation => {
        const at = plan.times[index];
        return at === undefined ? { retryAt } : { at };
      };
      if (plan.times.length === 0 && released.length === 0)
        return Array.from({ length: count }, (_, index) => answer(index));
      const current = await writeSendLog(this.apiKey, this.endpointId, this.known, plan.log);
      this.writeLatencyMs = 0.7 * this.writeLatencyMs + 0.3 * (nowMs() - started);
      if (!current) {
        this.known = { ...plan.log, version: (this.known?.version ?? 0) + 1 };
        return Array.from({ length: count }, (_, index) => answer(index));
      }
      this.known = current;
    }
    throw new Error(`send plan of endpoint ${this.endpointId} stayed contended`);
  }
}

/** Bookers of this process's recent endpoints; the oldest is forgotten past the cap. */
const bookers = new Map<string, EndpointSendBooker>();
const maxBookers = 1000;

/**
 * Plans a send to a rate-limited endpoint within `horizonMs` (the caller sleeps until it and sends
 * within `sendToleranceMs`, else books again), or says when to come back; see send-schedule.ts.
 */
export function reserveSend(
  apiKey: string,
  endpointId: string,
  rateLimit: number,
  horizonMs: number,
  released?: number,
): Promise<SlotReservation> {
  const id = `${apiKey}\u0000${endpointId}`;
  let booker = bookers.get(id);
  if (!booker) {
    booker = new EndpointSendBooker(apiKey, endpointId);
    bookers.set(id, booker);
    if (bookers.size > maxBookers) bookers.delete(bookers.keys().next().value as string);
  }
  return booker.reserve(rateLimit, horizonMs, released);
}

/** When the endpoint's failing streak began, from its stored state item (undefined: not failing). */
export const failingSinceOf = (item: Record<string, unknown>): number | undefined =>
  item.failingSince === undefined ? undefined : Number(item.failingSince);

/** Records a failed attempt: returns since when the endpoint has been failing without a success. */
export async function recordEndpointFailure(
  apiKey: string,
  endpointId: string,
  now: number,
): Promise<number> {
  const output = await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.webhookEndpointState(apiKey, endpointId),
      UpdateExpression: 'SET failingSince = if_not_exists(failingSince, :now), entity = :entity',
      ExpressionAttributeValues: { ':now': now, ':entity': entities.webhookEndpointState.name },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number(output.Attributes?.failingSince ?? now);
}

/**
 * Records a success: the endpoint is no longer failing (one conditional write; the caller skips it
 * when it knows the endpoint is not failing).
 */
export async function clearEndpointFailure(apiKey: string, endpointId: string): Promise<void> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.webhookEndpointState(apiKey, endpointId),
        UpdateExpression: 'REMOVE failingSince',
        ConditionExpression: 'attribute_exists(failingSince)',
      }),
    );
  } catch (error) {
    conditionFailure(error);
  }
}

/**
 * Forgets an endpoint's failing streak (it was re-enabled): the 5 days that disable it start again
 * at its next failure, instead of the next single failure disabling it at once.
 */
export async function resetEndpointFailures(apiKey: string, endpointId: string): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.webhookEndpointState(apiKey, endpointId),
      UpdateExpression: 'REMOVE failingSince',
    }),
  );
}
