import { randomUUID } from 'node:crypto';
import type * as z from 'zod/mini';
import { nowMs } from '../core/clock';
import { decodePageToken, encodePageToken } from '../db/page-token';
import { prefetchable } from '../http/prefetchable';
import { findResources } from '../organizations/repository';
import type { DocumentRecord } from '../organizations/schemas';
import { ensureDocumentTarget } from '../organizations/targets';
import { isFenced } from '../plugins/fence';
import { readInboxCounts } from './count-repository';
import { digestOpeningOf } from './digest-repository';
import { preferencesOfScope, preferencesOfUsers, type ScopePreferences } from './preference-repository';
import { inboxRecipients } from './preference-service';
import { readFirstMembers, resolveRecipients } from './recipients';
import {
  createRecord,
  deleteEntries,
  deleteNotifications as deleteWhole,
  documentNotificationIds,
  documentPage,
  findRecords,
  inboxPage,
  markFannedOut,
  markRead,
  recipientEntryKeys,
  updateRecord,
  userEntries,
  writeInbox,
} from './repository';
import type {
  AddNotification,
  CountNotifications,
  deleteNotificationsInput,
  GetNotifications,
  NotificationRecord,
  updateNotificationsInput,
} from './schemas';

/**
 * The stored notification preferences a notification's recipients may have: with `notifyAll`
 * every user's of the organization and the document (two Queries), else those of `notifyUsers`
 * (one BatchGetItem per 50 users).
 */
const readRecipientPreferences = (apiKey: string, input: AddNotification) =>
  input.notifyAll
    ? preferencesOfScope(apiKey, input.organizationId, input.documentId)
    : preferencesOfUsers(
        apiKey,
        input.organizationId,
        input.documentId,
        input.notifyUsers.map((user) => user.userId),
      );

/**
 * What notifications.add reads first: the organization with the document (one BatchGet), for
 * `notifyAll` the first page of members (one Query), and the recipients' stored preferences, in
 * parallel. Needs only the API key and the input, so it is the route's `prefetch` and travels with
 * the auth read (decisions §43): applying preferences adds no serial round trip.
 */
export const readNotificationAdd = (apiKey: string, input: AddNotification) =>
  Promise.all([
    findResources(apiKey, input.organizationId, { documentIds: [input.documentId] }),
    readFirstMembers(apiKey, input),
    readRecipientPreferences(apiKey, input),
  ]);

/**
 * Whether a notification involves a user: named in `notifyUsers` (`notifyAll` alone is not
 * involvement). What `MINE` lets into the inbox, and into a digest (recorded on the entry).
 */
function involvement(input: AddNotification): (userId: string) => boolean {
  const named = new Set(input.notifyUsers.map((user) => user.userId));
  return (userId) => named.has(userId);
}

/** The recipients whose inbox preference lets the notification in: `MINE` takes the involved ones, `NONE` none. */
const preferredRecipients = (
  input: AddNotification,
  recipients: readonly string[],
  stored: ScopePreferences,
) => inboxRecipients(recipients, stored, involvement(input));

/**
 * The notification's document: what is missing is created as asked (`ensureDocumentTarget`; the
 * document may stay missing), then a created document is read back (one BatchGet).
 */
async function prepareDocument(
  apiKey: string,
  input: AddNotification,
  now: number,
  found: Awaited<ReturnType<typeof findResources>>,
) {
  const existing: DocumentRecord | undefined = found.documents[0];
  const wrote = await ensureDocumentTarget(apiKey, input, found, now, false);
  if (!wrote || !input.createDocument) return existing;
  return (await findResources(apiKey, input.organizationId, { documentIds: [input.documentId] }))
    .documents[0];
}

/**
 * What the shared record stores. In resolver mode only ids: the acting user's id, no headline,
 * body or template data (names, emails and text are re-hydrated from the caller's systems at read).
 */
function recordOf(input: AddNotification, id: string, now: number): NotificationRecord {
  const base = {
    id,
    organizationId: input.organizationId,
    documentId: input.documentId,
    isNotificationResolverUsed: input.isNotificationResolverUsed,
    notificationSource: input.notificationSource,
    notificationSourceData: input.notificationSourceData,
    context: input.context,
    timestamp: now,
  };
  if (input.isNotificationResolverUsed) return { ...base, actionUser: { userId: input.actionUser.userId } };
  return {
    ...base,
    actionUser: input.actionUser,
    displayHeadlineMessageTemplate: input.displayHeadlineMessageTemplate,
    displayHeadlineMessageTemplateData: input.displayHeadlineMessageTemplateData,
    displayBodyMessage: input.displayBodyMessage,
  };
}

