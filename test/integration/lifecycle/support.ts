import { randomUUID } from 'node:crypto';
import { entryAttribute } from '../../../shared/access/repository';
import { db } from '../../../shared/db/client';
import { keys } from '../../../shared/db/keys';
import { queryAll } from '../../../shared/db/query-page';
import { embeddingTypes } from '../../../shared/memory/schemas';
import { apiKeyCaller } from '../../../shared/workspace/credentials';
import { callAs, succeed } from '../../support/api';
import { createTestWorkspace, type TestWorkspace } from '../../support/workspaces';
import { documentView, type MigrationQueue, startMigrationQueue } from '../migration/support';

type Item = Record<string, unknown>;

/** Every item of a table or index partition (test inspection, straight from the table). */
export const readRange = (range: { index?: string; partition: string }) =>
  queryAll({
    ...(range.index && { IndexName: range.index }),
    KeyConditionExpression: '#pk = :pk',
    ExpressionAttributeNames: { '#pk': range.index ? `${range.index}pk` : 'pk' },
    ExpressionAttributeValues: { ':pk': range.partition },
  });

/** Vector items that are not tombstones (a tombstone holds only ids and expires in a day). */
const liveVectors = (items: Item[]) => items.filter((item) => item.entity !== 'judgmentVectorTombstone');

/** Users the migration seed gives inbox entries (the notification seed notifies bob and carol). */
const inboxUsers = ['bob', 'carol'];

/**
 * Every stored item of an organization that the deletion cascade must erase, read straight from
 * the table by partition (no API in between), counted per place. Vector tombstones are not
 * counted: they carry ids only and expire by themselves (decisions §34).
 */
export async function storedUnderOrganization(apiKey: string, organizationId: string, documentIds: string[]) {
  const places: Record<string, { index?: string; partition: string }> = {
    organization: { partition: keys.organization(apiKey, organizationId).pk },
    activities: { partition: keys.activityPartition(apiKey, organizationId) },
    notifications: { partition: keys.notificationPartition(apiKey, organizationId) },
    judgments: { partition: keys.judgmentPartition(apiKey, organizationId) },
    migrations: { partition: keys.migrationPartition(apiKey, organizationId) },
    realtime: { partition: keys.realtimePartition(apiKey, organizationId) },
    crdtListing: { index: 'gsi2', partition: keys.crdtOrganizationListingPartition(apiKey, organizationId) },
    commentsListing: {
      index: 'gsi2',
      partition: keys.commentsOrganizationListingPartition(apiKey, organizationId),
    },
    ...Object.fromEntries(
      inboxUsers.map((user) => [
        `inbox:${user}`,
        { partition: keys.inboxPartition(apiKey, organizationId, user) },
      ]),
    ),
    ...Object.fromEntries(
      documentIds.flatMap((documentId) => [
        [`crdt:${documentId}`, { partition: keys.crdtPartition(apiKey, organizationId, documentId) }],
        [`comments:${documentId}`, { partition: keys.commentsPartition(apiKey, organizationId, documentId) }],
      ]),
    ),
  };
  const vectorRanges = embeddingTypes.flatMap((type) =>
    keys.judgmentVectorPartitions(apiKey, type, { by: 'organization', organizationId }),
  );
  const counts: Record<string, number> = {};
  await Promise.all([
    ...Object.entries(places).map(async ([name, range]) => {
      counts[name] = (await readRange(range)).length;
    }),
    (async () => {
      const vectors = await Promise.all(vectorRanges.map(readRange));
      counts.vectors = liveVectors(vectors.flat()).length;
    })(),
  ]);
  return counts;
}

/**
 * Every stored item of one document that the deletion cascade must erase, per place: its CRDT and
 * comment partitions, its activity, notification, judgment and vector timelines, inbox entries
 * about it, and memberships or grants on it.
 */
