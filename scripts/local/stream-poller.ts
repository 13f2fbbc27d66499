import { resolve } from 'node:path';
import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  ExpiredIteratorException,
  GetRecordsCommand,
  type GetRecordsCommandOutput,
  GetShardIteratorCommand,
  type Shard,
  type ShardIteratorType,
  type _Record as StreamSdkRecord,
  TrimmedDataAccessException,
} from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { eventFanOutSettings } from '../../lib/event-fanout-settings';
import { withoutSdkLogging } from '../../shared/core/sdk-client';
import { sendToQueue } from '../../shared/queues/send';
import { lambdaContext } from './lambda-adapter';

export type StreamHandler = (
  event: DynamoDBStreamEvent,
  context: ReturnType<typeof lambdaContext>,
) => Promise<DynamoDBBatchResponse | undefined>;

export interface StreamPollerOptions {
  endpoint: string;
  tableName: string;
  region?: string;
  /** The stream consumer; the event fan-out worker when omitted. */
  handler?: StreamHandler;
  /** Pause between polls of an idle shard. */
  idleMs?: number;
}

export interface StreamPoller {
  stop(): Promise<void>;
}

async function loadFanOut(): Promise<StreamHandler> {
  return ((await import(resolve(process.cwd(), eventFanOutSettings.worker))) as { handler: StreamHandler })
    .handler;
}

type Image = Record<string, unknown>;

/**
 * The streams client decodes an empty map attribute (`{ M: {} }`) as `{}`, which Lambda's event
 * never contains and `unmarshall` rejects; this restores the wire form, recursively.
 */
function restoreEmptyMaps(image: Image | undefined): Image | undefined {
  if (!image) return image;
  const restore = (value: unknown): unknown => {
    if (typeof value !== 'object' || value === null) return value;
    const attribute = value as Image;
    if (Object.keys(attribute).length === 0) return { M: {} };
    if (attribute.M) return { M: restoreEmptyMaps(attribute.M as Image) };
    if (Array.isArray(attribute.L)) return { L: attribute.L.map(restore) };
    return attribute;
  };
  return Object.fromEntries(Object.entries(image).map(([name, value]) => [name, restore(value)]));
}

/** A stream record as Lambda's event source delivers it (epoch-second creation time, ARN, region). */
function lambdaRecord(record: StreamSdkRecord, streamArn: string, region: string): DynamoDBRecord {
  const created = record.dynamodb?.ApproximateCreationDateTime;
  return {
    eventID: record.eventID,
    eventName: record.eventName,
    eventVersion: record.eventVersion,
    eventSource: 'aws:dynamodb',
    awsRegion: region,
    eventSourceARN: streamArn,
    dynamodb: {
      ...(record.dynamodb as DynamoDBRecord['dynamodb']),
      NewImage: restoreEmptyMaps(record.dynamodb?.NewImage as Image | undefined),
      OldImage: restoreEmptyMaps(record.dynamodb?.OldImage as Image | undefined),
      ApproximateCreationDateTime: created ? Math.floor(new Date(created).getTime() / 1000) : undefined,
    },
  } as DynamoDBRecord;
}

interface ShardState {
  iterator?: string;
  /** Sequence number of the last record handed over successfully. */
  lastSequence?: string;
  done: boolean;
  /** Failed attempts of the record the shard is stuck on, as the stack's `retryAttempts` counts them. */
  failures?: { sequence: string; attempts: number };
}

/**
 * What the stack's event source sends to its on-failure destination (the `stream-failures` queue)
 * when it gives up on a record: where the record was, not the record (Lambda's shape, abridged).
 */
async function giveUp(streamArn: string, shardId: string, sequenceNumber: string, attempts: number) {
  await sendToQueue('stream-failures', {
    requestContext: { condition: 'RetryAttemptsExhausted', approximateInvokeCount: attempts },
    DDBStreamBatchInfo: {
      shardId,
      startSequenceNumber: sequenceNumber,
      endSequenceNumber: sequenceNumber,
      batchSize: 1,
      streamArn,
    },
  });
}

/**
 * The local stand-in for the stack's DynamoDB stream event source: polls DynamoDB Local's stream
 * (DescribeStream / GetShardIterator / GetRecords) and hands each batch, as Lambda's stream event,
 * to the same fan-out handler. Shards are read from the start (TRIM_HORIZON), children only after
 * their parent is finished, so order per item is kept; a batch whose answer names a failed record is
 * read again from that record (at-least-once, like the event source); an expired iterator is renewed
 * after the last handled record; new shards are picked up as the stream rolls them over.
 */