/**
 * Sends a notification (base #24): one shared record plus one small inbox entry per recipient
 * whose inbox preference lets it in (`preferredRecipients`).
 * Adding an id that exists writes nothing once its fan-out finished; an unfinished fan-out (a crash)
 * is completed with the stored record, so a retry never duplicates. A service-generated id cannot
 * be stored yet, so its record and inbox entries are written together; a caller's id is created
 * first, as rewriting the entries of a finished send would lose their read marks. `reads` is
 * `readNotificationAdd`. See docs/decisions.md for costs.
 */
export const addNotification = /* @__PURE__ */ prefetchable(
  readNotificationAdd,
  async (caller, input, reads) => {
    const now = nowMs();
    const [found, firstMembers, preferences] = await reads;
    const document = await prepareDocument(caller.apiKey, input, now, found);
    const members = Promise.resolve(firstMembers);
    const inbox = (stored: NotificationRecord, userIds: readonly string[]) =>
      writeInbox(caller.apiKey, stored, userIds, involvement(input), digestOpeningOf(caller));
    const fresh = recordOf(input, input.notificationId ?? randomUUID(), now);
    let record = fresh;
    let recipients: string[];
    if (input.notificationId === undefined) {
      recipients = preferredRecipients(
        input,
        await resolveRecipients(caller, input, document, now, members),
        preferences,
      );
      await Promise.all([createRecord(caller.apiKey, fresh), inbox(fresh, recipients)]);
    } else {
      const created = await createRecord(caller.apiKey, fresh);
      if (created.fanOutDone) return { success: true, message: `Notification ${fresh.id} was already sent.` };
      record = created.existing ?? fresh;
      recipients = preferredRecipients(
        input,
        await resolveRecipients(caller, input, document, now, members),
        preferences,
      );
      await inbox(record, recipients);
    }
    await markFannedOut(caller.apiKey, record);
    return { success: true, message: `Notification ${record.id} sent to ${recipients.length} users.` };
  },
);

/**
 * A user's inbox (newest first unless `order: asc`) with `isRead`, or a document's notifications,
 * paged, before the fence filter: one Query (a full page even with `documentId`/`notificationIds`
 * filters) plus one BatchGet of the shared records for an inbox page. The page token is bound to
 * the API key and the query (INVALID_ARGUMENT otherwise). Needs only the API key and the input, so
 * it is the route's `prefetch` and travels with the auth read (decisions §43).
 */
export async function readNotifications(apiKey: string, input: GetNotifications) {
  const { pageSize, pageToken, ...query } = input;
  const binding = { owner: `apiKey:${apiKey}`, query: { list: 'notifications', ...query } };
  const startKey = pageToken ? decodePageToken(pageToken, binding) : undefined;
  const token = (nextKey: Record<string, unknown> | undefined) =>
    nextKey && encodePageToken(nextKey, binding);
  if (input.userId === undefined) {
    const page = await documentPage(
      apiKey,
      { ...input, documentId: input.documentId as string },
      input.order,
      pageSize,
      startKey,
    );
    return { data: page.records, pageToken: token(page.nextKey) };
  }
  const page = await inboxPage(apiKey, { ...input, userId: input.userId }, input.order, pageSize, startKey);
  const records = new Map(
    (
      await findRecords(
        apiKey,
        input.organizationId,
        page.entries.map((entry) => entry.notificationId),
      )
    ).map((record) => [record.id, record]),
  );
  const data = page.entries.flatMap((entry) => {
    const record = records.get(entry.notificationId);
    return record ? [{ ...record, userId: entry.userId, isRead: entry.readAt !== undefined }] : [];
  });
  return { data, pageToken: token(page.nextKey) };
}

/**
 * notifications/get: `readNotifications` (`read`, started beside auth) without the notifications of
 * a document being erased (the caller's fences: they are invisible while their records are erased).
 */
export const getNotifications = /* @__PURE__ */ prefetchable(
  readNotifications,
  async (caller, _input, read) => {
    const { data, pageToken } = await read;
    return {
      data: data.filter((record) => !isFenced(caller, record.organizationId, record.documentId)),
      pageToken,
    };
  },
);

type UpdateNotifications = z.output<typeof updateNotificationsInput>;

/**
 * The shared records notifications.update changes (one BatchGet per 100): needs only the API key
 * and the input, so it is the route's `prefetch` and travels with the auth read (decisions §43).
 */
export const readNotificationUpdate = (apiKey: string, input: UpdateNotifications) =>
  findRecords(
    apiKey,
    input.organizationId,
    input.notifications.map((n) => n.id),
  );

