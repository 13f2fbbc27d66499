import { createHash } from 'node:crypto';
import type { ItemKey } from '../key-parts';
import { apiKeyPartition, encodeKeyPart, join, organizationSegment, separator } from '../key-parts';
import { defineArea } from './definition';

/** Erasure (issue 15, decisions §34), a user's data, and the due index every reconciler handler reads. */
export const lifecycleArea = defineArea({
  entities: {
    eraseJob: { indexes: ['gsi7'] },
  },
  accessPatterns: {
    erasureFence: { index: 'table' },
    incarnations: { index: 'table' },
    eraseJob: { index: 'table' },
    documentPartitionsOfOrganization: { index: 'gsi2' },
    userData: { index: 'gsi8' },
    dueWork: { index: 'gsi7' },
  },
});

/** The keys of erasure jobs and of a user's data listing. */
export const lifecycleKeys = {
  /** An erasure job (organization / document deletion cascade, a user's data): API-key wide. */
  eraseJob: (apiKey: string, jobId: string): ItemKey => ({
    pk: apiKeyPartition(apiKey, 'ERASE'),
    sk: join('JOB', encodeKeyPart(jobId)),
  }),
  /**
   * Index keys (gsi8) placing an item among a user's data (addendum §10): the user's access item,
   * group memberships, inbox entries, comments, reactions, activities, judgments, CRDT editors. Sorted by organization, then
   * feature and ids, so one Query pages through everything of the user, or of one organization.
   */
  userDataListing: (
    apiKey: string,
    userId: string,
    organizationId: string,
    feature: string,
    ...ids: string[]
  ) => ({
    gsi8pk: apiKeyPartition(apiKey, 'USER', encodeKeyPart(userId)),
    gsi8sk: join(organizationSegment(organizationId), feature, ...ids.map(encodeKeyPart)),
  }),
  userDataPartition: (apiKey: string, userId: string) =>
    apiKeyPartition(apiKey, 'USER', encodeKeyPart(userId)),
  /** Sort-key prefix of a user's data in one organization. */
  userDataOrganizationPrefix: (organizationId: string) =>
    `${organizationSegment(organizationId)}${separator}`,
} as const;

/**
 * Shards of the due index: each takes a 64th of the due-time writes of every tenant (docs/scale.md:
 * 10,000 events/s make ≈ 50,000 index writes/s, ≈ 780 per shard, under a partition's 1,000).
 */
export const dueIndexShards = 64;

/** The due index's partition of one shard. */
export const dueIndexPartition = (shard: number) => join('DUE', String(shard));

/**
 * The due-index attributes of an item that needs looking at by `dueAt` (epoch ms) unless its work is
 * done first: the reconciler finds it once the time has passed. The shard follows the item's whole
 * key, so one item always lands in the same shard while the items of one partition (a busy
 * endpoint's deliveries, a tenant's outbox) spread over all shards. The only index partition not under an API key: a sweep
 * across tenants needs one, and it holds keys only (the reconciler reads the items themselves).
 */
export function dueIndexKeys(key: ItemKey, dueAt: number): { gsi7pk: string; gsi7sk: string } {
  const shard =
    createHash('sha256').update(`${key.pk}\u0000${key.sk}`).digest().readUInt32BE(0) % dueIndexShards;
  return {
    gsi7pk: dueIndexPartition(shard),
    gsi7sk: String(Math.max(0, Math.ceil(dueAt))).padStart(15, '0'),
  };
}

/**
 * The due index's partition of quarantined items: ones whose handler failed too often in a row. No
 * sweep reads it; operators list and release it (`npm run admin -- quarantined`, `release-quarantined`).
 */
export const dueQuarantinePartition = join('DUE', 'QUARANTINE');

/** The sort-key bound of the due index for "due by `time`". */
export const dueIndexBound = (time: number) => String(Math.max(0, Math.floor(time))).padStart(15, '0');
