import { commentMover } from '../../../shared/comments/document-mover';
import { succeed } from '../../support/api';
import { alice, bob } from '../../support/people';
import type { TestWorkspace } from '../../support/workspaces';
import {
  addThread,
  annotationsOf,
  comment,
  documentId,
  givenWorkspaceWithDocument,
  organizationId,
} from './support';

let workspace: TestWorkspace;

beforeEach(async () => {
  workspace = await givenWorkspaceWithDocument();
});

describe('comments document mover', () => {
  it("moves a document's threads with their comments and reactions, whole and in order, in batches", async () => {
    for (const id of ['t1', 't2', 't3']) {
      await addThread(workspace, id, { commentData: [comment(alice, { commentId: 'c1' }), comment(bob)] });
    }
    await succeed(workspace, 'commentannotations.reactions.add', {
      organizationId,
      documentId,
      annotationId: 't2',
      commentId: 'c1',
      icon: '👍',
      actionUser: bob,
    });
    const before = await annotationsOf(workspace);
    const move = { apiKey: workspace.apiKey, organizationId, from: documentId, to: 'moved' };
    expect(await commentMover.hasRecords(workspace.apiKey, organizationId, 'moved')).toBe(false);
    let result = await commentMover.moveBatch(move);
    // Running a batch twice (a redelivered message) is harmless.
    result = await commentMover.moveBatch(move);
    while (result.cursor) result = await commentMover.moveBatch(move, result.cursor);
    expect(await commentMover.hasRecords(workspace.apiKey, organizationId, documentId)).toBe(false);
    expect(await commentMover.hasRecords(workspace.apiKey, organizationId, 'moved')).toBe(true);
    expect(await annotationsOf(workspace)).toEqual([]);
    const after = await annotationsOf(workspace, { documentId: 'moved' });
    expect(after).toEqual(before.map((thread) => ({ ...thread, documentId: 'moved' })));
    const byId = await succeed(workspace, 'commentannotations.get', {
      organizationId,
      annotationIds: ['t2'],
    });
    expect(byId.map((thread: { documentId: string }) => thread.documentId)).toEqual(['moved']);
  });
});
