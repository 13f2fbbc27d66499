import { askProvider } from '../access/provider';
import { providerFor } from '../access/provider-config';
import { entryAttribute, findUsers, listMembers, noAccess } from '../access/repository';
import type { UserAccess } from '../access-model/model';
import { contextMatches, resolveResource } from '../access-model/resolver';
import { notFound } from '../core/errors';
import type { ApiKeyCaller } from '../http/caller';
import { loadTree } from '../organizations/repository';
import type { DocumentRecord } from '../organizations/schemas';
import { missingUnlessCreated } from '../organizations/targets';
import { indexFolders, organizationTreeView } from '../organizations/tree';
import type { AddNotification } from './schemas';

/** Members read per Query while collecting an organization's members. */
const memberPageSize = 1000;

/** One page of an organization's members (up to `memberPageSize`), from `startKey`. */
const memberPage = (apiKey: string, organizationId: string, startKey?: Record<string, unknown>) =>
  listMembers(apiKey, organizationId, entryAttribute('member', 'organization'), memberPageSize, startKey);

/** A page of members as `memberPage` reads it. */
export type MemberPage = Awaited<ReturnType<typeof memberPage>>;

/**
 * The first page of an organization's members when the notification goes to all of them (one
 * Query, bounded by the page size): needs only the API key and the input, so notifications.add
 * reads it beside the auth read (decisions §43).
 */
export const readFirstMembers = (apiKey: string, input: AddNotification) =>
  input.notifyAll ? memberPage(apiKey, input.organizationId) : Promise.resolve(undefined);

async function organizationMembers(apiKey: string, organizationId: string, firstPage: MemberPage) {
  const members: UserAccess[] = [];
  let page = firstPage;
  for (;;) {
    members.push(...page.users.map((user) => user.access));
    if (!page.nextKey) return members;
    page = await memberPage(apiKey, organizationId, page.nextKey);
  }
}

/** Keeps the users who may open the document: the permission provider when enabled, else the resolver. */
async function withDocumentAccess(
  caller: ApiKeyCaller,
  input: AddNotification,
  document: DocumentRecord | undefined,
  users: readonly UserAccess[],
  now: number,
): Promise<UserAccess[]> {
  const provider = await providerFor(caller);
  if (provider) {
    const resource = {
      id: input.documentId,
      type: 'document' as const,
      organizationId: input.organizationId,
      ...(document?.folderId && { parentFolderId: document.folderId }),
    };
    const answer = await askProvider(
      provider,
      users.map((user) => ({ userId: user.userId, resource })),
    );
    return users.filter((user) => answer({ userId: user.userId, resource }).error === undefined);
  }
  if (!document) throw missingUnlessCreated('Document', input.documentId);
  const stored = await loadTree(caller.apiKey, input.organizationId);
  if (!stored.organization) throw notFound(`Organization ${input.organizationId} does not exist.`);
  const tree = organizationTreeView(stored.organization, indexFolders(stored.folders));
  return users.filter(
    (user) => resolveResource(tree, user, { type: 'document', document }, now).error === undefined,
  );
}

/**
 * The recipients of a notification (base #24): every organization member when `notifyAll`, plus
 * `notifyUsers`; never the acting user; only those holding every `context.access` field (rule 5);
 * with `verifyUserPermissions`, only those with access to the document (addendum §4, provider
 * included). Reads: one Query per 1,000 members, one BatchGet per 100 named users outside them,
 * and for verification the folder tree (one Query) or one provider call. `firstMembers` is
 * `readFirstMembers` of the input (read here when not given).
 */
export async function resolveRecipients(
  caller: ApiKeyCaller,
  input: AddNotification,
  document: DocumentRecord | undefined,
  now: number,
  firstMembers: Promise<MemberPage | undefined> = readFirstMembers(caller.apiKey, input),
): Promise<string[]> {
  const { apiKey } = caller;
  const firstPage = await firstMembers;
  const members = firstPage ? await organizationMembers(apiKey, input.organizationId, firstPage) : [];
  const byId = new Map(members.map((user) => [user.userId, user]));
  const named = input.notifyUsers.map((user) => user.userId).filter((id) => !byId.has(id));
  const needAccess = input.verifyUserPermissions || input.context !== undefined;
  const found = needAccess && named.length > 0 ? await findUsers(apiKey, input.organizationId, named) : [];
  for (const user of found) byId.set(user.profile.userId, user.access);
  for (const id of named) if (!byId.has(id)) byId.set(id, noAccess(id));
  byId.delete(input.actionUser.userId);
  let recipients = [...byId.values()];
  const requiredAccess = input.context?.access;
  if (requiredAccess) recipients = recipients.filter((user) => contextMatches(user, requiredAccess, now));
  if (input.verifyUserPermissions && recipients.length > 0) {
    recipients = await withDocumentAccess(caller, input, document, recipients, now);
  }
  return recipients.map((user) => user.userId);
}