export async function storedUnderDocument(apiKey: string, organizationId: string, documentId: string) {
  const places: Record<string, { index?: string; partition: string }> = {
    crdt: { partition: keys.crdtPartition(apiKey, organizationId, documentId) },
    comments: { partition: keys.commentsPartition(apiKey, organizationId, documentId) },
    activities: keys.activityTimeline(apiKey, organizationId, { by: 'document', id: documentId }),
    notifications: {
      index: 'gsi3',
      partition: keys.notificationDocumentPartition(apiKey, organizationId, documentId),
    },
    judgments: keys.judgmentTimeline(apiKey, { by: 'document', organizationId, id: documentId }),
  };
  const counts: Record<string, number> = {};
  await Promise.all(
    Object.entries(places).map(async ([name, range]) => {
      counts[name] = (await readRange(range)).length;
    }),
  );
  const vectors = await Promise.all(
    embeddingTypes.flatMap((type) =>
      keys
        .judgmentVectorPartitions(apiKey, type, { by: 'document', organizationId, id: documentId })
        .map(readRange),
    ),
  );
  counts.vectors = liveVectors(vectors.flat()).length;
  const inboxes = await Promise.all(
    inboxUsers.map((user) => readRange({ partition: keys.inboxPartition(apiKey, organizationId, user) })),
  );
  counts.inbox = inboxes.flat().filter((entry) => entry.documentId === documentId).length;
  const realtime = await readRange({ partition: keys.realtimePartition(apiKey, organizationId) });
  // The values and the document's index of their ids.
  counts.liveState = realtime.filter(
    (item) =>
      String(item.sk).startsWith(keys.liveStatePrefix(organizationId, documentId)) ||
      item.sk === keys.liveStateIds(apiKey, organizationId, documentId).sk,
  ).length;
  const users = await readRange({ partition: keys.organization(apiKey, organizationId).pk });
  counts.access = users.filter((item) =>
    ['member', 'grant'].some(
      (kind) => item[entryAttribute(kind as 'member', 'document', documentId)] !== undefined,
    ),
  ).length;
  counts.document = users.filter(
    (item) => item.entity === 'document' && item.documentId === documentId,
  ).length;
  return counts;
}

/**
 * The features of a user's data as addendum §10 names them, written out here rather than taken from
 * the service's own list, so a feature dropped or added there fails the tests.
 */
export const featuresOfUserData = [
  'activity',
  'comment',
  'crdt',
  'grant',
  'group',
  'judgment',
  'membership',
  'notification',
  'reaction',
];

/** Whether every count is zero (for readable failures, compare with `nothingStored(counts)`). */
export const nothingStored = (counts: Record<string, number>) =>
  Object.fromEntries(Object.keys(counts).map((name) => [name, 0]));

/** Creates (or renames) group `groupId` and adds `userIds`, who must be organization members. */
export async function seedGroup(
  owner: TestWorkspace,
  organizationId: string,
  groupId: string,
  userIds: string[],
) {
  await succeed(owner, 'organizations.usergroups.add', {
    organizationId,
    organizationUserGroups: [{ groupId, groupName: `Group ${groupId}` }],
  });
  await succeed(owner, 'organizations.usergroups.users.add', {
    organizationId,
    organizationUserGroupId: groupId,
    userIds,
  });
}

/** `actionUser` reacts with `icon` to a comment. */
export async function seedReaction(
  owner: TestWorkspace,
  comment: { organizationId: string; documentId: string; annotationId: string; commentId: string },
  actionUser: { userId: string; name?: string; email?: string },
  icon: string,
) {
  await succeed(owner, 'commentannotations.reactions.add', { ...comment, icon, actionUser });
}

/** An editor `${userId}s` that `userId` created (CRDT content listed among the user's data). */
export async function seedOwnEditor(
  owner: TestWorkspace,
  organizationId: string,
  documentId: string,
  userId: string,
) {
  await succeed(owner, 'crdt.add', {
    organizationId,
    documentId,
    editorId: `${userId}s`,
    type: 'text',
    data: 'b',
    userId,
  });
}

