import { type BackfillProgress, backfillApiKey } from '../../shared/erasure/backfill';
import { defineAdminCommand } from './command';
import { apiKeysOf, organizationWalkOf, organizationWalkOptions, resumeHint } from './organization-walk';

/**
 * `backfill-lifecycle-indexes`: gives items written before the data-lifecycle indexes existed their
 * entries (decisions §34, §36), organization by organization, with a progress line after each;
 * idempotent, and resumable with `--after` from the last line's organization.
 */
export const backfillLifecycleIndexesCommand = defineAdminCommand({
  summary:
    'After upgrading a stack that holds data from before data export and erasure existed: index that old data so user-data export, erasure and organization listings find it. Safe to run twice.',
  options: organizationWalkOptions,
  async run(values, output) {
    const { apiKey, after } = organizationWalkOf(values);
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
              resumeHint(key, organizationId),
          ),
        after,
      );
    }
    output.out(`Done: ${progress.organizations} organizations, ${progress.rewritten} items given entries.`);
    return 0;
  },
});
