import { type RecountProgress, recountOrganization } from '../../shared/comments/recount';
import { withIncarnations } from '../../shared/db/incarnations';
import { organizationIdsOf } from '../../shared/erasure/backfill-repository';
import { findCredentialForAuth } from '../../shared/workspace/repository';
import { defineAdminCommand } from './command';
import { apiKeysOf, organizationWalkOf, organizationWalkOptions, resumeHint } from './organization-walk';

/**
 * `recount-thread-counters`: recounts every document's thread counters from its thread items
 * (decisions §86), for threads stored before the counters existed; organization by organization,
 * with a progress line after each. A document that kept changing is named on its organization's
 * line and left as it was. Idempotent, and resumable with `--after` from the last line's
 * organization. Each API key's organizations are walked in its current incarnations, so keys
 * name the live records, as its requests do.
 */
export const recountThreadCountersCommand = defineAdminCommand({
  summary:
    'After upgrading a stack that holds comment threads from before thread counts existed: recount each document’s thread and read counts from its threads. Safe to run twice, and beside traffic.',
  options: organizationWalkOptions,
  async run(values, output) {
    const { apiKey, after } = organizationWalkOf(values);
    const progress: RecountProgress = { organizations: 0, documents: 0, countersWritten: 0, unsettled: [] };
    for await (const key of apiKeysOf(apiKey)) {
      const incarnations = (await findCredentialForAuth(key))?.incarnations ?? {};
      const organizationIds = (await organizationIdsOf(key)).filter(
        (id) => after === undefined || id > after,
      );
      for (const organizationId of organizationIds) {
        const unsettledBefore = progress.unsettled.length;
        await withIncarnations(incarnations, () => recountOrganization(key, organizationId, progress));
        const unsettled = progress.unsettled.slice(unsettledBefore).map((scope) => scope.documentId);
        output.out(
          `recount-thread-counters: ${key} ${JSON.stringify(organizationId)} done; ` +
            `${progress.organizations} organizations, ${progress.documents} documents, ` +
            `${progress.countersWritten} counters written` +
            (unsettled.length > 0 ? `, kept changing (run again): ${JSON.stringify(unsettled)}` : '') +
            ` ${resumeHint(key, organizationId)}`,
        );
      }
    }
    output.out(
      `Done: ${progress.organizations} organizations, ${progress.documents} documents, ` +
        `${progress.countersWritten} counters written, ${progress.unsettled.length} documents kept changing.`,
    );
    return progress.unsettled.length > 0 ? 1 : 0;
  },
});
