import { messageRetention } from '../settings/webhook-config-schemas';

/**
 * Message retention (addendum §11): a message and its attempts are kept `messageRetentionDays`
 * after its event. The table drops them by TTL, set on each message item when it is stored;
 * DynamoDB deletes lazily (up to days late) and a shortened retention applies at once, so every
 * route also leaves out messages past the cutoff of the retention in force.
 */

const dayMs = 24 * 60 * 60 * 1000;

/** The oldest event time (epoch ms) whose messages a retention still shows at `now`. */
export const retentionCutoff = (retentionDays: number, now: number): number => now - retentionDays * dayMs;

/**
 * The oldest event time any retention keeps: a bound a read can use before the API key's config
 * is read (it then drops what lies past the key's own cutoff).
 */
export const longestRetentionCutoff = (now: number): number => retentionCutoff(messageRetention.maxDays, now);

/** The `ttl` (epoch seconds) of a message item: its event time plus the retention in force when it was stored. */
export const messageTtl = (eventTimestamp: number, retentionDays: number): number =>
  Math.floor((eventTimestamp + retentionDays * dayMs) / 1000);
