import { lifecycleArea } from '../lifecycle';
import { documentArea } from './definition';

/** What docs/data-model.md says of `lifecycleArea`: its title, item layouts and attributes, access patterns. */
export const lifecycleDocs = documentArea(lifecycleArea, {
  title: 'Data lifecycle and due work',
  entities: {
    eraseJob: {
      pk: 'AK#<ak>#ERASE',
      sk: 'JOB#<jobId>',
      attributes:
        'jobId, kind (`organization`, `document`, `user`), targets (`[{ organizationId, documentId? }]`), userId?, organizationIds?, status, counts (per eraser or feature), message?, apiKey, leaseUntil? + gsi7pk/gsi7sk while running, resumes?, createdAt, updatedAt',
    },
  },
  accessPatterns: {
    erasureFence: {
      pattern: 'fence: targets being erased',
      pk: '`AK#<apiKey>`',
      sk: "`CREDENTIAL` (attribute `erasing`, string set; an entry names the target's incarnation, decisions §41)",
      operation:
        "`ADD` in the delete transaction (condition `size(erasing) <= 1000 - n`); read by API-key auth's GetItem (projection); `DELETE` in the job's completing transaction",
      usedBy: 'every K route (`defineEndpoint`), deletion routes, erasure worker',
    },
    incarnations: {
      pattern: 'incarnations of re-created ids (decisions §41)',
      pk: '`AK#<apiKey>`',
      sk: '`CREDENTIAL` (attribute `incarnations`, map `\'["<org>"]\'` / `\'["<org>","<doc>"]\'` → n)',
      operation:
        "`SET incarnations.#id = n + 1` in the re-creating transaction, conditioned on the value read (`SET incarnations = :map` with `attribute_not_exists` the first time; ≤ 1,000 entries); read by API-key auth's GetItem (projection)",
      usedBy:
        "every K route (`defineEndpoint`: the request's incarnations), `organizations.add`, `organizations.documents.add` (decisions §46), realtime `$connect`",
    },
    eraseJob: {
      pattern: 'erasure job',
      pk: '`AK#<ak>#ERASE`',
      sk: '`JOB#<jobId>`',
      operation:
        'Put in the delete transaction; GetItem (consistent); claim / lease renewal (with counts) UpdateItem conditioned on status; completion TransactWriteItems',
      usedBy: 'deletion routes, `users.data.delete(.status)`, erasure worker, reconciler (gsi7)',
    },
    documentPartitionsOfOrganization: {
      pattern: "an organization's CRDT and comment partitions",
      pk: '`AK#<ak>#ORG#<org>#CRDT`, `AK#<ak>#ORG#<org>#COMMENTS`',
      sk: '`<doc>` (one entry per CRDT editor head, per comment thread item)',
      operation: 'Query (pk), then each partition Query + BatchWriteItem',
      usedBy: 'organization erasure, `recount-thread-counters` (comment partitions)',
    },
    userData: {
      pattern: "a user's data",
      pk: '`AK#<ak>#USER#<user>`',
      sk: '`<org>#<feature>#<ids>` (`access`, `activity`, `comment#<ann>#<comment>`, `crdt#<doc>#<editor>` (an editor), `crdt#<doc>#<editor>#<versionId>` (a version), `group#<group>`, `judgment`, `notification` (inbox entry), `notificationconfig` / `notificationconfig#<doc>` (notification preferences), `sent` (a notification record, by its `actionUser`), `reaction#<ann>#<comment>#<icon>`)',
      operation:
        'Query (100 keys, `begins_with <org>#` for one organization) + BatchGetItem (+ 1 BatchGetItem of the groups / comments when the page holds group or reaction index items)',
      usedBy: '`users.data.get`, user erasure',
    },
    dueWork: {
      pattern: 'due work, every tenant',
      pk: "`DUE#<shard>` (64, by the item's key); `DUE#QUARANTINE` for items whose handler failed too often (never swept)",
      sk: '`<dueAt, 15 digits>` ≤ now (quarantine: when quarantined)',
      operation:
        'Query per shard + BatchGetItem of the items; a failed item: UpdateItem (later due time or quarantine, with dueFailures, dueError, dueFailedAt, dueRetrySk); quarantine: Query + BatchGetItem, a release UpdateItem (due now, conditional on the quarantine)',
      usedBy: 'reconciler (decisions §32); `npm run admin -- quarantined`, `release-quarantined` (§62)',
    },
  },
});
