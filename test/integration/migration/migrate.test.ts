import { commentMover } from '../../../shared/comments/document-mover';
import { sendToQueue } from '../../../shared/queues/send';
import { callAs, succeed } from '../../support/api';
import { dataOf } from '../../support/lambda';
import { createTestWorkspace } from '../../support/workspaces';
import {
  documentView,
  emptyDocumentView,
  migrate,
  migrationHarness,
  newId,
  organizationId,
  seedDocument,
  statusOf,
} from './support';

jest.setTimeout(60_000);

const harness = migrationHarness();

/** Content under `documentId` without a document item: a CRDT editor. */
const addEditorWithoutDocument = (documentId: string) =>
  succeed(harness.workspace, 'crdt.add', {
    organizationId,
    documentId,
    editorId: 'x',
    type: 'text',
    data: 'x',
  });

describe('organizations.documents.migrate', () => {
  it("moves an editor's versions with the document, keeping their ids", async () => {
    const [from, to] = [newId('doc'), newId('moved')];
    await harness.seedDocument(from);
    const editor = { organizationId, editorId: 'e1' };
    const { versionId } = await succeed(harness.workspace, 'crdt.versions.create', {
      ...editor,
      documentId: from,
      name: 'kept',
      actionUser: { userId: 'bob' },
    });
    const before = await succeed(harness.workspace, 'crdt.versions.get', { ...editor, documentId: from });
    await succeed(harness.workspace, 'organizations.documents.migrate', {
      organizationId,
      documentId: from,
      newDocumentId: to,
    });
    expect((await harness.queue.drain()).map((run) => run.failed)).toEqual([false]);
    expect(await succeed(harness.workspace, 'crdt.versions.get', { ...editor, documentId: to })).toEqual(
      before,
    );
    expect(await succeed(harness.workspace, 'crdt.versions.get', { ...editor, documentId: from })).toEqual(
      [],
    );
    const one = await succeed(harness.workspace, 'crdt.versions.get', {
      ...editor,
      documentId: to,
      versionId,
    });
    expect(one).toMatchObject({ versionId, name: 'kept', data: 'Hello, world' });
    // Bob's version is listed among his data under the new document id.
    const data = await succeed(harness.workspace, 'users.data.get', { userId: 'bob', organizationId });
    const versions = data.items.filter((item: { record: { versionId?: string } }) => item.record.versionId);
    expect(versions).toEqual([expect.objectContaining({ feature: 'crdt', documentId: to, id: 'e1' })]);
  });

  it('moves every record of the document to the new id and leaves nothing under the old one', async () => {
    const [from, to] = [newId('doc'), newId('moved')];
    const tag = await harness.seedDocument(from);
    // Another API key with the same organization and document ids must not be touched.
    const neighbour = await createTestWorkspace();
    await seedDocument(neighbour, organizationId, from);
    const before = await harness.documentView(from);
    const neighbourBefore = await documentView(neighbour, organizationId, from);
    expect(before.documents).toHaveLength(1);
    expect(before.activities).toHaveLength(3);
    expect(before.bobInbox).toEqual([`${tag}-n1`, `${tag}-n2`]);
    expect(before.comments[0].comments).toHaveLength(2);
    expect(before.judgments).toEqual([`${tag}-a1`, `${tag}-a2`, `${tag}-a3`]);
    expect(before.searchedJudgments).toEqual(before.judgments);

    const started = await callAs(harness.workspace, 'organizations.documents.migrate', {
      organizationId,
      documentId: from,
      newDocumentId: to,
    });
    expect(started.statusCode).toBe(200);
    const { migrationId } = dataOf(started) as { migrationId: string };
    // The job, then the source's connections closed: the access stamp beside their Query, then its
    // live state: the values' Query, and beside it their index deleted unread (decisions §60).
    expect([...started.db.commands].sort()).toEqual([
      'BatchWriteItem',
      'GetItem',
      'PutItem',
      'PutItem',
      'Query',
      'Query',
    ]);
    expect(started.db.serialRoundTrips).toBe(4);
    expect(await harness.statusOf(migrationId)).toEqual({
      migrationId,
      status: 'pending',
      moved: {},
    });

    const runs = await harness.queue.drain();
    expect(runs.map((run) => run.failed)).toEqual([false]);
    expect(await harness.statusOf(migrationId)).toEqual({
      migrationId,
      status: 'completed',
      message: expect.stringContaining(to),
      // Records moved per domain: the seeded document's 3 activities among them.
      moved: expect.objectContaining({ activities: 3 }),
    });
    expect(await harness.documentView(to)).toEqual(before);
    const after = await harness.documentView(from);
    expect(after).toMatchObject(emptyDocumentView);
    for (const userId of ['bob', 'carol', 'dave']) {
      expect(after.permissions[userId].documents['<doc>'].errorCode).toBe('does_not_exist');
    }
    expect(await documentView(neighbour, organizationId, from)).toEqual(neighbourBefore);
  });

  it('fails when the target document exists, and changes nothing', async () => {
    const [from, to] = [newId('doc'), newId('taken')];
    await harness.seedDocument(from);
    await harness.seedDocument(to);
    const fromBefore = await harness.documentView(from);
    const toBefore = await harness.documentView(to);
    const migrationId = await harness.migrate(from, to);
    await harness.queue.drain();
    expect(await harness.statusOf(migrationId)).toEqual({
      migrationId,
      status: 'failed',
      message: expect.stringContaining(`${to} already exists`),
      moved: {},
    });
    expect(await harness.documentView(from)).toEqual(fromBefore);
    expect(await harness.documentView(to)).toEqual(toBefore);
  });

  it('treats any record under the new id as an existing target, even without a document item', async () => {
    const [from, to] = [newId('doc'), newId('content-only')];
    await harness.seedDocument(from);
    await addEditorWithoutDocument(to);
    const migrationId = await harness.migrate(from, to);
    await harness.queue.drain();
    const status = await harness.statusOf(migrationId);
    expect(status.status).toBe('failed');
    expect(status.message).toContain('crdt');
    expect((await harness.documentView(from)).activities).toHaveLength(3);
  });

  it('can run again after a failed migration once the target is free, and a second run of a done job is a no-op', async () => {
    const [from, to] = [newId('doc'), newId('retry')];
    const tag = await harness.seedDocument(from);
    await addEditorWithoutDocument(to);
    const failed = await harness.migrate(from, to);
    await harness.queue.drain();
    expect((await harness.statusOf(failed)).status).toBe('failed');
    const other = newId('free');
    const second = await harness.migrate(from, other);
    await harness.queue.drain();
    expect((await harness.statusOf(second)).status).toBe('completed');
    expect((await harness.documentView(other)).activities).toEqual([`${tag}-a1`, `${tag}-a2`, `${tag}-a3`]);
  });

  it('sweeps records written under the old id after their domain was moved, before completing', async () => {
    const [from, to] = [newId('doc'), newId('swept')];
    const tag = await harness.seedDocument(from);
    // Failure injection: while comments move (after activities), a client adds an activity to the old id.
    const moveComments = commentMover.moveBatch.bind(commentMover);
    let written = false;
    const spy = jest.spyOn(commentMover, 'moveBatch').mockImplementation(async (move, cursor) => {
      if (!written) {
        written = true;
        await succeed(harness.workspace, 'activities.add', {
          organizationId,
          documentId: from,
          activities: [
            {
              id: `${tag}-late`,
              featureType: 'comment',
              actionType: 'comment.add',
              actionUser: { userId: 'bob' },
            },
          ],
        });
      }
      return moveComments(move, cursor);
    });
    try {
      const migrationId = await harness.migrate(from, to);
      expect((await harness.queue.drain()).map((run) => run.failed)).toEqual([false]);
      expect((await harness.statusOf(migrationId)).status).toBe('completed');
    } finally {
      spy.mockRestore();
    }
    expect(written).toBe(true);
    expect((await harness.documentView(to)).activities).toEqual([
      `${tag}-a1`,
      `${tag}-a2`,
      `${tag}-a3`,
      `${tag}-late`,
    ]);
    expect((await harness.documentView(from)).activities).toEqual([]);
  });

  it('completes a migration of an id without records, moving nothing', async () => {
    const migrationId = await harness.migrate(newId('nothing'), newId('target'));
    await harness.queue.drain();
    expect((await harness.statusOf(migrationId)).status).toBe('completed');
  });

  it('migrates in an organization whose id holds characters SQS refuses in a message (U+FFFF, past U+FFFF)', async () => {
    const organization = newId('org\uffff😀');
    const [from, to] = [newId('doc'), newId('moved')];
    await succeed(harness.workspace, 'organizations.add', {
      organizations: [{ organizationId: organization }],
    });
    await succeed(harness.workspace, 'organizations.documents.add', {
      organizationId: organization,
      documents: [{ documentId: from }],
    });
    const migrationId = await migrate(harness.workspace, organization, from, to);
    expect((await harness.queue.drain()).map((run) => run.failed)).toEqual([false]);
    expect((await statusOf(harness.workspace, organization, migrationId)).status).toBe('completed');
    expect((await documentView(harness.workspace, organization, to)).documents).toHaveLength(1);
  });

  it('refuses a migration to the same id, naming newDocumentId, and queues and writes nothing', async () => {
    const waiting = harness.queued();
    const response = await callAs(harness.workspace, 'organizations.documents.migrate', {
      organizationId,
      documentId: 'same',
      newDocumentId: 'same',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json.error?.status).toBe('INVALID_ARGUMENT');
    expect(response.json.error?.message).toContain('newDocumentId');
    expect(response.db.calls).toBe(1); // authentication only
    expect(harness.queued()).toBe(waiting);
  });
});

describe('the document-migration worker', () => {
  const message = (sentAt: number) => ({
    apiKey: harness.workspace.apiKey,
    organizationId,
    migrationId: newId('m'),
    sentAt,
  });
  const waiting = () => {
    const messages = harness.queue.sqs.server.inspectQueue('document-migration')?.messages;
    return (messages?.ready.length ?? 0) + (messages?.delayed.length ?? 0);
  };

  it('drops a message whose job was never written (the migrate request failed after sending it)', async () => {
    await sendToQueue('document-migration', message(Date.now() - 120_000));
    const run = await harness.queue.runWorkerOnce();
    // The job read, inside the API key's job slot taken and given back (decisions §64).
    expect(run).toMatchObject({ failed: false, db: { commands: ['UpdateItem', 'GetItem', 'UpdateItem'] } });
    expect(waiting()).toBe(0);
  });

  it('looks again shortly for a job that may not be written yet', async () => {
    // Sent 50 s ago: within the 60 s grace now, past it when the re-sent message comes back.
    await sendToQueue('document-migration', message(Date.now() - 50_000));
    const run = await harness.queue.runWorkerOnce();
    expect(run).toMatchObject({ failed: false, db: { commands: ['UpdateItem', 'GetItem', 'UpdateItem'] } });
    expect(harness.queue.sqs.server.inspectQueue('document-migration')?.messages.delayed).toHaveLength(1);
  });
});

describe('organizations.documents.migrate.status', () => {
  it("answers NOT_FOUND for an unknown id and for another API key's migration", async () => {
    const unknown = await callAs(harness.workspace, 'organizations.documents.migrate.status', {
      organizationId,
      migrationId: 'nope',
    });
    expect(unknown.json.error?.status).toBe('NOT_FOUND');
    const migrationId = await harness.migrate(newId('a'), newId('b'));
    const neighbour = await createTestWorkspace();
    const foreign = await callAs(neighbour, 'organizations.documents.migrate.status', {
      organizationId,
      migrationId,
    });
    expect(foreign.json.error?.status).toBe('NOT_FOUND');
    const own = await callAs(harness.workspace, 'organizations.documents.migrate.status', {
      organizationId,
      migrationId,
    });
    expect(own.db.commands).toEqual(['GetItem', 'GetItem']);
    // The job read travels with the auth read (prefetch).
    expect(own.db.serialRoundTrips).toBe(1);
    await harness.queue.drain();
  });
});