export function startStreamPoller(options: StreamPollerOptions): StreamPoller {
  const region = options.region ?? process.env.AWS_REGION ?? 'us-east-1';
  const dynamo = withoutSdkLogging(new DynamoDBClient({ endpoint: options.endpoint, region }));
  // Every record of the table passes through here; the SDK's logger middleware would render each one.
  const streams = withoutSdkLogging(new DynamoDBStreamsClient({ endpoint: options.endpoint, region }));
  const idleMs = options.idleMs ?? 100;
  const shards = new Map<string, ShardState>();
  let running = true;

  const iteratorFor = async (streamArn: string, shardId: string, state: ShardState, at?: string) => {
    const type: ShardIteratorType = at
      ? 'AT_SEQUENCE_NUMBER'
      : state.lastSequence
        ? 'AFTER_SEQUENCE_NUMBER'
        : 'TRIM_HORIZON';
    const output = await streams.send(
      new GetShardIteratorCommand({
        StreamArn: streamArn,
        ShardId: shardId,
        ShardIteratorType: type,
        SequenceNumber: at ?? state.lastSequence,
      }),
    );
    return output.ShardIterator;
  };

  const listShards = async (streamArn: string): Promise<Shard[]> => {
    const all: Shard[] = [];
    let start: string | undefined;
    do {
      const { StreamDescription } = await streams.send(
        new DescribeStreamCommand({ StreamArn: streamArn, ExclusiveStartShardId: start }),
      );
      all.push(...(StreamDescription?.Shards ?? []));
      start = StreamDescription?.LastEvaluatedShardId;
    } while (start);
    return all;
  };

  /** Reads one batch of a shard; returns whether records were found. */
  const pollShard = async (handler: StreamHandler, streamArn: string, shardId: string, state: ShardState) => {
    state.iterator ??= await iteratorFor(streamArn, shardId, state);
    if (!state.iterator) {
      state.done = true;
      return false;
    }
    let output: GetRecordsCommandOutput;
    try {
      output = await streams.send(
        new GetRecordsCommand({ ShardIterator: state.iterator, Limit: eventFanOutSettings.batchSize }),
      );
    } catch (error) {
      if (error instanceof ExpiredIteratorException || error instanceof TrimmedDataAccessException) {
        if (error instanceof TrimmedDataAccessException) state.lastSequence = undefined;
        state.iterator = undefined;
        return true;
      }
      throw error;
    }
    const records = output.Records ?? [];
    if (records.length > 0) {
      const event = { Records: records.map((record) => lambdaRecord(record, streamArn, region)) };
      const answer = await handler(
        event,
        lambdaContext('worker-event-fanout', eventFanOutSettings.timeoutSeconds * 1000),
      );
      let failed = answer?.batchItemFailures?.[0]?.itemIdentifier;
      if (failed) {
        const attempts = state.failures?.sequence === failed ? state.failures.attempts + 1 : 1;
        state.failures = { sequence: failed, attempts };
        if (attempts > eventFanOutSettings.retryAttempts) {
          console.error(`stream record ${failed} failed ${attempts} times; skipped (to stream-failures)`);
          await giveUp(streamArn, shardId, failed, attempts);
          const skipped = records.findIndex((record) => record.dynamodb?.SequenceNumber === failed);
          failed = records[skipped + 1]?.dynamodb?.SequenceNumber;
          state.failures = undefined;
        }
      }
      if (failed) {
        const handled = records.filter((record) => (record.dynamodb?.SequenceNumber ?? '') < failed);
        state.lastSequence = handled.at(-1)?.dynamodb?.SequenceNumber ?? state.lastSequence;
        state.iterator = await iteratorFor(streamArn, shardId, state, failed);
        return false;
      }
      state.lastSequence = records.at(-1)?.dynamodb?.SequenceNumber;
    }
    state.iterator = output.NextShardIterator;
    if (!state.iterator) state.done = true;
    return records.length > 0;
  };

  const loop = (async () => {
    const handler = options.handler ?? (await loadFanOut());
    const table = await dynamo.send(new DescribeTableCommand({ TableName: options.tableName }));
    const streamArn = table.Table?.LatestStreamArn;
    if (!streamArn) throw new Error(`Table ${options.tableName} has no stream`);
    let lastListing = 0;
    while (running) {
      try {
        if (Date.now() - lastListing > 1000) {
          lastListing = Date.now();
          for (const shard of await listShards(streamArn)) {
            if (shard.ShardId && !shards.has(shard.ShardId)) shards.set(shard.ShardId, { done: false });
          }
        }
        const ready = [...shards].filter(([, state]) => !state.done);
        const busy = await Promise.all(
          ready.map(([shardId, state]) => pollShard(handler, streamArn, shardId, state)),
        );
        if (!busy.some(Boolean)) await new Promise((pause) => setTimeout(pause, idleMs));
      } catch (error) {
        if (running) console.error('stream poller:', error);
        await new Promise((pause) => setTimeout(pause, 250));
      }
    }
  })();

  return {
    stop: async () => {
      running = false;
      await loop.catch(() => undefined);
      dynamo.destroy();
      streams.destroy();
    },
  };
}
