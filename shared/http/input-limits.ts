import type { StorageLimit } from '../db/storage-limits';
import { formatPath, type ValidationIssue } from './validation';

/**
 * Deepest JSON a request body may nest, the body object being level 1 (so `data` is level 2).
 * DynamoDB stores 32 levels per item; counting from the body leaves the levels between it and a
 * stored value (`data`, the field) as headroom for the wrappers items put around caller values.
 */
export const maxBodyDepth = 32;

/** Largest magnitude a number may have: JSON beyond it is not exact here, and DynamoDB's marshaller refuses it. */
export const maxNumberMagnitude = Number.MAX_SAFE_INTEGER;

/** Smallest non-zero magnitude DynamoDB stores (it answers smaller ones with "Number underflow"). */
export const minNumberMagnitude = 1e-130;

/** Problems listed at most per body; the walk stops there, so a hostile body gets a short answer. */
const maxReportedIssues = 20;

/** A value met by `walk`, with the way back to `data` (a path is built only when one is needed). */
interface Visit {
  value: unknown;
  depth: number;
  parent: Visit | undefined;
  key: string | number | undefined;
}

function pathOf(visit: Visit): PropertyKey[] {
  const path: PropertyKey[] = [];
  for (let at: Visit | undefined = visit; at?.key !== undefined; at = at.parent) path.push(at.key);
  return path.reverse();
}

const isContainer = (value: unknown): value is object => value !== null && typeof value === 'object';

/**
 * Visits `data` (at level 2) and everything in it, depth-first in document order, with an explicit
 * stack instead of recursion. `enter` answers `skip` to leave a value's children out, `stop` to end.
 */
function walk(data: unknown, enter: (visit: Visit) => 'skip' | 'stop' | undefined): void {
  const pending: Visit[] = [{ value: data, depth: 2, parent: undefined, key: undefined }];
  while (pending.length > 0) {
    const visit = pending.pop()!;
    const verdict = enter(visit);
    if (verdict === 'stop') return;
    const { value } = visit;
    if (verdict === 'skip' || !isContainer(value)) continue;
    const depth = visit.depth + 1;
    // Children go on the stack last-first, so that they come off it in document order.
    if (Array.isArray(value)) {
      for (let index = value.length - 1; index >= 0; index -= 1)
        pending.push({ value: value[index], depth, parent: visit, key: index });
    } else {
      const record = value as Record<string, unknown>;
      const keys = Object.keys(record);
      for (let index = keys.length - 1; index >= 0; index -= 1)
        pending.push({ value: record[keys[index]!], depth, parent: visit, key: keys[index] });
    }
  }
}

const loneSurrogate = 'not well-formed Unicode (lone surrogate)';

function numberProblem(value: number): string | undefined {
  const magnitude = Math.abs(value);
  if (!(magnitude <= maxNumberMagnitude))
    return `number beyond ±${maxNumberMagnitude} (2^53 − 1) cannot be stored exactly`;
  if (magnitude !== 0 && magnitude < minNumberMagnitude)
    return `non-zero number smaller than ${minNumberMagnitude} in magnitude cannot be stored`;
  return undefined;
}

function keyProblem(key: string): string | undefined {
  if (key === '') return 'empty field name';
  if (key === '__proto__') return 'reserved field name';
  if (!key.isWellFormed()) return `field name ${loneSurrogate}`;
  return undefined;
}

/**
 * What makes a parsed request `data` unfit for any route, whatever its schema: nesting deeper than
 * `maxBodyDepth`, strings or field names that are not well-formed UTF-16, empty or `__proto__`
 * field names, and numbers DynamoDB cannot store exactly. Each issue names its path (`data`-relative,
 * like validation issues); at most 20 are listed. Linear in the size of `data` and free of
 * recursion, so a body nested 100,000 levels costs no more than a flat one.
 */
export function inputLimitIssues(data: unknown): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const report = (path: PropertyKey[], message: string) => {
    issues.push({ path: formatPath(path), message });
  };
  walk(data, (visit) => {
    const { value } = visit;
    if (typeof value === 'string') {
      if (!value.isWellFormed()) report(pathOf(visit), loneSurrogate);
    } else if (typeof value === 'number') {
      const problem = numberProblem(value);
      if (problem) report(pathOf(visit), problem);
    } else if (isContainer(value)) {
      if (visit.depth > maxBodyDepth) {
        report(pathOf(visit), `nested deeper than ${maxBodyDepth} levels`);
        return 'skip';
      }
      if (!Array.isArray(value)) {
        for (const key of Object.keys(value)) {
          const problem = keyProblem(key);
          // An empty name has no path of its own: its object is named instead.
          if (problem) report(key === '' ? pathOf(visit) : [...pathOf(visit), key.toWellFormed()], problem);
        }
      }
    }
    return issues.length >= maxReportedIssues ? 'stop' : undefined;
  });
  return issues.slice(0, maxReportedIssues);
}

const jsonLength = (value: unknown) => JSON.stringify(value)?.length ?? 0;

/** The field holding most of `data`: down from `data` while one child holds over half of its parent's JSON. */
function heaviestPath(data: unknown): PropertyKey[] {
  const path: PropertyKey[] = [];
  let value = data;
  while (isContainer(value)) {
    const children: [PropertyKey, unknown][] = Array.isArray(value)
      ? value.map((child, index) => [index, child])
      : Object.entries(value);
    const sized = children.map(([key, child]) => ({ key, child, length: jsonLength(child) }));
    const heaviest = sized.reduce((best, next) => (next.length > best.length ? next : best), sized[0]!);
    if (!heaviest || heaviest.length * 2 <= jsonLength(value)) break;
    path.push(heaviest.key);
    value = heaviest.child;
  }
  return path;
}

/** The first value in `data` for which `matches` holds, else `data` itself. */
function firstPath(data: unknown, matches: (visit: Visit) => boolean): PropertyKey[] {
  let found: Visit | undefined;
  walk(data, (visit) => {
    if (!matches(visit)) return undefined;
    found = visit;
    return 'stop';
  });
  return found ? pathOf(found) : [];
}

/**
 * The field of a request's `data` to name when what it asked to store broke a DynamoDB limit
 * (`brokenStorageLimit`): for the item size the field holding most of the body, for nesting the
 * first value at the deepest level, for an empty key or map key the first empty string. Only the
 * request is at hand, not the item, so this names the caller's field that made the item what it
 * is — exactly so when one field dominates, as it must for a body within 1 MiB to overflow 400 KB.
 */
export function blamedFieldPath(data: unknown, limit: StorageLimit): string {
  if (limit === 'item-size') return formatPath(heaviestPath(data));
  if (limit === 'nesting') {
    let deepest = 0;
    walk(data, (visit) => {
      deepest = Math.max(deepest, visit.depth);
      return undefined;
    });
    return formatPath(firstPath(data, (visit) => visit.depth === deepest));
  }
  return formatPath(firstPath(data, (visit) => visit.value === ''));
}
