/**
 * Minimal edits between two sequences by common prefix and suffix: everything both share at the
 * start and the end stays untouched (so Yjs keeps those items, their ids and the cursors anchored
 * in them); the differing middle is deleted and re-inserted. Enough for REST replacement, where a
 * real client sent the whole new value and we only want to disturb what changed.
 */
export interface SpliceRange {
  /** Index of the first element that differs. */
  start: number;
  /** Elements of the old sequence to delete at `start`. */
  deleteCount: number;
  /** End (exclusive) of the new sequence's elements to insert at `start`, beginning at `start`. */
  insertEnd: number;
}

/**
 * The splice turning a sequence of `oldLength` elements into one of `newLength`, given
 * `equal(oldIndex, newIndex)`. Empty (`deleteCount` 0, `insertEnd === start`) when they are equal.
 */
export function spliceRange(
  oldLength: number,
  newLength: number,
  equal: (oldIndex: number, newIndex: number) => boolean,
): SpliceRange {
  let start = 0;
  const shorter = Math.min(oldLength, newLength);
  while (start < shorter && equal(start, start)) start += 1;
  let suffix = 0;
  while (suffix < shorter - start && equal(oldLength - 1 - suffix, newLength - 1 - suffix)) suffix += 1;
  return { start, deleteCount: oldLength - start - suffix, insertEnd: newLength - suffix };
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/**
 * The splice between two strings in UTF-16 code units (Y.Text's indexing), widened so it never
 * cuts a surrogate pair: Yjs replaces half a pair with U+FFFD, which would corrupt emoji that
 * share a high surrogate (`😀` → `😁`).
 */
export function textSplice(oldText: string, newText: string): SpliceRange {
  const range = spliceRange(oldText.length, newText.length, (i, j) => oldText[i] === newText[j]);
  let { start, deleteCount, insertEnd } = range;
  if (start > 0 && isHighSurrogate(oldText.charCodeAt(start - 1)) && (deleteCount > 0 || insertEnd > start)) {
    start -= 1;
    deleteCount += 1;
  }
  const oldEnd = start + deleteCount;
  if (
    oldEnd < oldText.length &&
    isLowSurrogate(oldText.charCodeAt(oldEnd)) &&
    (deleteCount > 0 || insertEnd > start)
  ) {
    deleteCount += 1;
    insertEnd += 1;
  }
  return { start, deleteCount, insertEnd };
}
