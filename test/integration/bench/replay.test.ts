import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { writtenItems } from '../../../scripts/bench/before-images';
import { type RecordedCalls, replayCalls } from '../../../scripts/bench/replay';
import { queueTwins, type SocketTwins, startSocketTwins } from '../../../scripts/bench/replay-targets';
import { type LocalSqs, localSqsEnv, startLocalSqs, traceQueueSends } from '../../../scripts/local/sqs';
import { env } from '../../../shared/config/env';
import { db, tableName } from '../../../shared/db/client';
import { keys } from '../../../shared/db/keys';
import { type DbCallTrace, measureDbCalls } from '../../../shared/db/metrics';
import { sendToQueue, sqs as serviceSqsClient } from '../../../shared/queues/send';
import { updateActivityConfig } from '../../../shared/settings/service';
import { maxWorkspacesPerOwner } from '../../../shared/workspace/repository';
import { createWorkspace } from '../../../shared/workspace/service';
import { callAs, succeed } from '../../support/api';
import { waitFor } from '../../support/poll';
import { seedDocument, useRealtimeSession } from '../../support/realtime';
import { createTestWorkspace, uniqueEmail } from '../../support/workspaces';

// The SQS emulator and the local stack's tracing of the service's sends, before anything reads the
// environment; then the dev server (whose realtime stand-in traces posts and closes) and a workspace.
let localSqs: LocalSqs;
beforeAll(async () => {
  localSqs = await startLocalSqs();
  Object.assign(process.env, localSqsEnv(localSqs));
  traceQueueSends(serviceSqsClient());
});
afterAll(() => localSqs.stop());
const session = useRealtimeSession(createTestWorkspace);

/** The bench's replay client: a document client with no instrumentation, on the same DynamoDB Local. */
function bareClient(): DynamoDBDocumentClient {
  const { AWS_REGION, DYNAMODB_ENDPOINT } = env();
  return DynamoDBDocumentClient.from(
    new DynamoDBClient({ region: AWS_REGION, endpoint: DYNAMODB_ENDPOINT }),
    { marshallOptions: { removeUndefinedValues: true } },
  );
}

/** workspace.create's DynamoDB calls: one transaction of an owner counter and three conditional creates. */
async function recordWorkspaceCreate() {
  const ownerEmail = uniqueEmail();
  const { result, stats } = await measureDbCalls(() => createWorkspace({ ownerEmail }));
  const apiKey = Object.keys(result.apiKeyList)[0]!;
  return { ownerEmail, workspaceId: result.id, apiKey, trace: stats.trace };
}

/** Replays DynamoDB calls alone (no other service's calls recorded). */
const replayDb = (trace: readonly DbCallTrace[]) =>
  replayCalls({ db: bareClient() }, { trace: [...trace], otherCalls: [] });

const readItem = async (key: Record<string, string>) =>
  (await db().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }))).Item;

