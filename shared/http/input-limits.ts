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

/**
 * A value met by the walk, with the way back to `data` (paths are built only for a problem); a
 * visit with a `problem` reports it (a bad field name, found while listing its object).
 */
interface Visit {
  value: unknown;
  depth: number;
  parent: Visit | undefined;
  key: string | number | undefined;
  problem?: string;
}

function pathOf(visit: Visit): PropertyKey[] {
  const path: PropertyKey[] = [];
  for (let at: Visit | undefined = visit; at?.key !== undefined; at = at.parent) path.push(at.key);
  return path.reverse();
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
 * like validation issues); at most 20 are listed. Iterative and linear in the size of `data`, so a
 * body nested 100,000 levels costs no more than a flat one and cannot exhaust the stack.
 */
export function inputLimitIssues(data: unknown): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const report = (path: PropertyKey[], message: string) => {
    issues.push({ path: formatPath(path), message });
  };
  const pending: Visit[] = [{ value: data, depth: 2, parent: undefined, key: undefined }];
  while (pending.length > 0 && issues.length < maxReportedIssues) {
    const visit = pending.pop()!;
    const { value } = visit;
    if (visit.problem) report(pathOf(visit), visit.problem);
    else if (typeof value === 'string') {
      if (!value.isWellFormed()) report(pathOf(visit), loneSurrogate);
    } else if (typeof value === 'number') {
      const problem = numberProblem(value);
      if (problem) report(pathOf(visit), problem);
    } else if (value !== null && typeof value === 'object') {
      if (visit.depth > maxBodyDepth) {
        report(pathOf(visit), `nested deeper than ${maxBodyDepth} levels`);
        continue;
      }
      const depth = visit.depth + 1;
      // Children are pushed last-first so that problems are found, and listed, in document order.
      if (Array.isArray(value)) {
        for (let index = value.length - 1; index >= 0; index -= 1)
          pending.push({ value: value[index], depth, parent: visit, key: index });
      } else {
        const record = value as Record<string, unknown>;
        const keys = Object.keys(record);
        for (let index = keys.length - 1; index >= 0; index -= 1) {
          const key = keys[index]!;
          const child = record[key];
          const problem = keyProblem(key);
          // An empty name has no path of its own: its object is named instead.
          if (problem === undefined) pending.push({ value: child, depth, parent: visit, key });
          else if (key === '') pending.push({ ...visit, problem });
          else pending.push({ value: undefined, depth, parent: visit, key: key.toWellFormed(), problem });
        }
      }
    }
  }
  return issues;
}
