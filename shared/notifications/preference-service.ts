import { nowMs } from '../core/clock';
import type { ApiKeyCaller } from '../http/caller';
import { findUserPreferences, type ScopePreferences, writePreference } from './preference-repository';
import type {
  GetNotificationPreferences,
  PreferencesInForce,
  StoredPreference,
  UpdateNotificationPreferences,
} from './preference-schemas';

/** The values in force where nothing is stored (addendum §13). */
export const defaultPreferences: PreferencesInForce = { inbox: 'ALL', email: 'MINE' };

/** The values in force: the document's over the organization's over the default, value by value. */
export function preferencesInForce(
  organization: StoredPreference | undefined,
  document?: StoredPreference,
): PreferencesInForce {
  return {
    inbox: document?.inbox ?? organization?.inbox ?? defaultPreferences.inbox,
    email: document?.email ?? organization?.email ?? defaultPreferences.email,
  };
}

/** A user's preferences in force for a notification's document, from the stored preferences of its scope. */
export const userPreferences = (stored: ScopePreferences, userId: string) =>
  preferencesInForce(stored.organization.get(userId), stored.document.get(userId));

/** Whether a preference value (`inbox` or `email`) lets a notification through: `ALL`, or `MINE` when it involves the user. */
export const letsThrough = (value: PreferencesInForce['inbox'], involved: boolean) =>
  value === 'ALL' || (value === 'MINE' && involved);

/**
 * The recipients whose `inbox` preference lets a notification through: `ALL`, or `MINE` when it
 * involves them (`involved`); never `NONE`.
 */
export function inboxRecipients(
  recipients: readonly string[],
  stored: ScopePreferences,
  involved: (userId: string) => boolean,
): string[] {
  return recipients.filter((userId) => letsThrough(userPreferences(stored, userId).inbox, involved(userId)));
}

/**
 * notifications/config/get: a user's preferences in force for the organization and each document
 * asked for (one BatchGetItem). Needs only the API key and the input, so it is the route's
 * `prefetch` and travels with the auth read.
 */
export async function getNotificationPreferences(apiKey: string, input: GetNotificationPreferences) {
  const documentIds = [...new Set(input.documentIds ?? [])];
  const stored = await findUserPreferences(apiKey, input.organizationId, input.userId, documentIds);
  return {
    organization: preferencesInForce(stored.organization),
    documents: Object.fromEntries(
      documentIds.map((id) => [id, preferencesInForce(stored.organization, stored.documents.get(id))]),
    ),
  };
}

/**
 * The organization-level preference a document-level update answers with (one BatchGetItem; none
 * for an organization-level update, whose write answers it): the route's `prefetch`.
 */
export const readPreferencesForUpdate = (apiKey: string, input: UpdateNotificationPreferences) =>
  input.documentId === undefined
    ? Promise.resolve(undefined)
    : findUserPreferences(apiKey, input.organizationId, input.userId, []).then((found) => found.organization);

/**
 * notifications/config/update: writes the values sent for the organization or one document (one
 * UpdateItem that keeps the other value) and answers the values in force for the scope written.
 */
export async function updateNotificationPreferences(
  caller: ApiKeyCaller,
  input: UpdateNotificationPreferences,
  organizationRead: Promise<StoredPreference | undefined>,
) {
  const { organizationId, userId, documentId } = input;
  const [written, organization] = await Promise.all([
    writePreference(caller.apiKey, { organizationId, userId, documentId }, input.config, nowMs()),
    organizationRead,
  ]);
  if (documentId === undefined) return { organization: preferencesInForce(written), documents: {} };
  return {
    organization: preferencesInForce(organization),
    documents: { [documentId]: preferencesInForce(organization, written) },
  };
}
