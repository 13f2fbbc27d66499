import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';
import { keyAttributes } from './key-parts';

type Item = Record<string, unknown>;

export interface Page {
  items: Item[];
  /** Start key of the next page; absent on the last page. */
  nextKey?: Item;
}

/**
 * One page of a Query. Asks for one item more than the page size so that a full last page is
 * recognised as last (no token that leads to an empty page). `keyNames` are the attributes that
 * form the table's or index's key, needed to resume after the page's last item.
 */
export async function queryPage(
  params: Omit<QueryCommandInput, 'TableName' | 'Limit' | 'ExclusiveStartKey'>,
  pageSize: number,
  startKey: Item | undefined,
  keyNames: readonly string[] = ['pk', 'sk'],
): Promise<Page> {
  const output = await db().send(
    new QueryCommand({ ...params, TableName: tableName(), Limit: pageSize + 1, ExclusiveStartKey: startKey }),
  );
  const items = output.Items ?? [];
  if (items.length <= pageSize) return { items };
  const page = items.slice(0, pageSize);
  const last = page[page.length - 1]!;
  return { items: page, nextKey: Object.fromEntries(keyNames.map((name) => [name, last[name]])) };
}

/** A copy of a stored item without its key attributes, for returning from a repository. */
export function withoutKeys(item: Item): Item {
  const copy = { ...item };
  for (const name of keyAttributes) delete copy[name];
  delete copy.entity;
  return copy;
}

type QueryAllParams = Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>;

/** One request of a `queryAll`: its items and where the next request starts. */
export interface QueryRequestOutput {
  Items?: Item[];
  LastEvaluatedKey?: Item;
}

/**
 * The first request of a `queryAll`, started on its own: a prefetch reads one bounded page early
 * and hands it to `queryAll`, which reads any further pages once the caller is authenticated.
 */
export function queryFirstRequest(params: QueryAllParams): Promise<QueryRequestOutput> {
  return db().send(new QueryCommand({ ...params, TableName: tableName() }));
}

/**
 * Every item of a Query, page after page (bounded partitions only: an organization's folder tree,
 * a workspace's keys, a search scope's vectors). Returns raw items with their keys. `firstRequest`
 * is `queryFirstRequest` of the same params, when already started.
 */
export async function queryAll(
  params: QueryAllParams,
  firstRequest?: Promise<QueryRequestOutput>,
): Promise<Item[]> {
  const items: Item[] = [];
  let startKey: Item | undefined;
  let pending = firstRequest;
  do {
    const output =
      (await pending) ??
      (await db().send(new QueryCommand({ ...params, TableName: tableName(), ExclusiveStartKey: startKey })));
    pending = undefined;
    items.push(...(output.Items ?? []));
    startKey = output.LastEvaluatedKey;
  } while (startKey);
  return items;
}

/**
 * One page of a filtered Query that is full whenever enough matches exist: DynamoDB applies
 * filters after reading, so a single request can return few or no matches mid-way; this keeps
 * reading (at most `maxRequests` requests) until the page is full or the range ends.
 */
export async function queryFilteredPage(
  params: Omit<QueryCommandInput, 'TableName' | 'Limit' | 'ExclusiveStartKey'>,
  pageSize: number,
  startKey: Item | undefined,
  keyNames: readonly string[] = ['pk', 'sk'],
  maxRequests = 10,
): Promise<Page> {
  const matches: Item[] = [];
  let cursor = startKey;
  for (let request = 0; request < maxRequests; request += 1) {
    const output = await db().send(
      new QueryCommand({ ...params, TableName: tableName(), ExclusiveStartKey: cursor, Limit: 1000 }),
    );
    matches.push(...(output.Items ?? []));
    cursor = output.LastEvaluatedKey;
    if (!cursor || matches.length > pageSize) break;
  }
  const keyOf = (item: Item) => Object.fromEntries(keyNames.map((name) => [name, item[name]]));
  if (matches.length > pageSize) {
    const page = matches.slice(0, pageSize);
    return { items: page, nextKey: keyOf(page[page.length - 1]!) };
  }
  return cursor ? { items: matches, nextKey: cursor } : { items: matches };
}
