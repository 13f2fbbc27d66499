import { annotationPage } from '../../../shared/comments/repository';
import { callAs, succeed } from '../../support/api';
import { alice } from '../../support/people';
import { createTestWorkspace, type TestWorkspace } from '../../support/workspaces';

export const organizationId = 'org';
export const documentId = 'doc';
/** The organization and document of the tests, to spread into a request or an expectation. */
export const testDocument = { organizationId, documentId };

/** A comment by `from`; fields override. */
export const comment = (from = alice, fields: Record<string, unknown> = {}) => ({
  from,
  commentText: `${from.name} says hi`,
  ...fields,
});

/** Creates the organization and document of the tests. */
export async function createDocument(workspace: TestWorkspace, id = documentId) {
  await succeed(workspace, 'organizations.add', { organizations: [{ organizationId }] });
  await succeed(workspace, 'organizations.documents.add', {
    organizationId,
    documents: [{ documentId: id }],
  });
}

/** A fresh workspace holding the organization and document of the tests. */
export async function givenWorkspaceWithDocument(): Promise<TestWorkspace> {
  const workspace = await createTestWorkspace();
  await createDocument(workspace);
  return workspace;
}

/** Adds threads to the document; returns the per-annotation results. */
export const addThreads = (
  workspace: TestWorkspace,
  commentAnnotations: unknown[],
  fields: Record<string, unknown> = {},
) =>
  callAs(workspace, 'commentannotations.add', { organizationId, documentId, commentAnnotations, ...fields });

/** Adds one thread `annotationId` with one comment by alice (or `commentData`). */
export const addThread = (
  workspace: TestWorkspace,
  annotationId: string,
  annotation: Record<string, unknown> = {},
) =>
  succeed(workspace, 'commentannotations.add', {
    organizationId,
    documentId,
    commentAnnotations: [{ annotationId, commentData: [comment()], ...annotation }],
  });

/** Every thread of the document (one page of 100). */
export const annotationsOf = async (workspace: TestWorkspace, fields: Record<string, unknown> = {}) =>
  (await succeed(workspace, 'commentannotations.get', {
    organizationId,
    documentId,
    pageSize: 100,
    ...fields,
  })) as any[];

/** One thread by id, or undefined. */
export const threadOf = async (workspace: TestWorkspace, annotationId: string) =>
  (
    (await succeed(workspace, 'commentannotations.get', {
      organizationId,
      documentId,
      annotationIds: [annotationId],
    })) as any[]
  )[0];

export const enableActivities = (workspace: TestWorkspace) =>
  succeed(workspace, 'workspace.activityconfig.update', { activityServiceConfig: { isEnabled: true } });

/**
 * A document's thread counts recomputed from its stored threads (at most 100), per user in
 * `userIds`: `open` the threads not resolved or closed, `unread` those whose `readBy` does not hold
 * the user at the thread's newest comment (a thread stored before read state has none).
 */
export async function storedThreadCounts(
  workspace: TestWorkspace,
  document: { organizationId: string; documentId: string },
  userIds: readonly string[],
) {
  const { annotations } = await annotationPage(workspace.apiKey, document, 100, undefined);
  const threads = annotations.map(({ annotation }) => annotation);
  const open = threads.filter((thread) => !['resolved', 'closed'].includes(thread.status)).length;
  const readBy = (userId: string) => (thread: (typeof threads)[number]) =>
    thread.readBy?.[userId] !== undefined && thread.readBy[userId] === (thread.commentSeq ?? 0);
  return Object.fromEntries(
    userIds.map((userId) => [
      userId,
      { total: threads.length, open, unread: threads.filter((thread) => !readBy(userId)(thread)).length },
    ]),
  );
}
