import { quotasArea } from '../quotas';
import { documentArea } from './definition';

/** What docs/data-model.md says of `quotasArea`: its title, item layouts and attributes, access patterns. */
export const quotasDocs = documentArea(quotasArea, {
  title: 'Fair shares',
  entities: {
    rateWindow: {
      pk: 'AK#<ak>#QUOTA',
      sk: 'RATE#<kind>#<window>',
      keyNote: '`<kind>`: `http` or `realtime`; `<window>`: the second, in epoch seconds.',
      attributes: 'used (requests counted in the window), ttl (a minute after the window)',
    },
    jobSlots: {
      pk: 'AK#<ak>#QUOTA',
      sk: 'JOBS',
      attributes:
        'holders (string set of `<job>|<hold end, epoch ms>`: the runs holding a worker slot), createdAt, updatedAt',
    },
  },
  accessPatterns: {
    rateWindow: {
      pattern: "count a request in its key's window",
      pk: '`AK#<ak>#QUOTA`',
      sk: '`RATE#<kind>#<window>`',
      operation:
        'UpdateItem `ADD used 1` conditioned on `used < :limit` (beside the auth read); `ADD used -1` when auth then fails',
      usedBy: 'every API-key route, realtime `$connect` and `$default` (`shared/quotas/request-rate.ts`)',
    },
    jobSlots: {
      pattern: "a key's running background jobs",
      pk: '`AK#<ak>#QUOTA`',
      sk: '`JOBS`',
      operation:
        'UpdateItem `ADD holders` conditioned on `size(holders) < :cap`; when full GetItem + `DELETE` of passed holds and the job’s own, then the claim again; `DELETE` when the run ends',
      usedBy: 'background-job worker (`shared/quotas/job-slots.ts`)',
    },
  },
});
