import { canWrite, type DocumentAccess, documentAccess, writeRefusal } from '../access/document-access';
import { permissionDenied } from '../core/errors';
import type { ApiKeyCaller } from '../http/caller';
import type { CommentUser } from './schemas';

/**
 * With `verifyUserPermissions`, the document-access entries of the acting users (access resolver
 * or permission provider); undefined when not asked to verify.
 */
export async function accessIfVerified(
  caller: ApiKeyCaller,
  input: { verifyUserPermissions: boolean; organizationId: string; documentId: string },
  users: readonly (CommentUser | undefined)[],
  now: number,
): Promise<DocumentAccess | undefined> {
  if (!input.verifyUserPermissions) return undefined;
  const ids = users.filter((user): user is CommentUser => user !== undefined).map((user) => user.userId);
  return documentAccess(caller, input, ids, now);
}

/** The first of `users` that may not write, with the reason; undefined when all may (or nothing is verified). */
export function refusal(access: DocumentAccess | undefined, users: readonly (CommentUser | undefined)[]) {
  if (!access) return undefined;
  for (const user of users) {
    if (user && !canWrite(access.get(user.userId))) return writeRefusal(user.userId, access.get(user.userId));
  }
  return undefined;
}

/** Throws PERMISSION_DENIED when one of `users` may not write (single-item operations). */
export function assertMayWrite(
  access: DocumentAccess | undefined,
  users: readonly (CommentUser | undefined)[],
) {
  const reason = refusal(access, users);
  if (reason) throw permissionDenied(reason);
}
