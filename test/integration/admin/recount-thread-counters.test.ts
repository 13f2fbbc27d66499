import { DeleteCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../../../shared/db/client';
import { keys } from '../../../shared/db/keys';
import { admin } from '../../support/admin';
import { callAs, succeed } from '../../support/api';
import { alice, bob, carol } from '../../support/people';
import type { TestWorkspace } from '../../support/workspaces';
import {
  addThread,
  comment,
  documentId,
  givenWorkspaceWithDocument,
  organizationId,
  storedThreadCounts,
} from '../comments/support';

/**
 * `npm run admin -- recount-thread-counters` (decisions §86): threads stored before thread counts
 * existed are counted from their items, exactly, beside concurrent thread writes.
 */
jest.setTimeout(90_000);

const users = [alice.userId, bob.userId, carol.userId];

let workspace: TestWorkspace;
beforeEach(async () => {
  workspace = await givenWorkspaceWithDocument();
});

const documentOf = (organization = organizationId) => ({ organizationId: organization, documentId });

const countsOf = async (owner = workspace, organization = organizationId) =>
  Object.fromEntries(
    await Promise.all(
      users.map(async (userId) => [
        userId,
        (
          (await succeed(owner, 'commentannotations.count', {
            organizationId: organization,
            documentIds: [documentId],
            userId,
          })) as Record<string, unknown>
        )[documentId],
      ]),
    ),
  );

/** The counts recomputed from the stored threads. */
const storedCounts = (owner = workspace, organization = organizationId) =>
  storedThreadCounts(owner, documentOf(organization), users);

/**
 * Makes a document's threads look as stored before thread counts: its counters deleted, its
 * thread items without `commentSeq`, `readBy` and `readVersion`.
 */
async function makeLegacy(owner = workspace, organization = organizationId) {
  const { Items: items = [] } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.commentsPartition(owner.apiKey, organization, documentId) },
      ConsistentRead: true,
    }),
  );
  for (const item of items) {
    const Key = { pk: item.pk, sk: item.sk };
    if ((item.sk as string).startsWith(keys.threadCountersPrefix))
      await db().send(new DeleteCommand({ TableName: tableName(), Key }));
    else if (item.entity === 'commentAnnotation')
      await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key,
          UpdateExpression: 'REMOVE commentSeq, readBy, readVersion',
        }),
      );
  }
}

const reply = (annotationId: string, from = bob, owner = workspace, organization = organizationId) =>
  succeed(owner, 'commentannotations.comments.add', {
    ...documentOf(organization),
    annotationId,
    commentData: [comment(from)],
  });

const setStatus = (annotationId: string, status: string) =>
  succeed(workspace, 'commentannotations.update', {
    ...documentOf(),
    annotationId,
    status,
    actionUser: alice,
  });

/** Three legacy threads (t2 resolved), bob having replied to t3 and carol read t1 before the upgrade. */
async function givenLegacyThreads(owner = workspace, organization = organizationId) {
  for (const annotationId of ['t1', 't2', 't3'])
    await succeed(owner, 'commentannotations.add', {
      ...documentOf(organization),
      commentAnnotations: [
        { annotationId, commentData: [comment()], ...(annotationId === 't2' && { status: 'resolved' }) },
      ],
    });
  await reply('t3', bob, owner, organization);
  await callAs(owner, 'commentannotations.read.update', {
    ...documentOf(organization),
    userId: carol.userId,
    annotationIds: ['t1'],
    read: true,
  });
  await makeLegacy(owner, organization);
}

const recount = (...args: string[]) =>
  admin('recount-thread-counters', '--api-key', workspace.apiKey, ...args);

/** Counts the write requests `work` sends to DynamoDB. */
async function writesDuring(work: () => Promise<unknown>) {
  const send = jest.spyOn(db(), 'send');
  try {
    await work();
    return send.mock.calls.filter(([command]) =>
      /^(Put|Update|Delete|BatchWrite|TransactWrite)Command$/.test(command.constructor.name),
    ).length;
  } finally {
    send.mockRestore();
  }
}

