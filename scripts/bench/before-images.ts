import type { DbCallTrace } from '../../shared/db/metrics';
import { tableDefinition } from '../../shared/db/table';

/**
 * What a request's trace tells about the items it wrote as they were before it (decisions §44), so
 * that its replay can start from that state and do the same work instead of being refused.
 */

type Attributes = Record<string, unknown>;

/** An item of the table by key, and its attributes at some moment (`Item` absent: no such item then). */
export interface ItemState {
  TableName: string;
  Key: Attributes;
  Item?: Attributes;
}

/** An item a request wrote, and its state before the request when the trace shows it. */
export interface WrittenItem {
  TableName: string;
  Key: Attributes;
  before?: ItemState;
}

const { partitionKey, sortKey } = tableDefinition;

const primaryKey = (item: Attributes): Attributes => ({
  [partitionKey]: item[partitionKey],
  [sortKey]: item[sortKey],
});

const identity = (table: string, key: Attributes) => JSON.stringify([table, key[partitionKey], key[sortKey]]);

/** Whether a write's condition holds only while its item is absent: `attribute_not_exists(pk)`, alone or AND-ed first. */
function requiresAbsence(condition: unknown): boolean {
  if (typeof condition !== 'string') return false;
  const absent = `attribute_not_exists(${partitionKey})`;
  const trimmed = condition.trim();
  return trimmed === absent || trimmed.startsWith(`${absent} AND `);
}

/** One write of an item: its table and key, and whether its condition required the item's absence. */
interface ItemWrite {
  table: string;
  key: Attributes;
  creates: boolean;
}

/** A Put, Update or Delete, plain or inside a transaction or batch. */
function itemWrite(table: string, write: Attributes): ItemWrite {
  const key = primaryKey((write.Key ?? write.Item) as Attributes);
  return { table, key, creates: requiresAbsence(write.ConditionExpression) };
}

/** The items one call writes (none for a read). */
function writesOf({ command, input }: DbCallTrace): ItemWrite[] {
  if (command === 'PutItem' || command === 'UpdateItem' || command === 'DeleteItem')
    return [itemWrite(input.TableName as string, input)];
  if (command === 'TransactWriteItems') {
    return (input.TransactItems as Record<string, Attributes>[]).flatMap((entry) => {
      const write = entry.Put ?? entry.Update ?? entry.Delete;
      return write ? [itemWrite(write.TableName as string, write)] : [];
    });
  }
  if (command === 'BatchWriteItem') {
    return Object.entries(input.RequestItems as Record<string, Record<string, Attributes>[]>).flatMap(
      ([table, requests]) =>
        requests.map((request) =>
          itemWrite(table, (request.PutRequest ?? request.DeleteRequest) as Attributes),
        ),
    );
  }
  return [];
}

/** Whether a read returns whole items of the table itself (no index, no projection). */
const readsWholeItems = (input: Attributes) =>
  input.IndexName === undefined &&
  input.ProjectionExpression === undefined &&
  input.AttributesToGet === undefined &&
  (input.Select === undefined || input.Select === 'ALL_ATTRIBUTES');

/** What one read call saw: whole items found, and keys asked for by key and found absent. */
function readOf(call: DbCallTrace): { table: string; key: Attributes; item?: Attributes }[] {
  const { command, input } = call;
  const output = call.output as Attributes | undefined;
  if (!output) return [];
  const table = input.TableName as string;
  if (command === 'GetItem' && readsWholeItems(input)) {
    return [{ table, key: primaryKey(input.Key as Attributes), item: output.Item as Attributes | undefined }];
  }
  if ((command === 'Query' || command === 'Scan') && readsWholeItems(input)) {
    return ((output.Items ?? []) as Attributes[]).map((item) => ({ table, key: primaryKey(item), item }));
  }
  if (command === 'BatchGetItem' && Object.keys((output.UnprocessedKeys ?? {}) as Attributes).length === 0) {
    const responses = (output.Responses ?? {}) as Record<string, Attributes[]>;
    return Object.entries(input.RequestItems as Record<string, Attributes>)
      .filter(([, request]) => readsWholeItems(request))
      .flatMap(([name, request]) => {
        const found = new Map((responses[name] ?? []).map((item) => [identity(name, item), item]));
        return (request.Keys as Attributes[]).map((key) => ({
          table: name,
          key: primaryKey(key),
          item: found.get(identity(name, key)),
        }));
      });
  }
  if (command === 'TransactGetItems') {
    const responses = (output.Responses ?? []) as { Item?: Attributes }[];
    return (input.TransactItems as { Get: Attributes }[]).flatMap(({ Get }, index) =>
      readsWholeItems(Get)
        ? [
            {
              table: Get.TableName as string,
              key: primaryKey(Get.Key as Attributes),
              item: responses[index]?.Item,
            },
          ]
        : [],
    );
  }
  return [];
}

/**
 * Each item the request wrote, in the order of its first write, with its before-image where the
 * trace shows it: absent when the first write required the item's absence (a create that
 * succeeded), else the whole item a read of an earlier round trip returned (or its absence, read by
 * key). An item without one (an unconditional write, an `ADD` to a counter never read) can only be
 * replayed onto the table as it is now.
 */
export function writtenItems(trace: readonly DbCallTrace[]): WrittenItem[] {
  const firstWrites = new Map<string, ItemWrite & { roundTrip: number }>();
  for (const call of trace) {
    for (const write of writesOf(call)) {
      const id = identity(write.table, write.key);
      if (!firstWrites.has(id)) firstWrites.set(id, { ...write, roundTrip: call.roundTrip });
    }
  }
  const read = new Map<string, ItemState>();
  for (const call of trace) {
    for (const { table, key, item } of readOf(call)) {
      const id = identity(table, key);
      const write = firstWrites.get(id);
      if (!write || read.has(id) || call.roundTrip >= write.roundTrip) continue;
      read.set(id, { TableName: table, Key: key, ...(item && { Item: item }) });
    }
  }
  return [...firstWrites].map(([id, write]) => {
    const before = write.creates ? { TableName: write.table, Key: write.key } : read.get(id);
    return { TableName: write.table, Key: write.key, ...(before && { before }) };
  });
}