describe('replayTrace', () => {
  it('replays conditional creates as accepted, every recorded call sent, and leaves the table as it was', async () => {
    const { ownerEmail, workspaceId, apiKey, trace } = await recordWorkspaceCreate();
    const credential = await readItem(keys.apiKeyCredential(apiKey));
    const owner = await readItem(keys.owner(ownerEmail));
    // The three creates were absent before; the owner counter was never read: no before-image.
    expect(writtenItems(trace).map((item) => item.before?.Item)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect(writtenItems(trace).filter((item) => item.before)).toHaveLength(3);

    for (let replay = 0; replay < maxWorkspacesPerOwner; replay += 1) {
      expect(await replayDb(trace)).toEqual(expect.objectContaining({ calls: trace.length, refused: 0 }));
    }

    expect(await readItem(keys.apiKeyCredential(apiKey))).toEqual(credential);
    expect(await readItem(keys.owner(ownerEmail))).toEqual(owner);
    expect(await readItem(keys.workspace(workspaceId))).toMatchObject({ workspaceId });
  });

  it('replays an optimistic update as accepted: the item it read is put back as it was first', async () => {
    const { apiKey } = await createTestWorkspace();
    await updateActivityConfig(apiKey, { isEnabled: true });
    const { stats } = await measureDbCalls(() => updateActivityConfig(apiKey, { isEnabled: false }));
    const after = await readItem(keys.apiKeyConfig(apiKey, 'activity'));
    expect(stats.trace.map((call) => call.command)).toEqual(['GetItem', 'PutItem']);
    expect(writtenItems(stats.trace)).toEqual([
      expect.objectContaining({
        before: expect.objectContaining({ Item: expect.objectContaining({ version: 1 }) }),
      }),
    ]);

    expect(await replayDb(stats.trace)).toEqual(expect.objectContaining({ calls: 2, refused: 0 }));
    expect(await readItem(keys.apiKeyConfig(apiKey, 'activity'))).toEqual(after);
  });

  it('counts a call refused for another reason and still leaves the table as it was', async () => {
    const { ownerEmail, workspaceId, apiKey, trace } = await recordWorkspaceCreate();
    // The owner reaches the quota between the request and its replay.
    const fullOwner = { ...(await readItem(keys.owner(ownerEmail))), workspaceCount: maxWorkspacesPerOwner };
    await db().send(new PutCommand({ TableName: tableName(), Item: fullOwner }));

    expect(await replayDb(trace)).toEqual(expect.objectContaining({ calls: trace.length, refused: 1 }));
    expect(await readItem(keys.workspace(workspaceId))).toMatchObject({ workspaceId });
    expect(await readItem(keys.apiKeyCredential(apiKey))).toMatchObject({ apiKey, workspaceId });
    expect(await readItem(keys.owner(ownerEmail))).toEqual(fullOwner);
  });
});

/** Messages of an emulator queue, by state. */
const queued = (name: string) => localSqs.server.inspectQueue(name)?.messages;

describe('replayCalls with SQS sends and realtime calls', () => {
  let sockets: SocketTwins;
  let queues: ReturnType<typeof queueTwins>;
  beforeAll(async () => {
    sockets = await startSocketTwins();
    queues = queueTwins(localSqs.endpoint, env().AWS_REGION);
  });
  afterAll(async () => {
    queues.destroy();
    await sockets.close();
  });
  const targets = () => ({ db: bareClient(), sqs: queues, realtime: sockets });

  /** A document with a connected client. */
  async function joinedRoom() {
    const room = { ...(await seedDocument(session.workspace)), editorId: 'body' };
    await succeed(session.workspace, 'crdt.add', { ...room, type: 'text', data: 'base' });
    return { room, client: await session.join(room) };
  }

  it('records a migration’s SQS send and connection close among its DynamoDB calls, in the order they were made', async () => {
    const { room, client } = await joinedRoom();
    const queuedBefore = queued('document-migration')?.ready.length ?? 0;
    const { statusCode, db: calls } = await callAs(session.workspace, 'organizations.documents.migrate', {
      organizationId: room.organizationId,
      documentId: room.documentId,
      newDocumentId: `doc-${randomUUID()}`,
    });
    expect(statusCode).toBe(200);
    await waitFor(() => client.closes.length === 1, 10_000, 'the 4404 close');

    expect(calls.otherCalls.map((call) => [call.service, call.command])).toEqual([
      ['sqs', 'SendMessage'],
      ['realtime', 'DeleteConnection'],
    ]);
    const [send, close] = calls.otherCalls;
    // After auth's read, the message, then the job's write (startMigration); the close once the
    // connections were read.
    const [authRead] = calls.trace;
    const jobWrite = calls.trace.find((call) => call.command === 'PutItem');
    const connectionsRead = calls.trace.find((call) => call.command === 'Query');
    expect(send?.input).toMatchObject({ QueueUrl: localSqs.queueUrls['document-migration'] });
    expect(jobWrite?.input).toMatchObject({ Item: { entity: 'migrationJob' } });
    expect([authRead!.step, send!.step, jobWrite!.step]).toEqual([1, 2, 3]);
    expect(close?.step).toBeGreaterThan(connectionsRead!.step);
    expect(close?.input).toMatchObject({ code: 4404 });
    expect(queued('document-migration')?.ready).toHaveLength(queuedBefore + 1);
  });

  it('replays the send to a twin queue and the close on a socket of its own: every call sent, nothing reaches the real queue or client', async () => {
    const { room, client } = await joinedRoom();
    const { db: calls } = await callAs(session.workspace, 'organizations.documents.migrate', {
      organizationId: room.organizationId,
      documentId: room.documentId,
      newDocumentId: `doc-${randomUUID()}`,
    });
    await waitFor(() => client.closes.length === 1, 10_000, 'the 4404 close');
    const queuedAfterRequest = queued('document-migration')?.ready.length;

    // One refusal: the connection's conditional delete. The request found the connection through its
    // room's items (a projection), which shows no before-image to restore (decisions §44).
    expect(await replayCalls(targets(), calls)).toEqual(
      expect.objectContaining({ calls: calls.trace.length + 2, otherCalls: 2, refused: 1 }),
    );
    expect(queued('document-migration')?.ready).toHaveLength(queuedAfterRequest!);
    expect(queued('document-migration-floor')?.ready).toEqual([]);
    expect(client.closes).toHaveLength(1);
  });

  it('replays a broadcast’s posts as sends of the same frames on its own socket', async () => {
    const { room } = await joinedRoom();
    const { db: calls } = await callAs(session.workspace, 'crdt.update', {
      ...room,
      type: 'text',
      data: 'base, updated',
    });
    const posts = calls.otherCalls.filter((call) => call.command === 'PostToConnection');
    expect(posts.length).toBeGreaterThan(0);
    expect(calls.otherCalls).toEqual(posts);
    const received = sockets.framesReceived();

    expect(await replayCalls(targets(), calls)).toEqual(
      expect.objectContaining({ otherCalls: posts.length, refused: 0 }),
    );
    await waitFor(() => sockets.framesReceived() === received + posts.length, 10_000, 'the replayed frames');
  });

  it('sends a replayed message with the recorded body to the twin, and purges the twin afterwards', async () => {
    const recorded: RecordedCalls = (await measureDbCalls(() => sendToQueue('stream-failures', { probe: 1 })))
      .stats;
    const queuedAfterSend = queued('stream-failures')?.ready.length;
    const [call] = recorded.otherCalls;
    const prepared = await queues.prepare(call!);

    await prepared.send();
    expect(queued('stream-failures-floor')?.ready.map((message) => message.body)).toEqual(['{"probe":1}']);
    expect(queued('stream-failures')?.ready).toHaveLength(queuedAfterSend!);
    await prepared.cleanUp();
    expect(queued('stream-failures-floor')?.ready).toEqual([]);
  });
});
