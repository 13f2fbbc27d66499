import { randomUUID } from 'node:crypto';
import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { runAdmin } from '../../../scripts/admin/run';
import { db, tableName } from '../../../shared/db/client';
import { keys } from '../../../shared/db/keys';
import { succeed } from '../../support/api';
import { seedDocument } from '../migration/support';
import {
  nothingStored,
  readRange,
  seedGroup,
  seedOwnEditor,
  seedReaction,
  storedUnderOrganization,
  useJobQueueAndWorkspaces,
} from './support';

jest.setTimeout(90_000);

const setup = useJobQueueAndWorkspaces();

/** Attributes that items written before issue 15 lack, by entity. */
const addedBy15: Record<string, string[]> = {
  userAccess: ['organizationId'],
  inboxEntry: ['organizationId'],
  comment: ['organizationId', 'documentId'],
};

/**
 * Turns an organization's items into their shape before the lifecycle indexes: no gsi8 entries (nor
 * the location attributes added with them), no gsi2 listings of CRDT and comment partitions, no
 * group-membership or reaction index items.
 */
async function makeOld(apiKey: string, organizationId: string, userIds: string[]) {
  const listed = (
    await Promise.all([
      ...userIds.map((userId) =>
        readRange({ index: 'gsi8', partition: keys.userDataPartition(apiKey, userId) }),
      ),
      readRange({ index: 'gsi2', partition: keys.crdtOrganizationListingPartition(apiKey, organizationId) }),
      readRange({
        index: 'gsi2',
        partition: keys.commentsOrganizationListingPartition(apiKey, organizationId),
      }),
    ])
  ).flat();
  for (const entry of listed) {
    const key = { pk: entry.pk, sk: entry.sk };
    const { Item: item } = await db().send(new GetCommand({ TableName: tableName(), Key: key }));
    if (!item) continue;
    if (item.entity === 'groupMembership' || item.entity === 'commentReaction') {
      await db().send(new DeleteCommand({ TableName: tableName(), Key: key }));
      continue;
    }
    const removed = [
      'gsi8pk',
      'gsi8sk',
      'gsi2pk',
      'gsi2sk',
      ...(addedBy15[item.entity as string] ?? []),
    ].filter((name) => item[name] !== undefined);
    // An item listed twice (a CRDT head in both indexes) is stripped at its first listing.
    if (removed.length === 0) continue;
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: `REMOVE ${removed.map((_, index) => `#r${index}`).join(', ')}`,
        ExpressionAttributeNames: Object.fromEntries(removed.map((name, index) => [`#r${index}`, name])),
      }),
    );
  }
}

const dataOf = async (userId: string) =>
  ((await succeed(setup.workspace, 'users.data.get', { userId })).items as { feature: string; id: string }[])
    .map((item) => `${item.feature}/${item.id}`)
    .sort();

async function backfill(...args: string[]) {
  const lines: string[] = [];
  const code = await runAdmin(['backfill-lifecycle-indexes', ...args], {
    out: (line) => lines.push(line),
    err: (line) => lines.push(line),
  });
  return { code, lines };
}

describe('npm run admin -- backfill-lifecycle-indexes', () => {
  it('gives old items their entries, so users.data.get and an organization delete find them; a re-run changes nothing', async () => {
    const organizationId = `org-${randomUUID()}`;
    const documentId = `doc-${randomUUID()}`;
    await seedDocument(setup.workspace, organizationId, documentId);
    await succeed(setup.workspace, 'users.add', {
      organizationId,
      users: [{ userId: 'bob', accessRole: 'editor' }],
    });
    await seedGroup(setup.workspace, organizationId, 'team', ['bob']);
    await seedReaction(
      setup.workspace,
      { organizationId, documentId, annotationId: 'thread-1', commentId: 'c1' },
      { userId: 'bob' },
      'eyes',
    );
    await seedOwnEditor(setup.workspace, organizationId, documentId, 'bob');
    const users = ['bob', 'carol', 'dave', 'erin'];
    const before = await Promise.all(users.map(dataOf));
    expect(before[0]).toEqual(
      expect.arrayContaining(['group/team', 'reaction/c1', 'comment/c1', 'crdt/bobs']),
    );
    expect(before[3]).toEqual(expect.arrayContaining([expect.stringMatching(/^notification\//)]));

    const threadById = () =>
      succeed(setup.workspace, 'commentannotations.get', { organizationId, annotationIds: ['thread-1'] });
    const threadBefore = await threadById();
    expect(threadBefore[0].comments.length).toBeGreaterThan(0);

    await makeOld(setup.workspace.apiKey, organizationId, users);
    expect(await Promise.all(users.map(dataOf))).toEqual(users.map(() => []));
    // Comments written before users/data/get name no document; a thread read by id still shows them.
    expect(await threadById()).toEqual(threadBefore);

    const first = await backfill('--api-key', setup.workspace.apiKey);
    expect(first.code).toBe(0);
    expect(first.lines[0]).toMatch(
      / done; 1 organizations, \d+ items examined, \d+ given entries, 2 index items put/,
    );
    expect(first.lines[0]).toContain(`--after ${JSON.stringify(organizationId)}`);
    expect(await Promise.all(users.map(dataOf))).toEqual(before);

    const again = await backfill('--api-key', setup.workspace.apiKey);
    expect(again.lines.at(-1)).toBe('Done: 1 organizations, 0 items given entries.');
    const resumed = await backfill('--api-key', setup.workspace.apiKey, '--after', organizationId);
    expect(resumed.lines).toEqual(['Done: 0 organizations, 0 items given entries.']);
    expect((await backfill('--after', organizationId)).code).toBe(2);
    expect((await backfill(setup.workspace.apiKey)).code).toBe(2);

    const stored = await storedUnderOrganization(setup.workspace.apiKey, organizationId, [documentId]);
    expect(stored.crdtListing).toBeGreaterThan(0);
    expect(stored.commentsListing).toBeGreaterThan(0);
    await succeed(setup.workspace, 'organizations.delete', { organizationIds: [organizationId] });
    await setup.queue.drain();
    expect(await storedUnderOrganization(setup.workspace.apiKey, organizationId, [documentId])).toEqual(
      nothingStored(stored),
    );
  });
});