describe('npm run admin -- recount-thread-counters', () => {
  it('counts legacy threads exactly, beside reads and status changes since the upgrade; a second run writes nothing', async () => {
    await givenLegacyThreads();
    // After the upgrade: a read mark and a status change of legacy threads move counters that never counted them.
    await callAs(workspace, 'commentannotations.read.update', {
      ...documentOf(),
      userId: bob.userId,
      annotationIds: ['t2'],
      read: true,
    });
    await setStatus('t2', 'open');
    expect((await countsOf())[alice.userId]).toEqual({ total: 0, open: 1, unread: 0 });

    const first = await recount();
    expect(first.code).toBe(0);
    expect(first.out[0]).toMatch(/ "org" done; 1 organizations, 1 documents, [1-9]\d* counters written /);
    expect(first.out[0]).toContain(`(resume: --api-key ${workspace.apiKey} --after "org")`);
    const expected = await storedCounts();
    expect(expected[bob.userId]).toEqual({ total: 3, open: 3, unread: 2 });
    expect(expected[carol.userId]).toEqual({ total: 3, open: 3, unread: 3 });
    expect(await countsOf()).toEqual(expected);

    // Writes after the recount keep the counts exact.
    await reply('t2', alice);
    await setStatus('t1', 'closed');
    await addThread(workspace, 't4');
    expect(await countsOf()).toEqual(await storedCounts());

    let second: Awaited<ReturnType<typeof recount>> | undefined;
    expect(await writesDuring(async () => (second = await recount()))).toBe(0);
    expect(second?.out.at(-1)).toBe(
      'Done: 1 organizations, 1 documents, 0 counters written, 0 documents kept changing.',
    );
  });

  it('stays exact when a reply and a status change land between its counter read and its write', async () => {
    await givenLegacyThreads();
    const client = db();
    const send = client.send.bind(client);
    let threadQueries = 0;
    const spy = jest.spyOn(client, 'send').mockImplementation((async (
      command: Parameters<typeof send>[0],
    ) => {
      const output = await send(command);
      const input = command.input as { ProjectionExpression?: string };
      // The recount's thread Query (the second read of each attempt): a thread write lands right after it.
      if (command instanceof QueryCommand && input.ProjectionExpression === '#status, readBy') {
        threadQueries += 1;
        if (threadQueries === 1) {
          await reply('t1', alice);
          await setStatus('t3', 'closed');
        }
      }
      return output;
    }) as typeof client.send);
    try {
      const run = await recount();
      expect(run.code).toBe(0);
    } finally {
      spy.mockRestore();
    }
    // The status change moved the document's counter since it was read: the document was recounted.
    expect(threadQueries).toBe(2);
    const expected = await storedCounts();
    expect(expected[alice.userId]).toEqual({ total: 3, open: 1, unread: 2 });
    expect(await countsOf()).toEqual(expected);
  });

  it('with --api-key leaves other API keys alone; --after resumes after an organization', async () => {
    const other = await givenWorkspaceWithDocument();
    await givenLegacyThreads(other);
    await succeed(workspace, 'organizations.add', { organizations: [{ organizationId: 'org2' }] });
    await succeed(workspace, 'organizations.documents.add', {
      organizationId: 'org2',
      documents: [{ documentId }],
    });
    await givenLegacyThreads();
    await givenLegacyThreads(workspace, 'org2');

    const resumed = await recount('--after', organizationId);
    expect(resumed.out).toHaveLength(2);
    expect(resumed.out[0]).toContain(' "org2" done; 1 organizations, 1 documents');
    expect(await countsOf(workspace, 'org2')).toEqual(await storedCounts(workspace, 'org2'));
    expect((await countsOf())[alice.userId]).toEqual({ total: 0, open: 0, unread: 0 });

    const all = await recount();
    expect(all.out).toHaveLength(3);
    expect(await countsOf()).toEqual(await storedCounts());
    expect((await countsOf(other))[alice.userId]).toEqual({ total: 0, open: 0, unread: 0 });
    expect((await admin('recount-thread-counters', '--after', organizationId)).code).toBe(2);
  });
});
