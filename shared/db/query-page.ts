import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';
import { keyAttributes } from './keys';

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
