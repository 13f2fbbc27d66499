import { randomUUID } from 'node:crypto';
import type * as z from 'zod';
import { decodePageToken, encodePageToken } from '../db/page-token';
import type { ApiKeyCaller } from '../http/caller';
import { nowMs } from '../http/common-schemas';
import { notFound } from '../http/errors';
import { isFenced } from '../lifecycle/fence';
import { findResources, writeAll } from '../organizations/repository';
import type { DocumentRecord } from '../organizations/schemas';
import { prepareTarget } from '../organizations/targets';
import { resolveRecipients } from './recipients';
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
  updateRecord,
  userEntries,
  writeInbox,
} from './repository';
import type {
  AddNotification,
  deleteNotificationsInput,
  GetNotifications,
  NotificationRecord,
  updateNotificationsInput,
} from './schemas';

/** The organization must exist unless `createOrganization`; the document is created when asked. */
async function prepareDocument(apiKey: string, input: AddNotification, now: number) {
  const found = await findResources(apiKey, input.organizationId, { documentIds: [input.documentId] });
  if (!found.organization && !input.createOrganization) {
    throw notFound(
      `Organization ${input.organizationId} does not exist; send createOrganization: true to create it.`,
    );
  }
  const existing: DocumentRecord | undefined = found.documents[0];
  if (existing || (found.organization && !input.createDocument)) return existing;
  const creations = await prepareTarget(
    apiKey,
    {
      organizationId: input.organizationId,
      ...(input.createDocument && { documentId: input.documentId, createDocument: true }),
    },
    now,
  );
  await writeAll(creations);
  return input.createDocument
    ? (await findResources(apiKey, input.organizationId, { documentIds: [input.documentId] })).documents[0]
    : undefined;
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
 * Sends a notification (base #24): one shared record plus one small inbox entry per recipient.
 * Adding an id that exists writes nothing once its fan-out finished; an unfinished fan-out (a crash)
 * is completed with the stored record, so a retry never duplicates. See docs/decisions.md for costs.
 */
export async function addNotification(caller: ApiKeyCaller, input: AddNotification) {
  const now = nowMs();
  const document = await prepareDocument(caller.apiKey, input, now);
  const id = input.notificationId ?? randomUUID();
  const created = await createRecord(caller.apiKey, recordOf(input, id, now));
  if (created.fanOutDone) return { success: true, message: `Notification ${id} was already sent.` };
  const record = created.existing ?? recordOf(input, id, now);
  const recipients = await resolveRecipients(caller, input, document, now);
  await writeInbox(caller.apiKey, record, recipients);
  await markFannedOut(caller.apiKey, record);
  return { success: true, message: `Notification ${id} sent to ${recipients.length} users.` };
}

/**
 * A user's inbox (newest first unless `order: asc`) with `isRead`, or a document's notifications,
 * paged: one Query (a full page even with `documentId`/`notificationIds` filters) plus one BatchGet
 * of the shared records for an inbox page.
 */
export async function getNotifications(caller: ApiKeyCaller, input: GetNotifications) {
  const { pageSize, pageToken, ...query } = input;
  const binding = { owner: `apiKey:${caller.apiKey}`, query: { list: 'notifications', ...query } };
  const startKey = pageToken ? decodePageToken(pageToken, binding) : undefined;
  const token = (nextKey: Record<string, unknown> | undefined) =>
    nextKey && encodePageToken(nextKey, binding);
  if (input.userId === undefined) {
    const page = await documentPage(
      caller.apiKey,
      { ...input, documentId: input.documentId as string },
      input.order,
      pageSize,
      startKey,
    );
    return { data: page.records, pageToken: token(page.nextKey) };
  }
  const page = await inboxPage(
    caller.apiKey,
    { ...input, userId: input.userId },
    input.order,
    pageSize,
    startKey,
  );
  const records = new Map(
    (
      await findRecords(
        caller.apiKey,
        input.organizationId,
        page.entries.map((entry) => entry.notificationId),
      )
    ).map((record) => [record.id, record]),
  );
  const data = page.entries.flatMap((entry) => {
    const record = records.get(entry.notificationId);
    // A deleted document's notifications are invisible while they are erased.
    return record && !isFenced(caller, record.organizationId, record.documentId)
      ? [{ ...record, userId: entry.userId, isRead: entry.readAt !== undefined }]
      : [];
  });
  return { data, pageToken: token(page.nextKey) };
}

/**
 * Updates notifications (addendum §6): content fields on the shared record (not in resolver mode,
 * which stores no content), `readByUserIds` on each listed recipient's inbox entry.
 */
export async function updateNotifications(
  caller: ApiKeyCaller,
  input: z.output<typeof updateNotificationsInput>,
) {
  const now = nowMs();
  const records = new Map(
    (
      await findRecords(
        caller.apiKey,
        input.organizationId,
        input.notifications.map((n) => n.id),
      )
    ).map((record) => [record.id, record]),
  );
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
      if (Object.keys(fields).length > 0)
        await updateRecord(caller.apiKey, input.organizationId, id, fields, now);
      const read = await Promise.all(
        (readByUserIds ?? []).map((userId) => markRead(caller.apiKey, record, userId, now)),
      );
      const skipped = read.filter((marked) => !marked).length;
      const note = skipped > 0 ? ` ${skipped} of the users are not recipients.` : '';
      return [id, { success: true, message: `Notification updated.${note}` }] as const;
    }),
  );
  return Object.fromEntries(results);
}

/**
 * Deletes notifications (addendum §6). With `userId`, only from that user's inbox (all of it, or the
 * given ids or document); otherwise whole — shared record and every inbox entry — by id or document.
 */
export async function deleteNotifications(
  caller: ApiKeyCaller,
  input: z.output<typeof deleteNotificationsInput>,
) {
  const { apiKey } = caller;
  const { organizationId } = input;
  const requested = input.notificationIds && new Set(input.notificationIds);
  if (input.userId !== undefined) {
    const entries = (await userEntries(apiKey, organizationId, input.userId)).filter(
      ({ entry }) =>
        (!requested || requested.has(entry.notificationId)) &&
        (input.documentId === undefined || entry.documentId === input.documentId),
    );
    await deleteEntries(entries.map(({ key }) => key));
    return resultsFor(
      input.notificationIds ?? [],
      entries.map(({ entry }) => entry.notificationId),
    );
  }
  const existing = requested
    ? (await findRecords(apiKey, organizationId, [...requested]))
        .filter((record) => input.documentId === undefined || record.documentId === input.documentId)
        .map((record) => record.id)
    : await documentNotificationIds(apiKey, organizationId, input.documentId as string);
  await deleteWhole(apiKey, organizationId, existing);
  return resultsFor(input.notificationIds ?? [], existing);
}

function resultsFor(requested: readonly string[], deleted: readonly string[]) {
  const results: Record<string, { success: boolean; message: string }> = {};
  for (const id of requested) results[id] = { success: false, message: `Notification ${id} does not exist.` };
  for (const id of deleted) results[id] = { success: true, message: 'Notification deleted.' };
  return results;
}
