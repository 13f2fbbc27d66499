import type * as z from 'zod/mini';
import '../core/zod-messages';
import { invalidArgument } from '../core/errors';

/** One validation problem, as listed in `details.issues`. */
export interface ValidationIssue {
  path: string;
  message: string;
}

/** Field names longer than this are shortened in paths, so an answer never echoes a huge name. */
const maxPathNameLength = 64;

const shortName = (name: string) =>
  name.length > maxPathNameLength ? `${name.slice(0, maxPathNameLength)}…` : name;

/** `['users', 2, 'userId']` → `users[2].userId`; the root is `data`; long names are shortened. */
export function formatPath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return 'data';
  return path
    .map((part, index) => {
      if (typeof part === 'number') return `[${part}]`;
      const name = shortName(String(part));
      return index === 0 ? name : `.${name}`;
    })
    .join('');
}

/** Messages that say what is wrong in the caller's words: a missing field is `required`. */
const errorMap: z.core.$ZodErrorMap = (issue) => {
  if ((issue.code === 'invalid_type' || issue.code === 'invalid_value') && issue.input === undefined)
    return 'required';
  if (issue.code === 'unrecognized_keys')
    return `unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.join(', ')}`;
  return undefined;
};

function toIssues(error: z.core.$ZodError): ValidationIssue[] {
  return error.issues.map((issue) => {
    const path =
      issue.code === 'unrecognized_keys' && issue.keys.length === 1
        ? [...issue.path, issue.keys[0]!]
        : issue.path;
    return { path: formatPath(path), message: issue.message };
  });
}

/** INVALID_ARGUMENT whose message names each field path (`users[2].userId: required`) and whose `details.issues` lists them. */
export const invalidInput = (issues: ValidationIssue[]) =>
  invalidArgument(issues.map((issue) => `${issue.path}: ${issue.message}`).join('; '), { issues });

/**
 * Parses `value` with `schema`, or throws INVALID_ARGUMENT (`invalidInput`) naming every problem.
 */
export function parseOrThrow<Schema extends z.ZodMiniType>(schema: Schema, value: unknown): z.output<Schema> {
  const parsed = schema.safeParse(value, { error: errorMap });
  if (parsed.success) return parsed.data;
  throw invalidInput(toIssues(parsed.error));
}
