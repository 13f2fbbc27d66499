import * as Y from 'yjs';
import { maxBodyDepth } from '../http/input-limits';

/**
 * Deepest nesting an editor's content may have: the root type is level 1, and each shared type,
 * JSON object or JSON array inside a level-n container is at level n + 1. 30 levels: what a REST
 * body carries as `data` (32 levels less the body and its `data` field), so every stored value can
 * be read back, written again with crdt/update and published in a `crdt.update_data` outbox item
 * (the value sits at level 3 of the item; DynamoDB stores 32). Yjs reads nested content recursively
 * (`toJSON`, an XML fragment's `toString`, lib0's encoding of JSON values) and Node's stack gives
 * out at a few thousand levels, so a bound this low also keeps every recursive read short.
 */
export const maxNestingDepth = maxBodyDepth - 2;

/**
 * Whether any of `roots` (each at level 1) nests containers deeper than `limit`. `childrenOf` gives
 * a container's child values, or undefined for a value that is no container (scalars, binary).
 * Iterative (an explicit stack, never recursion), visits each node once and stops at the first
 * container past the limit: linear in the content and safe on hostile input.
 */
export function nestsDeeperThan(
  roots: Iterable<unknown>,
  childrenOf: (value: unknown) => Iterable<unknown> | undefined = jsonChildren,
  limit = maxNestingDepth,
): boolean {
  const stack: { children: Iterable<unknown>; level: number }[] = [];
  const push = (value: unknown, level: number) => {
    const children = childrenOf(value);
    if (children) stack.push({ children, level });
  };
  for (const root of roots) push(root, 1);
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    if (node.level > limit) return true;
    for (const child of node.children) push(child, node.level + 1);
  }
  return false;
}

/** The children of a JSON container (object or array); undefined for anything else. */
function jsonChildren(value: unknown): Iterable<unknown> | undefined {
  if (typeof value !== 'object' || value === null || ArrayBuffer.isView(value)) return undefined;
  return Array.isArray(value) ? value : Object.values(value);
}

/** Containers one content struct holds: a nested shared type, or JSON values (objects and arrays count). */
function contentValues(content: Y.Item['content']): unknown[] {
  if (content instanceof Y.ContentType) return [content.type];
  if (content instanceof Y.ContentAny || content instanceof Y.ContentJSON) return content.arr;
  if (content instanceof Y.ContentEmbed) return [content.embed];
  if (content instanceof Y.ContentFormat) return [content.value];
  return [];
}

/** The values inside a shared type's live items (its keyed entries and its sequence). */
function* typeChildren(type: Pick<Y.AbstractType<unknown>, '_map' | '_start'>): Generator<unknown> {
  for (const item of type._map.values()) if (!item.deleted) yield* contentValues(item.content);
  for (let item = type._start; item !== null; item = item.right)
    if (!item.deleted) yield* contentValues(item.content);
}

/** Children of a shared type or a JSON container inside Yjs content. */
const yjsChildren = (value: unknown): Iterable<unknown> | undefined =>
  value instanceof Y.AbstractType ? typeChildren(value) : jsonChildren(value);

/**
 * Whether a shared type (with the types and JSON values inside it) nests deeper than
 * `maxNestingDepth`; iterative, linear, deleted content skipped (reads skip it too).
 */
export const typeNestsTooDeep = (type: Y.XmlFragment | Y.Map<unknown> | Y.Array<unknown>): boolean =>
  nestsDeeperThan([type], yjsChildren);

/** Whether any root type of a document nests deeper than `maxNestingDepth` (a client's update is checked with it). */
export const documentNestsTooDeep = (doc: Y.Doc): boolean => nestsDeeperThan(doc.share.values(), yjsChildren);

/**
 * Deletes everything inside `root`, deepest first, and garbage-collects it the same way. Yjs
 * deletes and collects a nested type recursively, top down, which overflows the stack on content
 * stored before the nesting check; bottom up, each nested type finds its children already gone.
 * The document afterwards encodes without the deleted content (as a snapshot must: an update that
 * deletes the nested types, applied to the old state, would recurse again). Iterative and linear.
 */
export function clearDeepContent(doc: Y.Doc, root: Pick<Y.AbstractType<unknown>, '_map' | '_start'>): void {
  const items: Y.Item[] = [];
  const types = [root];
  for (let index = 0; index < types.length; index += 1) {
    const type = types[index]!;
    const visit = (item: Y.Item) => {
      items.push(item);
      if (item.content instanceof Y.ContentType) types.push(item.content.type);
    };
    for (const entry of type._map.values())
      for (let item: Y.Item | null = entry; item; item = item.left) visit(item);
    for (let item = type._start; item !== null; item = item.right) visit(item);
  }
  const gc = doc.gc;
  doc.gc = false;
  try {
    doc.transact((transaction) => {
      for (let index = items.length - 1; index >= 0; index -= 1) {
        const item = items[index]!;
        if (!item.deleted) item.delete(transaction);
      }
    });
  } finally {
    doc.gc = gc;
  }
  for (let index = items.length - 1; index >= 0; index -= 1) {
    const item = items[index]!;
    if (!(item.content instanceof Y.ContentDeleted)) item.gc(doc.store, false);
  }
}
