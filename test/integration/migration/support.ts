import { randomUUID } from 'node:crypto';
import {
  ChangeMessageVisibilityCommand,
  DeleteMessageCommand,
  ReceiveMessageCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { lambdaContext, toSqsRecord } from '../../../scripts/local/lambda-adapter';
import { type LocalSqs, localSqsEnv, startLocalSqs } from '../../../scripts/local/sqs';
import { putNewActivities } from '../../../shared/activities/repository';
import { db } from '../../../shared/db/client';
import { type DbCallStats, measureDbCalls } from '../../../shared/db/metrics';
import { queueDefinitions, workerTimeoutSeconds } from '../../../shared/queues/queues';
import { callAs, succeed } from '../../support/api';
import { dataOf } from '../../support/lambda';
import { givenOrganizationWithFolders } from '../../support/organizations';
import { useOwnTable } from '../../support/own-table';
import { createTestWorkspace, type TestWorkspace } from '../../support/workspaces';

const queueName = 'document-migration';

export interface MigrationQueue {
  sqs: LocalSqs;
  /**
   * Receives the next message (waiting up to a second for a delayed one) and hands it to the real
   * worker handler as Lambda's SQS event; a success deletes the message, a reported failure makes it
   * visible again at once (what the visibility timeout does in AWS, without the wait). Undefined when
   * the queue is empty (at once when it holds no message at all, not even a delayed one).
   */
  runWorkerOnce(): Promise<{ failed: boolean; receiveCount: number; db: DbCallStats } | undefined>;
  /** Runs the worker until the queue is empty; returns the runs' outcomes. */
  drain(): Promise<{ failed: boolean; receiveCount: number; db: DbCallStats }[]>;
  stop(): Promise<void>;
}

/**
 * The SQS emulator with the stack's queues, the environment pointing the service at it (call
 * first in `beforeAll`, before anything reads the environment), and the migration worker driven
 * one message at a time, so a test can look at the job between steps. `ownTable`: the file works
 * in a table of its own, for tests that sweep the due index, which spans every tenant (no other
 * file's jobs are resumed by them, nor theirs by other files' sweeps).
 */
export async function startMigrationQueue(options: { ownTable?: boolean } = {}): Promise<MigrationQueue> {
  if (options.ownTable) await useOwnTable('migration');
  const sqs = await startLocalSqs();
  Object.assign(process.env, localSqsEnv(sqs));
  const { handler } = await import('../../../functions/workers/document-migration');
  const client = new SQSClient({ endpoint: sqs.endpoint, region: process.env.AWS_REGION ?? 'us-east-1' });
  const queueUrl = sqs.queueUrls[queueName] as string;
  const definition = queueDefinitions.find((queue) => queue.name === queueName);
  // The worker's timeout in the stack, not a route's 30 s.
  const context = () => lambdaContext(`worker-${queueName}`, workerTimeoutSeconds(definition!) * 1000);
  const runWorkerOnce: MigrationQueue['runWorkerOnce'] = async () => {
    const held = sqs.server.inspectQueue(queueName)?.messages;
    if (!held || held.ready.length + held.delayed.length + held.inflight.length === 0) return undefined;
    const { Messages = [] } = await client.send(
      new ReceiveMessageCommand({
        QueueUrl: queueUrl,
        MaxNumberOfMessages: 1,
        WaitTimeSeconds: 1,
        MessageSystemAttributeNames: ['All'],
      }),
    );
    const [message] = Messages;
    if (!message) return undefined;
    const event: SQSEvent = { Records: [toSqsRecord(message, queueName)] };
    const { result, stats } = await measureDbCalls(
      () => handler(event, context()) as Promise<SQSBatchResponse>,
    );
    const failed = result.batchItemFailures.length > 0;
    if (failed) {
      await client.send(
        new ChangeMessageVisibilityCommand({
          QueueUrl: queueUrl,
          ReceiptHandle: message.ReceiptHandle,
          VisibilityTimeout: 0,
        }),
      );
    } else {
      await client.send(
        new DeleteMessageCommand({ QueueUrl: queueUrl, ReceiptHandle: message.ReceiptHandle }),
      );
    }
    return { failed, receiveCount: Number(message.Attributes?.ApproximateReceiveCount ?? 1), db: stats };
  };
  return {
    sqs,
    runWorkerOnce,
    drain: async () => {
      const runs = [];
      for (let run = await runWorkerOnce(); run; run = await runWorkerOnce()) runs.push(run);
      return runs;
    },
    stop: async () => {
      client.destroy();
      await sqs.stop();
    },
  };
}

/** The organization the migration tests seed their documents in. */
export const organizationId = 'org';

/** A fresh id `<name>-<uuid>`, so tests in one workspace never meet each other's documents. */
export const newId = (name: string) => `${name}-${randomUUID()}`;

/** Starts a migration and returns its id. */
export async function migrate(
  workspace: TestWorkspace,
  organizationId: string,
  documentId: string,
  newDocumentId: string,
): Promise<string> {
  const data = await succeed(workspace, 'organizations.documents.migrate', {
    organizationId,
    documentId,
    newDocumentId,
  });
  return data.migrationId as string;
}

/** A migration's status data (`{ migrationId, status, moved, message? }`). */
export async function statusOf(workspace: TestWorkspace, organizationId: string, migrationId: string) {
  const response = await callAs(workspace, 'organizations.documents.migrate.status', {
    organizationId,
    migrationId,
  });
  return response.json.result?.data as {
    migrationId: string;
    status: string;
    moved: Record<string, number>;
    message?: string;
  };
}

/** Users seeded on a document: members bob (editor) and carol (viewer), dave with a grant. */
export const seededUsers = ['bob', 'carol', 'dave'];

/**
 * Gives a document one record of every kind a migration moves, through the API: the document in
 * a folder, two memberships and a grant, three activities, two notifications to bob and carol,
 * and two CRDT editors (one with an appended update besides its snapshot). Returns the tag that
 * starts the seeded activity and notification ids.
 */
export async function seedDocument(workspace: TestWorkspace, organizationId: string, documentId: string) {
  // Activity and notification ids are organization-wide: a fresh tag keeps seeded documents apart.
  const tag = randomUUID().slice(0, 8);
  await succeed(workspace, 'workspace.activityconfig.update', { activityServiceConfig: { isEnabled: true } });
  await givenOrganizationWithFolders(workspace, organizationId, [
    { folderId: 'folder-1', folderName: 'Specs' },
  ]);
  await succeed(workspace, 'organizations.documents.add', {
    organizationId,
    folderId: 'folder-1',
    documents: [{ documentId, documentName: 'Spec', accessType: 'restricted' }],
  });
  await succeed(workspace, 'users.add', {
    organizationId,
    documentId,
    users: [
      { userId: 'bob', accessRole: 'editor' },
      { userId: 'carol', accessRole: 'viewer' },
    ],
  });
  await succeed(workspace, 'auth.permissions.add', {
    user: { userId: 'dave' },
    permissions: { resources: [{ type: 'document', id: documentId, organizationId, accessRole: 'viewer' }] },
  });
  await succeed(workspace, 'activities.add', {
    organizationId,
    documentId,
    activities: ['a1', 'a2', 'a3'].map((suffix) => ({
      id: `${tag}-${suffix}`,
      featureType: 'comment',
      actionType: 'comment.add',
      actionUser: { userId: 'bob' },
    })),
  });
  for (const suffix of ['n1', 'n2']) {
    await succeed(workspace, 'notifications.add', {
      organizationId,
      documentId,
      notificationId: `${tag}-${suffix}`,
      actionUser: { userId: 'erin' },
      displayHeadlineMessageTemplate: 'h',
      displayBodyMessage: 'b',
      notifyAll: false,
      notifyUsers: [{ userId: 'bob' }, { userId: 'carol' }],
    });
  }
  await succeed(workspace, 'commentannotations.add', {
    organizationId,
    documentId,
    commentAnnotations: [
      {
        annotationId: 'thread-1',
        commentData: ['c1', 'c2'].map((commentId) => ({
          commentId,
          commentText: `comment ${commentId}`,
          from: { userId: 'bob' },
          triggerActivities: false,
        })),
      },
    ],
  });
  await succeed(workspace, 'crdt.add', {
    organizationId,
    documentId,
    editorId: 'e1',
    type: 'text',
    data: 'Hello',
  });
  await succeed(workspace, 'crdt.update', {
    organizationId,
    documentId,
    editorId: 'e1',
    type: 'text',
    data: 'Hello, world',
  });
  await succeed(workspace, 'crdt.add', {
    organizationId,
    documentId,
    editorId: 'e2',
    type: 'map',
    data: { title: 'Spec' },
  });
  return tag;
}

/**
 * `seedDocument` plus 150 more activities written through the repository, so that activities take
 * two batches of the mover. Returns the document's view (`documentView`) before any migration.
 */
export async function seedDocumentWithManyActivities(
  workspace: TestWorkspace,
  organizationId: string,
  documentId: string,
) {
  await seedDocument(workspace, organizationId, documentId);
  const now = Date.now();
  const tag = randomUUID().slice(0, 8);
  await putNewActivities(
    workspace.apiKey,
    Array.from({ length: 150 }, (_, index) => ({
      id: `${tag}-bulk-${index}`,
      featureType: 'custom' as const,
      actionType: 'bulk',
      actionUser: { userId: 'bob' },
      metadata: { apiKey: workspace.apiKey, documentId, organizationId },
      timestamp: now - index,
    })),
    now,
  );
  return documentView(workspace, organizationId, documentId);
}

/**
 * Writes `count` activities on a document straight through the repository (BatchWriteItem of 25),
 * eight slices in parallel.
 */
export async function seedActivities(workspace: TestWorkspace, documentId: string, count: number) {
  const now = Date.now();
  const tag = randomUUID().slice(0, 8);
  const activities = Array.from({ length: count }, (_, index) => ({
    id: `${tag}-${index}`,
    featureType: 'custom' as const,
    actionType: 'bulk',
    actionUser: { userId: `user-${index % 7}` },
    metadata: { apiKey: workspace.apiKey, documentId, organizationId },
    timestamp: now - index,
  }));
  const slice = Math.ceil(count / 8 / 25) * 25;
  await Promise.all(
    Array.from({ length: 8 }, (_, index) =>
      putNewActivities(workspace.apiKey, activities.slice(index * slice, (index + 1) * slice), now),
    ),
  );
}

/** Every activity id on a document's timeline, walking activities.get pages of 1,000. */
export async function activityIds(workspace: TestWorkspace, documentId: string) {
  const ids: string[] = [];
  let pageToken: string | undefined;
  do {
    const response = await callAs(workspace, 'activities.get', { organizationId, documentId, pageToken });
    ids.push(...(dataOf(response) as { id: string }[]).map((record) => record.id));
    pageToken = response.json.result?.pageToken;
  } while (pageToken);
  return ids;
}

/**
 * A migration test file's fixtures, started in `beforeAll` and stopped in `afterAll` (both
 * registered here, so call it at the top of the file): the queue with the worker (`ownTable` as
 * for `startMigrationQueue`), a fresh workspace, and this file's helpers bound to that workspace
 * and `organizationId`. Read `queue` and `workspace` inside hooks and tests.
 */
export function migrationHarness(options: { ownTable?: boolean } = {}) {
  let started: { queue: MigrationQueue; workspace: TestWorkspace } | undefined;
  const fixtures = () => {
    if (!started) throw new Error('the migration harness starts in beforeAll');
    return started;
  };
  beforeAll(async () => {
    const queue = await startMigrationQueue(options);
    started = { queue, workspace: await createTestWorkspace() };
  });
  afterAll(() => started?.queue.stop());
  return {
    get queue() {
      return fixtures().queue;
    },
    get workspace() {
      return fixtures().workspace;
    },
    /** Messages waiting on the migration queue. */
    queued: () => fixtures().queue.sqs.server.inspectQueue(queueName)?.messages.ready.length ?? 0,
    migrate: (from: string, to: string) => migrate(fixtures().workspace, organizationId, from, to),
    statusOf: (migrationId: string) => statusOf(fixtures().workspace, organizationId, migrationId),
    seedDocument: (documentId: string) => seedDocument(fixtures().workspace, organizationId, documentId),
    seedDocumentWithManyActivities: (documentId: string) =>
      seedDocumentWithManyActivities(fixtures().workspace, organizationId, documentId),
    documentView: (documentId: string) => documentView(fixtures().workspace, organizationId, documentId),
    seedActivities: (documentId: string, count: number) =>
      seedActivities(fixtures().workspace, documentId, count),
    activityIds: (documentId: string) => activityIds(fixtures().workspace, documentId),
  };
}

const sortedIds = (records: { id: string }[]) => records.map((record) => record.id).sort();

/**
 * Everything the API shows under a document id, with the id itself replaced by `<doc>` (so views
 * of the same records under two ids compare equal).
 */
export async function documentView(workspace: TestWorkspace, organizationId: string, documentId: string) {
  const [
    documents,
    members,
    permissions,
    activities,
    notifications,
    bobInbox,
    carolInbox,
    crdt,
    comments,
    judgments,
    searched,
  ] = await Promise.all([
    succeed(workspace, 'organizations.documents.get', { organizationId, documentIds: [documentId] }),
    succeed(workspace, 'users.get', { organizationId, documentId }),
    // A missing document is NOT_FOUND, with the per-user answers in the details.
    callAs(workspace, 'auth.permissions.get', {
      organizationId,
      userIds: seededUsers,
      documentIds: [documentId],
    }).then((response) => response.json.result?.data ?? response.json.error?.details),
    succeed(workspace, 'activities.get', { organizationId, documentId }),
    succeed(workspace, 'notifications.get', { organizationId, documentId }),
    succeed(workspace, 'notifications.get', { organizationId, userId: 'bob', documentId }),
    succeed(workspace, 'notifications.get', { organizationId, userId: 'carol', documentId }),
    succeed(workspace, 'crdt.get', { organizationId, documentId }),
    succeed(workspace, 'commentannotations.get', { organizationId, documentId }),
    callAs(workspace, 'memory.judgments.query', { organizationId, documentId }).then(
      (response) => response.json.result as unknown as { results: { recordId: string }[] },
    ),
    // The document scope reads the document's vector placements (gsi3).
    callAs(workspace, 'memory.search', { query: 'comment', organizationId, documentId }).then(
      (response) => response.json.result as unknown as { results: { recordId: string }[] },
    ),
  ]);
  const view = {
    documents,
    members: [...members].sort((a: { userId: string }, b: { userId: string }) =>
      a.userId.localeCompare(b.userId),
    ),
    permissions,
    activities: sortedIds(activities),
    notifications: sortedIds(notifications),
    bobInbox: sortedIds(bobInbox),
    carolInbox: sortedIds(carolInbox),
    crdt: [...crdt]
      .sort((a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id))
      .map((editor: { id: string; type: string; data: unknown }) => ({
        id: editor.id,
        type: editor.type,
        data: editor.data,
      })),
    comments,
    judgments: judgments.results.map((judgment) => judgment.recordId).sort(),
    searchedJudgments: searched.results.map((judgment) => judgment.recordId).sort(),
  };
  return JSON.parse(JSON.stringify(view).replaceAll(JSON.stringify(documentId).slice(1, -1), '<doc>'));
}
/** What `documentView` shows under a migrated document's old id: no record of any kind. */
export const emptyDocumentView = {
  documents: [],
  members: [],
  activities: [],
  notifications: [],
  bobInbox: [],
  carolInbox: [],
  crdt: [],
  comments: [],
  judgments: [],
  searchedJudgments: [],
};

/**
 * Fails every DynamoDB call after the first `calls` of the worker, as if its process died there:
 * calls in flight at that moment complete or not, nothing after them happens.
 */
export function crashAfter(calls: number) {
  const client = db();
  const send = client.send.bind(client);
  let made = 0;
  return jest.spyOn(client, 'send').mockImplementation(((command: Parameters<typeof send>[0]) => {
    made += 1;
    return made > calls ? Promise.reject(new Error('injected crash')) : send(command);
  }) as typeof client.send);
}
