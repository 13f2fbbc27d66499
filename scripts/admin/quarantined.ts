import { quarantinedItems } from '../../shared/reconcile/quarantine';
import { defineAdminCommand } from './command';

/** `quarantined`: the due items the reconciler quarantined, and why (decisions §62). */
export const quarantinedCommand = defineAdminCommand({
  summary:
    'List the background jobs the service stopped retrying after repeated failures (id, kind, key, failures, when, last error).',
  options: [],
  async run(_values, output) {
    let listed = 0;
    for await (const item of quarantinedItems()) {
      const failedAt = item.failedAt > 0 ? new Date(item.failedAt).toISOString() : 'unknown';
      output.out(
        `${item.id}  ${item.entity}  ${item.key.pk}  ${item.key.sk}  ${item.failures} failures  failed ${failedAt}  ${item.error.replace(/\s+/g, ' ')}`,
      );
      listed += 1;
    }
    output.out(
      listed > 0
        ? `${listed} quarantined; once the cause is fixed: npm run admin -- release-quarantined <id> (or --all)`
        : '0 quarantined.',
    );
    return 0;
  },
});
