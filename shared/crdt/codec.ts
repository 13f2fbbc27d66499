import * as Y from 'yjs';
import { failedPrecondition } from '../core/errors';
import { maxNestingDepth, typeNestsTooDeep } from './depth';
import { spliceRange, textSplice } from './diff';
import type { CrdtType, CrdtValue, EditorHead } from './schemas';

/**
 * Yjs encode/apply for the four editor types (addendum §6): `text` → Y.Text, `map` → Y.Map,
 * `array` → Y.Array, `xml` → Y.XmlFragment, each the root type named `contentKey`. Map values and
 * array elements are plain JSON (Yjs `ContentAny`), not nested shared types. An `xml` string is the
 * content of one Y.XmlText inside the fragment: no XML parser is needed, edits are text diffs, and
 * the fragment's `toString()` gives the string back — also after a client added its own elements.
 */

/** A document holding every given update (snapshots and appended ones; applying one twice is a no-op). */
export function docFromUpdates(updates: readonly Uint8Array[]): Y.Doc {
  const doc = new Y.Doc();
  doc.transact(() => {
    for (const update of updates) Y.applyUpdate(doc, update);
  });
  return doc;
}

type EditorShape = Pick<EditorHead, 'editorId' | 'type' | 'contentKey'>;

/**
 * The editor's root type when reading it recurses (map, array, xml) and it nests deeper than
 * `maxNestingDepth` — content stored before writes were checked; undefined otherwise. A text's
 * value is read without recursion, so a text root is never unreadable.
 */
export function tooDeepRoot(
  doc: Y.Doc,
  head: EditorShape,
): Y.XmlFragment | Y.Map<unknown> | Y.Array<unknown> | undefined {
  const { type, contentKey } = head;
  if (type === 'text') return undefined;
  const root =
    type === 'xml'
      ? doc.getXmlFragment(contentKey)
      : type === 'map'
        ? doc.getMap(contentKey)
        : doc.getArray(contentKey);
  return typeNestsTooDeep(root) ? root : undefined;
}

/**
 * The plain JSON value of the editor's root type. Content nested too deep (`tooDeepRoot`) is
 * refused before Yjs reads it recursively: FAILED_PRECONDITION naming the editor, which
 * crdt/update repairs (`clearDeepContent`).
 */
export function readValue(doc: Y.Doc, head: EditorShape): CrdtValue {
  if (tooDeepRoot(doc, head)) {
    throw failedPrecondition(
      `Editor ${head.editorId} holds content nested deeper than ${maxNestingDepth} levels, stored before ` +
        'that limit; replace its data with /v2/crdt/update (or delete the document).',
    );
  }
  const { type, contentKey } = head;
  switch (type) {
    case 'text':
      return doc.getText(contentKey).toString();
    case 'xml':
      return doc.getXmlFragment(contentKey).toString();
    case 'map':
      return doc.getMap(contentKey).toJSON();
    case 'array':
      return doc.getArray(contentKey).toJSON();
  }
}

/**
 * Changes the editor's root type to hold `value` with the fewest operations (text and xml: a
 * prefix/suffix string splice; map: set changed keys, delete removed ones; array: a prefix/suffix
 * splice of deep-equal elements), in one transaction. Returns exactly the incremental update.
 */
export function applyValue(doc: Y.Doc, type: CrdtType, contentKey: string, value: CrdtValue): Uint8Array {
  const before = Y.encodeStateVector(doc);
  doc.transact(() => {
    switch (type) {
      case 'text':
        spliceText(doc.getText(contentKey), value as string);
        break;
      case 'xml':
        spliceText(xmlTextOf(doc.getXmlFragment(contentKey)), value as string);
        break;
      case 'map':
        replaceMap(doc.getMap(contentKey), value as Record<string, unknown>);
        break;
      case 'array':
        spliceArray(doc.getArray(contentKey), value as unknown[]);
        break;
    }
  });
  return Y.encodeStateAsUpdate(doc, before);
}

/** The whole state of a document as one update: what a snapshot stores. */
export const encodeState = (doc: Y.Doc): Uint8Array => Y.encodeStateAsUpdate(doc);

function spliceText(text: Y.Text | Y.XmlText, value: string): void {
  const current = text.toString();
  const { start, deleteCount, insertEnd } = textSplice(current, value);
  if (deleteCount > 0) text.delete(start, deleteCount);
  if (insertEnd > start) text.insert(start, value.slice(start, insertEnd));
}

/** The fragment's single text child; anything else (client-made elements) is replaced by one. */
function xmlTextOf(fragment: Y.XmlFragment): Y.XmlText {
  const first = fragment.get(0);
  if (fragment.length === 1 && first instanceof Y.XmlText) return first;
  if (fragment.length > 0) fragment.delete(0, fragment.length);
  const text = new Y.XmlText();
  fragment.insert(0, [text]);
  return text;
}

function replaceMap(map: Y.Map<unknown>, value: Record<string, unknown>): void {
  for (const key of [...map.keys()]) if (!Object.hasOwn(value, key)) map.delete(key);
  for (const [key, next] of Object.entries(value)) {
    if (!map.has(key) || !jsonEqual(map.get(key), next)) map.set(key, next);
  }
}

function spliceArray(array: Y.Array<unknown>, value: unknown[]): void {
  const current = array.toArray();
  const { start, deleteCount, insertEnd } = spliceRange(current.length, value.length, (i, j) =>
    jsonEqual(current[i], value[j]),
  );
  if (deleteCount > 0) array.delete(start, deleteCount);
  if (insertEnd > start) array.insert(start, value.slice(start, insertEnd));
}

/** Deep equality of JSON values (key order ignored). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((element, index) => jsonEqual(element, b[index]));
  }
  const aKeys = Object.keys(a);
  const bRecord = b as Record<string, unknown>;
  return (
    aKeys.length === Object.keys(b).length &&
    aKeys.every(
      (key) => Object.hasOwn(bRecord, key) && jsonEqual((a as Record<string, unknown>)[key], bRecord[key]),
    )
  );
}
