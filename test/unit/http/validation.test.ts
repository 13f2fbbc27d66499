import * as z from 'zod/mini';
import type { ApiError } from '../../../shared/core/errors';
import { formatPath, parseOrThrow } from '../../../shared/http/validation';

const schema = z.strictObject({
  organizationId: z.string(),
  users: z.array(z.strictObject({ userId: z.string(), name: z.optional(z.string()) })),
});

function failure(value: unknown): ApiError {
  try {
    parseOrThrow(schema, value);
  } catch (error) {
    return error as ApiError;
  }
  throw new Error('expected a validation failure');
}

describe('parseOrThrow', () => {
  it('returns the parsed value for valid input', () => {
    expect(parseOrThrow(schema, { organizationId: 'o', users: [] })).toEqual({
      organizationId: 'o',
      users: [],
    });
  });

  it('names the field path of a missing field as required', () => {
    const error = failure({ organizationId: 'o', users: [{ userId: 'a' }, { userId: 'b' }, {}] });
    expect(error.status).toBe('INVALID_ARGUMENT');
    expect(error.message).toBe('users[2].userId: required');
    expect(error.details).toEqual({ issues: [{ path: 'users[2].userId', message: 'required' }] });
  });

  it('lists every problem in details.issues', () => {
    const error = failure({ organizationId: 5, users: 'x', extra: true });
    const issues = (error.details?.issues ?? []) as { path: string }[];
    const paths = issues.map((issue) => issue.path).sort();
    expect(paths).toEqual(['extra', 'organizationId', 'users']);
    expect(error.message).toContain('extra: unknown field extra');
  });
});

describe('formatPath', () => {
  it('renders nested paths with indexes and names the root data', () => {
    expect(formatPath(['a', 0, 'b', 'c'])).toBe('a[0].b.c');
    expect(formatPath([])).toBe('data');
  });
});
