import { scanCredentials } from '../../shared/admin/sealed-values-repository';
import { type BackfillProgress, backfillApiKey } from '../../shared/lifecycle/backfill';
import { type AdminCommand, UsageError } from './command';

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

function parse(args: readonly string[]): { apiKey?: string; after?: string } {
  const [first, ...rest] = args;
  if (first === undefined) return {};
  if (first.startsWith('--')) throw new UsageError(`unknown option ${first}`);
  if (rest.length === 0) return { apiKey: first };
  if (rest.length === 2 && rest[0] === '--after' && rest[1]) return { apiKey: first, after: rest[1] };
  throw new UsageError(`unexpected arguments: ${rest.join(' ')}`);
}

/**
 * `backfill-lifecycle-indexes`: gives items written before the data-lifecycle indexes existed their
 * entries (decisions §34, §36), organization by organization, with a progress line after each;
 * idempotent, and resumable with `--after` from the last line's organization.
 */
export const backfillLifecycleIndexesCommand: AdminCommand = {
  summary:
    'Give items written before issue 15 their lifecycle index entries (gsi2 listings, gsi8 user data).',
  usage: '[<apiKey> [--after <organizationId>]]',
  async run(args, output) {
    const { apiKey, after } = parse(args);
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
              `(resume: ${key} --after ${JSON.stringify(organizationId)})`,
          ),
        after,
      );
    }
    output.out(`Done: ${progress.organizations} organizations, ${progress.rewritten} items given entries.`);
    return 0;
  },
};