/**
 * The hooks of a deletion test file: the background-job queue (nothing runs until a test calls
 * `drain`, so erasure jobs can be held back) and two fresh workspaces, the second for isolation.
 * An erasure's last pass may start at once (`ERASE_SETTLE_SECONDS` 0): these tests have no write
 * in flight across a delete. Call it at the top of the file, before anything reads the environment.
 */
export function useJobQueueAndWorkspaces() {
  process.env.ERASE_SETTLE_SECONDS = '0';
  const state = {} as { queue: MigrationQueue; workspace: TestWorkspace; other: TestWorkspace };
  beforeAll(async () => {
    state.queue = await startMigrationQueue();
    [state.workspace, state.other] = await Promise.all([createTestWorkspace(), createTestWorkspace()]);
  });
  afterAll(() => state.queue.stop());
  return state;
}

/** What a document id shows through the API when nothing was ever stored under it. */
export const emptyDocumentView = (owner: TestWorkspace, organizationId: string) =>
  documentView(owner, organizationId, `never-${randomUUID()}`);

/** The API key's incarnations as its credential holds them. */
export const incarnations = async (owner: TestWorkspace) =>
  (await apiKeyCaller(owner.apiKey))?.incarnations ?? {};

/** A live-state value in a document (the realtime partition holds it until an erasure). */
export const broadcastCursor = (
  owner: TestWorkspace,
  organizationId: string,
  documentId: string,
  at: number,
) =>
  succeed(owner, 'livestate.broadcast', {
    organizationId,
    documentId,
    liveStateDataId: 'cursor',
    data: { at },
  });

/** Every item of a user's data listing, all pages, as `organization/feature/id`. */
export async function userData(owner: TestWorkspace, data: Record<string, unknown>) {
  const items: { organizationId: string; feature: string; id: string }[] = [];
  let pageToken: string | undefined;
  do {
    const response = await callAs(owner, 'users.data.get', { ...data, ...(pageToken && { pageToken }) });
    expect(response.statusCode).toBe(200);
    items.push(...((response.json.result?.data as { items: typeof items } | undefined)?.items ?? []));
    pageToken = response.json.result?.nextPageToken as string | undefined;
  } while (pageToken);
  return items.map((item) => `${item.organizationId}/${item.feature}/${item.id}`).sort();
}

/** The API key's judgments (the API-key-wide query) of one organization, by record id. */
async function judgedIn(owner: TestWorkspace, organizationId: string) {
  const response = await callAs(owner, 'memory.judgments.query', { limit: 100 });
  const { results } = response.json.result as unknown as {
    results: { organizationId: string; recordId: string }[];
  };
  return results
    .filter((judgment) => judgment.organizationId === organizationId)
    .map((judgment) => judgment.recordId)
    .sort();
}

/**
 * What the reads spanning an organization's documents show (no document named): activities,
 * bob's inbox, threads by annotation id (`thread-1`, as the migration seed names it), the API key's
 * judgments and bob's data.
 */
export async function acrossDocuments(owner: TestWorkspace, organizationId: string) {
  return {
    activities: (await succeed(owner, 'activities.get', { organizationId })).map(
      (activity: { id: string }) => activity.id,
    ),
    bobInbox: (await succeed(owner, 'notifications.get', { organizationId, userId: 'bob' })).map(
      (notification: { id: string }) => notification.id,
    ),
    threads: await succeed(owner, 'commentannotations.get', { organizationId, annotationIds: ['thread-1'] }),
    judged: await judgedIn(owner, organizationId),
    bobData: await userData(owner, { userId: 'bob', organizationId }),
  };
}

/**
 * Fails the first DynamoDB call whose input contains `marker` and every call after it, as if the
 * worker died there: a step of a run found by what it writes rather than by a call count that may
 * vary by one.
 */
export function crashAtWrite(marker: string) {
  const client = db();
  const send = client.send.bind(client);
  let crashed = false;
  return jest.spyOn(client, 'send').mockImplementation(((command: Parameters<typeof send>[0]) => {
    crashed ||= JSON.stringify(command.input).includes(marker);
    return crashed ? Promise.reject(new Error('injected crash')) : send(command);
  }) as typeof client.send);
}
