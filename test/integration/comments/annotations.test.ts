import { QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../../../shared/db/client';
import { keys } from '../../../shared/db/keys';
import { callAs, succeed } from '../../support/api';
import { criticalPath } from '../../support/db-calls';
import { dataOf } from '../../support/lambda';
import { outboxEvents } from '../../support/outbox';
import { alice, bob, carol } from '../../support/people';
import { createTestWorkspace, type TestWorkspace } from '../../support/workspaces';
import {
  addThread,
  addThreads,
  annotationsOf,
  comment,
  createDocument,
  documentId,
  enableActivities,
  givenWorkspaceWithDocument,
  organizationId,
  threadOf,
} from './support';

let workspace: TestWorkspace;

beforeEach(async () => {
  workspace = await givenWorkspaceWithDocument();
});

describe('commentannotations.add', () => {
  it('adds a thread with its comments and returns the ids, generating those not given', async () => {
    const response = await addThreads(workspace, [
      { commentData: [comment(alice), comment(bob, { commentId: 'c-given' })] },
    ]);
    expect(response.statusCode).toBe(200);
    const [result] = Object.values(response.json.result?.data) as any[];
    expect(result).toEqual({
      success: true,
      annotationId: expect.stringMatching(/^[^:]+$/),
      commentIds: [expect.any(String), 'c-given'],
      message: expect.any(String),
    });
    const thread = await threadOf(workspace, result.annotationId);
    expect(thread).toMatchObject({
      annotationId: result.annotationId,
      organizationId,
      documentId,
      type: 'comment',
      status: 'open',
      comments: [
        { commentId: result.commentIds[0], commentText: 'Alice says hi', from: alice, reactions: [] },
        { commentId: 'c-given', commentText: 'Bob says hi', from: bob, reactions: [] },
      ],
    });
    expect(thread.participants).toBeUndefined();
    expect(thread.version).toBeUndefined();
  });

  it('adds a thread with its first comment, event and activity record in ONE transaction', async () => {
    await enableActivities(workspace);
    const response = await addThreads(workspace, [{ annotationId: 'a1', commentData: [comment()] }]);
    expect(response.statusCode).toBe(200);
    expect(response.db.commands.filter((name) => name === 'TransactWriteItems')).toHaveLength(1);
    // Authentication (GetItem), document + organization (BatchGetItem), activity config (GetItem).
    expect(response.db.commands.sort()).toEqual(['BatchGetItem', 'GetItem', 'GetItem', 'TransactWriteItems']);
    // The reads start together with the auth read (prefetch), then the transaction.
    expect(response.db.serialRoundTrips).toBe(2);
    const events = await outboxEvents(workspace.apiKey);
    expect(events.map((event) => event.event)).toEqual(['comment_annotation.add']);
    const activities = await succeed(workspace, 'activities.get', { organizationId, documentId });
    expect(activities).toHaveLength(1);
    expect(activities[0]).toMatchObject({
      featureType: 'comment',
      actionType: 'comment_annotation.add',
      targetEntityId: 'a1',
    });
  });

  it('refuses annotation ids containing ":" with INVALID_ARGUMENT', async () => {
    const response = await addThreads(workspace, [{ annotationId: 'a:1', commentData: [comment()] }]);
    expect(response.statusCode).toBe(400);
    expect(response.json.error?.message).toContain('commentAnnotations[0].annotationId');
  });

  it('refuses a type other than comment or suggestion and a thread without comments', async () => {
    for (const annotation of [
      { type: 'note', commentData: [comment()] },
      { commentData: [] },
      { commentData: [{ commentText: 'no author' }] },
    ]) {
      const response = await addThreads(workspace, [annotation]);
      expect(response.statusCode).toBe(400);
      expect(response.json.error?.status).toBe('INVALID_ARGUMENT');
    }
    expect(await outboxEvents(workspace.apiKey)).toEqual([]);
  });

  it('fails an annotation id that exists per item, leaving the stored thread alone', async () => {
    await addThread(workspace, 'a1');
    const response = await addThreads(workspace, [
      { annotationId: 'a1', commentData: [comment(bob)] },
      { annotationId: 'a2', commentData: [comment(bob)] },
    ]);
    expect(response.json.result?.data.a1).toMatchObject({ success: false, status: 'ALREADY_EXISTS' });
    expect(response.json.result?.data.a2).toMatchObject({ success: true });
    expect((await threadOf(workspace, 'a1')).comments).toHaveLength(1);
  });

  it('answers NOT_FOUND for a missing organization or document unless asked to create them', async () => {
    const missingDoc = await addThreads(workspace, [{ commentData: [comment()] }], { documentId: 'other' });
    expect(missingDoc.json.error?.status).toBe('NOT_FOUND');
    const missingOrg = await addThreads(workspace, [{ commentData: [comment()] }], {
      organizationId: 'new-org',
    });
    expect(missingOrg.json.error?.status).toBe('NOT_FOUND');
    const created = await addThreads(workspace, [{ annotationId: 'x', commentData: [comment()] }], {
      organizationId: 'new-org',
      documentId: 'new-doc',
      createOrganization: true,
      createDocument: true,
    });
    expect(created.json.result?.data.x).toMatchObject({ success: true });
    const documents = await succeed(workspace, 'organizations.documents.get', { organizationId: 'new-org' });
    expect(documents.map((document: { id: string }) => document.id)).toEqual(['new-doc']);
  });

  it('keeps API keys apart: another key neither sees nor can reply to the thread', async () => {
    await addThread(workspace, 'a1');
    const other = await createTestWorkspace();
    await createDocument(other);
    expect(await annotationsOf(other)).toEqual([]);
    const reply = await callAs(other, 'commentannotations.comments.add', {
      organizationId,
      documentId,
      annotationId: 'a1',
      commentData: [comment(bob)],
    });
    expect(reply.json.error?.status).toBe('NOT_FOUND');
    expect((await threadOf(workspace, 'a1')).comments).toHaveLength(1);
  });

  it('keeps documents apart even when a document id contains "#"', async () => {
    await createDocument(workspace, 'doc#A#x');
    await addThread(workspace, 'a1');
    expect(await annotationsOf(workspace, { documentId: 'doc#A#x' })).toEqual([]);
  });
});

describe('commentannotations.get', () => {
  it('pages whole threads: pageSize counts threads, each page is one Query and holds every comment', async () => {
    for (const id of ['t1', 't2', 't3', 't4', 't5']) {
      await addThread(workspace, id, { commentData: [comment(alice), comment(bob), comment(alice)] });
    }
    const seen: string[] = [];
    let pageToken: string | undefined;
    do {
      const response = await callAs(workspace, 'commentannotations.get', {
        organizationId,
        documentId,
        pageSize: 2,
        ...(pageToken && { pageToken }),
      });
      // Authentication and, beside it, the page (prefetch).
      expect(response.db.commands.sort()).toEqual(['GetItem', 'Query']);
      expect(response.db.serialRoundTrips).toBe(1);
      for (const thread of response.json.result?.data ?? []) {
        expect(thread.comments).toHaveLength(3);
        seen.push(thread.annotationId);
      }
      pageToken = response.json.result?.pageToken;
    } while (pageToken);
    expect(seen).toEqual(['t1', 't2', 't3', 't4', 't5']);
  });

  it('keeps a long thread whole on its page, reading on past the first Query', async () => {
    const many = (from: typeof alice) => Array.from({ length: 10 }, () => comment(from));
    await addThread(workspace, 't1', { commentData: many(alice) });
    await succeed(workspace, 'commentannotations.comments.add', {
      organizationId,
      documentId,
      annotationId: 't1',
      commentData: many(bob),
    });
    await addThread(workspace, 't2');
    const first = await callAs(workspace, 'commentannotations.get', {
      organizationId,
      documentId,
      pageSize: 1,
    });
    expect(first.json.result?.data.map((thread: { comments: unknown[] }) => thread.comments.length)).toEqual([
      20,
    ]);
    expect(first.db.commands.sort()).toEqual(['GetItem', 'Query', 'Query']);
    expect(first.db.serialRoundTrips).toBe(2);
    const second = await callAs(workspace, 'commentannotations.get', {
      organizationId,
      documentId,
      pageSize: 1,
      pageToken: first.json.result?.pageToken,
    });
    expect(second.json.result?.data.map((thread: { annotationId: string }) => thread.annotationId)).toEqual([
      't2',
    ]);
    expect(second.json.result?.pageToken).toBeUndefined();
  });

  it('finds threads by annotation id, with or without the document', async () => {
    await addThread(workspace, 'a1');
    await addThread(workspace, 'a2');
    const byIds = await succeed(workspace, 'commentannotations.get', {
      organizationId,
      annotationIds: ['a2', 'nope'],
    });
    expect(byIds.map((thread: { annotationId: string }) => thread.annotationId)).toEqual(['a2']);
    expect(byIds[0].comments).toHaveLength(1);
    const inDocument = await succeed(workspace, 'commentannotations.get', {
      organizationId,
      documentId,
      annotationIds: ['a1'],
    });
    expect(inDocument.map((thread: { annotationId: string }) => thread.annotationId)).toEqual(['a1']);
  });

  it('refuses a page token of another document with INVALID_ARGUMENT', async () => {
    for (const id of ['t1', 't2']) await addThread(workspace, id);
    const first = await callAs(workspace, 'commentannotations.get', {
      organizationId,
      documentId,
      pageSize: 1,
    });
    const token = first.json.result?.pageToken;
    expect(token).toEqual(expect.any(String));
    const response = await callAs(workspace, 'commentannotations.get', {
      organizationId,
      documentId: 'elsewhere',
      pageToken: token,
    });
    expect(response.json.error?.status).toBe('INVALID_ARGUMENT');
  });
});

describe('commentannotations.delete', () => {
  it('deletes threads with their comments and fails missing ids per item', async () => {
    await addThread(workspace, 'a1', { commentData: [comment(alice), comment(bob)] });
    const response = await callAs(workspace, 'commentannotations.delete', {
      organizationId,
      documentId,
      annotationIds: ['a1', 'missing'],
    });
    // Auth, the config and each thread's Query together (prefetch); the thread with its comments in
    // one transaction; the Query for replies that raced the delete.
    expect(criticalPath(response)).toEqual({
      calls: { GetItem: 2, Query: 3, TransactWriteItems: 1 },
      serialRoundTrips: 3,
    });
    const result = dataOf(response);
    expect(result).toEqual({
      a1: { success: true, message: expect.any(String) },
      missing: { success: false, message: expect.any(String) },
    });
    expect(await annotationsOf(workspace)).toEqual([]);
    const events = await outboxEvents(workspace.apiKey);
    expect(events.map((event) => event.event)).toEqual([
      'comment_annotation.add',
      'comment.add',
      'comment_annotation.delete',
    ]);
  });

  it('deletes the comments of a thread too long for one transaction first, then the thread', async () => {
    await addThread(workspace, 'long');
    for (let batch = 0; batch < 10; batch += 1) {
      await succeed(workspace, 'commentannotations.comments.add', {
        organizationId,
        documentId,
        annotationId: 'long',
        commentData: Array.from({ length: 10 }, () => comment(bob)),
      });
    }
    const response = await callAs(workspace, 'commentannotations.delete', {
      organizationId,
      documentId,
      annotationIds: ['long'],
    });
    expect(dataOf(response)).toEqual({ long: { success: true, message: expect.any(String) } });
    // 101 comments: two transactions of comments, then the thread's own, then the raced-replies Query.
    expect(response.db.commands.filter((name) => name === 'TransactWriteItems')).toHaveLength(3);
    expect(response.db.serialRoundTrips).toBe(5);
    expect(await annotationsOf(workspace)).toEqual([]);
  });

  it('leaves no comment behind when a reply lands between reading the thread and deleting it', async () => {
    await addThread(workspace, 'raced', { commentData: [comment(alice)] });
    const client = db();
    const send = client.send.bind(client);
    const annotationKey = keys.commentAnnotation(workspace.apiKey, organizationId, documentId, 'raced');
    let replied = false;
    // Failure injection: the reply commits just before the delete's thread transaction is sent.
    const spy = jest.spyOn(client, 'send').mockImplementation((async (
      command: Parameters<typeof send>[0],
    ) => {
      const deletesThread =
        command instanceof TransactWriteCommand &&
        command.input.TransactItems?.some((item) => item.Delete?.Key?.sk === annotationKey.sk);
      if (deletesThread && !replied) {
        replied = true;
        await succeed(workspace, 'commentannotations.comments.add', {
          organizationId,
          documentId,
          annotationId: 'raced',
          commentData: [comment(bob, { commentId: 'late-reply' })],
        });
      }
      return send(command);
    }) as typeof client.send);
    try {
      const result = await succeed(workspace, 'commentannotations.delete', {
        organizationId,
        documentId,
        annotationIds: ['raced'],
      });
      expect(result).toEqual({ raced: { success: true, message: expect.any(String) } });
    } finally {
      spy.mockRestore();
    }
    expect(replied).toBe(true);
    const { Items } = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :threads)',
        ExpressionAttributeValues: { ':pk': annotationKey.pk, ':threads': keys.commentsPrefix },
      }),
    );
    expect(Items).toEqual([]);
    // The reply changed the thread's readers: the delete read it again and counted them off.
    expect(
      await succeed(workspace, 'commentannotations.count', {
        organizationId,
        documentIds: [documentId],
        userId: 'bob',
      }),
    ).toEqual({ [documentId]: { total: 0, open: 0, unread: 0 } });
    // A new thread under the same id starts empty: nothing of the old one comes back.
    await addThread(workspace, 'raced', { commentData: [comment(carol, { commentId: 'fresh' })] });
    expect(
      (await threadOf(workspace, 'raced')).comments.map((c: { commentId: string }) => c.commentId),
    ).toEqual(['fresh']);
  });
});
