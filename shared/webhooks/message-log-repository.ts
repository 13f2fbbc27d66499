import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { batchGet } from '../db/batch';
import { db, tableName } from '../db/client';
import { accessPatterns } from '../db/entities';
import { keys } from '../db/keys';
import { type LogEntry, logEntry } from './message-log-schemas';
import { messageFromItem, messageKey } from './message-repository';
import type { MessageRecord } from './message-schemas';

/**
 * An API key's message log (gsi9): every message to an endpoint, newest first by event time, the
 * messages of one event side by side. An index entry holds the message's state and a few fields of
 * its event (`logEvent`), not the payload or the attempts.
 */

type Item = Record<string, unknown>;

/** Which events a log read covers: event time from `since` to `until` (inclusive), type and channel. */
export interface LogQuery {
  since: number;
  until?: number;
  eventTypes?: readonly string[];
  channel?: string;
}

/** One event in the log with its messages (one entry per endpoint). */
export interface LogGroup {
  entries: LogEntry[];
}

/** Requests one page may make while filters thin it out, and the entries each reads at most. */
const maxRequestsPerPage = 10;
const entriesPerRequest = 1000;

const logIndex = accessPatterns.messagesOfApiKey.index;

/** The index key of an entry, to resume a Query after it. */
const indexKeyOf = (item: Item): Item => ({
  pk: item.pk,
  sk: item.sk,
  gsi9pk: item.gsi9pk,
  gsi9sk: item.gsi9sk,
});

function logQueryParams(apiKey: string, query: LogQuery) {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {
    ':pk': keys.webhookMessageLogPartition(apiKey),
    ':since': keys.eventTimeBound(query.since),
  };
  const filters: string[] = [];
  if (query.eventTypes) {
    names['#log'] = 'logEvent';
    names['#event'] = 'event';
    const placeholders = query.eventTypes.map((type, index) => {
      values[`:type${index}`] = type;
      return `:type${index}`;
    });
    filters.push(`#log.#event IN (${placeholders.join(', ')})`);
  }
  if (query.channel !== undefined) {
    names['#log'] = 'logEvent';
    names['#channels'] = 'channels';
    values[':channel'] = query.channel;
    filters.push('contains(#log.#channels, :channel)');
  }
  // `until + 1` as a bare time sorts below every entry of that millisecond and above all earlier ones.
  if (query.until !== undefined) values[':until'] = keys.eventTimeBound(query.until + 1);
  return {
    IndexName: logIndex,
    KeyConditionExpression:
      query.until === undefined
        ? 'gsi9pk = :pk AND gsi9sk >= :since'
        : 'gsi9pk = :pk AND gsi9sk BETWEEN :since AND :until',
    ...(filters.length > 0 && { FilterExpression: filters.join(' AND ') }),
    ...(Object.keys(names).length > 0 && { ExpressionAttributeNames: names }),
    ExpressionAttributeValues: values,
    ScanIndexForward: false,
  };
}

/**
 * One page of the log: up to `limit` events that `keep` accepts, newest first, each with all its
 * entries, none older than `cutoff` (the retention's: known once the first request is back, as the
 * API key's config is read beside it; the log ends there). Reads on while groups are dropped (by
 * the Query's filters or by `keep`), at most `maxRequestsPerPage` requests; a page can then come
 * back short, with a key to go on from. The next page starts after the page's last complete event,
 * so an event is never split across pages.
 */
export async function listLogGroups(
  apiKey: string,
  query: LogQuery,
  limit: number,
  startKey: Item | undefined,
  keep: (group: LogGroup) => boolean,
  cutoff: Promise<number>,
): Promise<{ groups: LogGroup[]; nextKey?: Item }> {
  // Awaited after the first request; its failure must not go unhandled meanwhile.
  cutoff.catch(() => undefined);
  const params = logQueryParams(apiKey, query);
  const groups: LogGroup[] = [];
  let current: { id: string; entries: LogEntry[]; lastItem: Item } | undefined;
  let lastComplete: Item | undefined;
  let cursor = startKey;
  const close = () => {
    if (!current) return;
    const group = { entries: current.entries };
    if (keep(group)) groups.push(group);
    lastComplete = indexKeyOf(current.lastItem);
    current = undefined;
  };
  for (let request = 0; request < maxRequestsPerPage; request += 1) {
    // A first request sized for a page of events to a few endpoints each; later ones read more.
    const entries = request === 0 ? Math.min(entriesPerRequest, (limit + 1) * 4) : entriesPerRequest;
    const output = await db().send(
      new QueryCommand({ ...params, TableName: tableName(), ExclusiveStartKey: cursor, Limit: entries }),
    );
    const oldest = await cutoff;
    for (const item of output.Items ?? []) {
      const entry = logEntry.parse(item);
      if (entry.logEvent.timestamp < oldest) {
        close();
        return { groups };
      }
      const id = `${entry.logEvent.timestamp}\u0000${entry.logEvent.id}`;
      if (current && current.id !== id) {
        close();
        // An entry of a further event was read: the page's last event is complete, and more follow.
        if (groups.length === limit) return { groups, nextKey: lastComplete };
      }
      current ??= { id, entries: [], lastItem: item };
      current.entries.push(entry);
      current.lastItem = item;
    }
    cursor = output.LastEvaluatedKey;
    if (!cursor) {
      close();
      return { groups };
    }
  }
  // Out of requests: go on after the last complete event (the current one may continue).
  return { groups, nextKey: lastComplete ?? cursor };
}

/**
 * The messages of one event to every endpoint, with their attempts: the event's log entries (one
 * Query), then the messages themselves (BatchGetItem, consistent). Empty when the event has none.
 */
export async function messagesOfEvent(
  apiKey: string,
  eventTimestamp: number,
  eventId: string,
): Promise<MessageRecord[]> {
  const output = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: logIndex,
      KeyConditionExpression: 'gsi9pk = :pk AND begins_with(gsi9sk, :prefix)',
      ExpressionAttributeValues: {
        ':pk': keys.webhookMessageLogPartition(apiKey),
        ':prefix': keys.webhookMessageLogPrefix(eventTimestamp, eventId),
      },
    }),
  );
  const entries = (output.Items ?? []).map((item) => logEntry.parse(item));
  if (entries.length === 0) return [];
  const items = await batchGet(
    entries.map((entry) => messageKey({ apiKey, targetId: entry.targetId, eventTimestamp, eventId })),
    undefined,
    true,
  );
  return items.map(messageFromItem);
}