/**
 * Updates notifications (addendum §6): content fields on the shared record (not in resolver mode,
 * which stores no content), `readByUserIds` on each listed recipient's inbox entry. `reads` is
 * `readNotificationUpdate`; the updates run in parallel.
 */
export const updateNotifications = /* @__PURE__ */ prefetchable(
  readNotificationUpdate,
  async (caller, input, reads) => {
    const now = nowMs();
    const records = new Map((await reads).map((record) => [record.id, record]));
    const results = await Promise.all(
      input.notifications.map(async ({ id, readByUserIds, ...fields }) => {
        const record = records.get(id);
        if (!record) return [id, { success: false, message: `Notification ${id} does not exist.` }] as const;
        if (record.isNotificationResolverUsed && Object.keys(fields).length > 0) {
          return [
            id,
            { success: false, message: 'Notifications in resolver mode store no content to update.' },
          ] as const;
        }
        const [, read] = await Promise.all([
          Object.keys(fields).length > 0 &&
            updateRecord(caller.apiKey, input.organizationId, id, fields, now),
          Promise.all((readByUserIds ?? []).map((userId) => markRead(caller.apiKey, record, userId))),
        ]);
        const skipped = read.filter((marked) => !marked).length;
        const note = skipped > 0 ? ` ${skipped} of the users are not recipients.` : '';
        return [id, { success: true, message: `Notification updated.${note}` }] as const;
      }),
    );
    return Object.fromEntries(results);
  },
);

type DeleteNotifications = z.output<typeof deleteNotificationsInput>;

/**
 * For a whole delete by id: the shared records and each one's inbox entry keys (one BatchGet and
 * one gsi5 Query per id, in parallel); nothing for the other forms. Needs only the API key and the
 * input, so it is the route's `prefetch` and travels with the auth read (decisions §43).
 */
export async function readNotificationDelete(apiKey: string, input: DeleteNotifications) {
  if (input.userId !== undefined || !input.notificationIds) return undefined;
  const ids = [...new Set(input.notificationIds)];
  const [records, entryKeys] = await Promise.all([
    findRecords(apiKey, input.organizationId, ids),
    Promise.all(ids.map((id) => recipientEntryKeys(apiKey, input.organizationId, id))),
  ]);
  return { records, entryKeys: new Map(ids.map((id, index) => [id, entryKeys[index] ?? []])) };
}

/**
 * Deletes notifications (addendum §6). With `userId`, only from that user's inbox (all of it, or the
 * given ids or document); otherwise whole — shared record and every inbox entry — by id (`reads`:
 * `readNotificationDelete`) or document.
 */
export const deleteNotifications = /* @__PURE__ */ prefetchable(
  readNotificationDelete,
  async (caller, input, reads) => {
    const { apiKey } = caller;
    const { organizationId } = input;
    const byId = await reads;
    if (input.userId !== undefined) {
      const requested = input.notificationIds && new Set(input.notificationIds);
      const entries = (await userEntries(apiKey, organizationId, input.userId)).filter(
        ({ entry }) =>
          (!requested || requested.has(entry.notificationId)) &&
          (input.documentId === undefined || entry.documentId === input.documentId),
      );
      await deleteEntries(apiKey, organizationId, entries);
      return resultsFor(
        input.notificationIds ?? [],
        entries.map(({ entry }) => entry.notificationId),
      );
    }
    if (!byId) {
      const existing = await documentNotificationIds(apiKey, organizationId, input.documentId as string);
      await deleteWhole(apiKey, organizationId, existing);
      return resultsFor([], existing);
    }
    const existing = byId.records
      .filter((record) => input.documentId === undefined || record.documentId === input.documentId)
      .map((record) => record.id);
    await deleteWhole(apiKey, organizationId, existing, async (id) => byId.entryKeys.get(id) ?? []);
    return resultsFor(input.notificationIds ?? [], existing);
  },
);

function resultsFor(requested: readonly string[], deleted: readonly string[]) {
  const results: Record<string, { success: boolean; message: string }> = {};
  for (const id of requested) results[id] = { success: false, message: `Notification ${id} does not exist.` };
  for (const id of deleted) results[id] = { success: true, message: 'Notification deleted.' };
  return results;
}

/**
 * notifications/count: a user's inbox counts for the organization or one document, kept by every
 * inbox write in its transaction (one consistent GetItem). Needs only the API key and the input,
 * so it is the route's `prefetch` and travels with the auth read.
 */
export const countNotifications = (apiKey: string, input: CountNotifications) =>
  readInboxCounts(apiKey, input);
