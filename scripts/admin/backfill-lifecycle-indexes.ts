import { scanCredentials } from '../../shared/admin/sealed-values-repository';
import { type BackfillProgress, backfillApiKey } from '../../shared/erasure/backfill';
import { type AdminOption, defineAdminCommand, UsageError } from './command';

/** The API keys to backfill: the one given, or every API key (a paginated Scan of the credentials). */
async function* apiKeysOf(given: string | undefined): AsyncGenerator<string> {
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

const options: readonly AdminOption[] = [
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

/**
 * `backfill-lifecycle-indexes`: gives items written before the data-lifecycle indexes existed their
 * entries (decisions §34, §36), organization by organization, with a progress line after each;
 * idempotent, and resumable with `--after` from the last line's organization.
 */
export const backfillLifecycleIndexesCommand = defineAdminCommand({
  summary:
    'After upgrading a stack that holds data from before data export and erasure existed: index that old data so user-data export, erasure and organization listings find it. Safe to run twice.',
  options,
  async run(values, output) {
    const apiKey = values['api-key'] as string | undefined;
    const after = values.after as string | undefined;
    if (after !== undefined && apiKey === undefined) throw new UsageError('--after needs --api-key.');
    const progress: BackfillProgress = { organizations: 0, examined: 0, rewritten: 0, indexItems: 0 };
    for await (const key of apiKeysOf(apiKey)) {
      await backfillApiKey(
        key,
        progress,
        (organizationId) =>
          output.out(
            `backfill-lifecycle-indexes: ${key} ${JSON.stringify(organizationId)} done; ` +
              `${progress.organizations} organizations, ${progress.examined} items examined, ` +
              `${progress.rewritten} given entries, ${progress.indexItems} index items put ` +
              `(resume: --api-key ${key} --after ${JSON.stringify(organizationId)})`,
          ),
        after,
      );
    }
    output.out(`Done: ${progress.organizations} organizations, ${progress.rewritten} items given entries.`);
    return 0;
  },
});
