import type { logger } from '../core/logger';
import { entities } from '../db/entities';
import { withIncarnations } from '../db/incarnations';
import type { OutboxPut } from '../plugins/event-outbox';
import type { DueHandler } from '../reconcile/reconciler';
import { getNotificationConfig } from '../settings/service';
import {
  closeDigestWindow,
  minuteMs,
  readDigestWindow,
  undigestedEntries,
  type WindowOutcome,
} from './digest-repository';
import { findUserPreferences } from './preference-repository';
import { letsThrough, preferencesInForce } from './preference-service';
import { findRecords } from './repository';
import { type DigestWindow, digestWindow, type InboxEntry } from './schemas';

/**
 * Entries younger than this at a sweep wait for the next window: an inbox write in flight (a
 * request of at most 30 s) may still commit an entry stamped before the sweep, and the watermark
 * must never pass an entry that is not stored yet.
 */
export const digestWriteGraceMs = 60_000;

/** Attempts at one window when inbox writes keep changing it between its reads and its write. */
const windowAttempts = 3;

/** What a sweep does with a due window: the outcome to record and, when anything passed, the digest's data. */
interface DigestPlan {
  outcome: WindowOutcome;
  data?: {
    userId: string;
    organizationId: string;
    unreadCount: number;
    notifications: Record<string, unknown>[];
  };
}

/** Newest first; entries written in the same millisecond by notification id, for a stable order. */
const newestFirst = (a: InboxEntry, b: InboxEntry) =>
  b.timestamp - a.timestamp || b.notificationId.localeCompare(a.notificationId);

/**
 * Plans a due window: the user's unread entries after the watermark (one Query) with the digest
 * config (one GetItem, beside it), the entries up to `now − digestWriteGraceMs` kept where the
 * `email` preference in force now lets them through (one BatchGetItem for the organization's and
 * their documents' preferences), and the newest `maxItems` of them with their shared records (one
 * BatchGetItem). Younger entries wait for the next window, due `delayMinutes` after the first.
 * With digests turned off since, nothing is sent and the window closes.
 */
async function planDigest(window: DigestWindow, now: number): Promise<DigestPlan> {
  const { apiKey, organizationId, userId } = window;
  const [config, entries] = await Promise.all([
    getNotificationConfig(apiKey),
    undigestedEntries(apiKey, window),
  ]);
  const bound = now - digestWriteGraceMs;
  const due = entries.filter((entry) => !config.digest.isEnabled || entry.timestamp <= bound);
  const later = entries.filter((entry) => !due.includes(entry));
  // The watermark passes the entries this window took, not the sweep's clock: an entry stamped
  // between the newest of them and the bound that was still in flight is taken next time.
  const digestedThrough = due.reduce(
    (newest, entry) => Math.max(newest, entry.timestamp),
    window.digestedThrough,
  );
  if (!config.digest.isEnabled) return { outcome: { digestedThrough } };
  const outcome: WindowOutcome =
    later.length > 0
      ? {
          digestedThrough,
          // Entries come oldest first: the first left is the next window's first.
          nextDueAt: (later[0] as InboxEntry).timestamp + config.digest.delayMinutes * minuteMs,
        }
      : { digestedThrough };
  if (due.length === 0) return { outcome };
  const stored = await findUserPreferences(apiKey, organizationId, userId, [
    ...new Set(due.map((entry) => entry.documentId)),
  ]);
  const passed = due
    .filter((entry) => {
      const { email } = preferencesInForce(stored.organization, stored.documents.get(entry.documentId));
      return letsThrough(email, entry.involved === true);
    })
    .sort(newestFirst);
  if (passed.length === 0) return { outcome };
  const listed = passed.slice(0, config.digest.maxItems);
  const records = new Map(
    (
      await findRecords(
        apiKey,
        organizationId,
        listed.map((entry) => entry.notificationId),
      )
    ).map((record) => [record.id, record]),
  );
  return {
    outcome,
    data: {
      userId,
      organizationId,
      unreadCount: passed.length,
      // An entry whose record is gone meanwhile (its document being erased) is counted, not listed.
      notifications: listed.flatMap((entry) => {
        const record = records.get(entry.notificationId);
        return record ? [record] : [];
      }),
    },
  };
}

/**
 * Handles one due window: plans it and records the outcome, with the digest's outbox event in the
 * same transaction when anything passed (`closeDigestWindow`), so a crash before the write sends
 * nothing and leaves the window due, and a crash after it has sent and closed it. A window that an
 * inbox write changed between the reads and the write is read again and planned afresh; one that
 * another sweep handled (or that is gone with its user) is left alone. Returns whether a digest was
 * sent; throws when the window kept changing (the reconciler backs it off).
 */
async function handleWindow(putEvent: OutboxPut, first: DigestWindow, now: number): Promise<boolean> {
  let window: DigestWindow | undefined = first;
  for (let attempt = 0; attempt < windowAttempts; attempt += 1) {
    if (window?.gsi7sk === undefined) return false;
    const { outcome, data } = await planDigest(window, now);
    const event =
      data &&
      putEvent(
        window.apiKey,
        {
          event: 'notification.digest',
          actionType: 'digest',
          source: 'notification',
          data,
          organizationId: window.organizationId,
          toUsers: [{ userId: window.userId }],
        },
        now,
      );
    if (await closeDigestWindow(window, outcome, now, event)) return event !== undefined;
    const read: string = window.gsi7sk;
    window = await readDigestWindow({ pk: window.pk, sk: window.sk });
    // Moved by another sweep (or backed off by the reconciler): not this sweep's to handle.
    if (window?.gsi7sk !== read) return false;
  }
  throw new Error('inbox writes kept changing the digest window; backed off');
}

/**
 * The reconciler's handler of notification digest windows (the organization inbox counters whose
 * window is due): one `notification.digest` event per window, written through `putEvent` (the
 * webhooks domain's outbox, handed over by the composition root: webhook delivery reads this domain,
 * so it cannot import that one). Each window's keys are built in the incarnations it was opened in.
 */
export function notificationDigestDueHandler(putEvent: OutboxPut): DueHandler {
  return {
    entity: entities.inboxCounter.name,
    async handle(items: readonly Record<string, unknown>[], now: number, log: typeof logger) {
      let sent = 0;
      for (const item of items) {
        const window = digestWindow.parse(item);
        const handled = await withIncarnations(window.digestIncarnations ?? {}, () =>
          handleWindow(putEvent, window, now),
        );
        if (handled) sent += 1;
      }
      if (sent > 0) log.info('notification digests sent', { sent });
      return sent;
    },
  };
}
