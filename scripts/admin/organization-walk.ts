import { scanCredentials } from '../../shared/admin/sealed-values-repository';
import { type AdminOption, type OptionValues, UsageError } from './command';

/**
 * What the commands that walk every organization (backfill-lifecycle-indexes,
 * recount-thread-counters) share: their options and the API keys they walk.
 */

/** `--api-key` and `--after`: one API key, and where to resume within it. */
export const organizationWalkOptions: readonly AdminOption[] = [
  {
    name: 'api-key',
    value: '<apiKey>',
    description: 'Only this API key (default: every API key, found by reading the whole table).',
  },
  {
    name: 'after',
    value: '<organizationId>',
    description: 'Continue after this organization of --api-key: the last one a progress line named.',
  },
];

/** The `--api-key` and `--after` values; throws `UsageError` for `--after` without `--api-key`. */
export function organizationWalkOf(values: OptionValues) {
  const apiKey = values['api-key'] as string | undefined;
  const after = values.after as string | undefined;
  if (after !== undefined && apiKey === undefined) throw new UsageError('--after needs --api-key.');
  return { apiKey, after };
}

/** The API keys to walk: the one given, or every API key (a paginated Scan of the credentials). */
export async function* apiKeysOf(given: string | undefined): AsyncGenerator<string> {
  if (given !== undefined) {
    yield given;
    return;
  }
  let start: Record<string, unknown> | undefined;
  do {
    const page = await scanCredentials(start);
    yield* page.apiKeys;
    start = page.next;
  } while (start);
}

/** The progress line's resume hint after `organizationId`. */
export const resumeHint = (apiKey: string, organizationId: string) =>
  `(resume: --api-key ${apiKey} --after ${JSON.stringify(organizationId)})`;
