import { randomUUID } from 'node:crypto';
import { putNewActivities } from '../../../shared/activities/repository';
import { callAs, succeed } from '../../support/api';
import { createTestWorkspace, type TestWorkspace } from '../../support/workspaces';
import { seedDocument } from '../migration/support';
import { featuresOfUserData, seedGroup, seedOwnEditor, seedReaction } from './support';

let workspace: TestWorkspace;
let other: TestWorkspace;

beforeAll(async () => {
  [workspace, other] = await Promise.all([createTestWorkspace(), createTestWorkspace()]);
});

interface Listed {
  feature: string;
  organizationId: string;
  documentId?: string;
  id: string;
  record: Record<string, unknown>;
}

/** Every page of a user's data, following the tokens; returns the pages' items. */
async function allPages(owner: TestWorkspace, data: Record<string, unknown>) {
  const pages: Listed[][] = [];
  let pageToken: string | undefined;
  do {
    const response = await callAs(owner, 'users.data.get', { ...data, ...(pageToken && { pageToken }) });
    expect(response.statusCode).toBe(200);
    const page = response.json.result?.data as { userId: string; items: Listed[] };
    pages.push(page.items);
    pageToken = response.json.result?.nextPageToken as string | undefined;
  } while (pageToken);
  return pages;
}

/**
 * Bob's records of a seeded document, plus a grant, a CRDT editor he created, membership of a group,
 * a reaction on a comment and `extra` activities.
 */
async function seedBob(owner: TestWorkspace, organizationId: string, documentId: string, extra = 0) {
  await seedDocument(owner, organizationId, documentId);
  await joinGroupAndReact(owner, organizationId, documentId, 'bob');
  await succeed(owner, 'auth.permissions.add', {
    user: { userId: 'bob' },
    permissions: { resources: [{ type: 'organization', id: organizationId, accessRole: 'viewer' }] },
  });
  await seedOwnEditor(owner, organizationId, documentId, 'bob');
  const now = Date.now();
  await putNewActivities(
    owner.apiKey,
    Array.from({ length: extra }, (_, index) => ({
      id: `extra-${index}`,
      featureType: 'custom' as const,
      actionType: 'bulk',
      actionUser: { userId: 'bob', email: 'bob@example.com' },
      metadata: { apiKey: owner.apiKey, documentId, organizationId },
      timestamp: now - index,
    })),
    now,
  );
}

/** `userId` becomes an organization member, joins group `reviewers` and reacts to comment c1 of thread-1. */
async function joinGroupAndReact(
  owner: TestWorkspace,
  organizationId: string,
  documentId: string,
  userId: string,
) {
  await succeed(owner, 'users.add', { organizationId, users: [{ userId, accessRole: 'editor' }] });
  await seedGroup(owner, organizationId, 'reviewers', [userId]);
  await seedReaction(
    owner,
    { organizationId, documentId, annotationId: 'thread-1', commentId: 'c1' },
    { userId },
    'thumbsup',
  );
}

const featuresOf = (items: Listed[]) => items.map((item) => item.feature);

describe('users.data.get', () => {
  it("lists a user's records of every feature, and nothing of another user or another API key", async () => {
    const organizationId = `org-${randomUUID()}`;
    const documentId = `doc-${randomUUID()}`;
    await seedBob(workspace, organizationId, documentId);
    await seedBob(other, organizationId, documentId);
    const [items = []] = await allPages(workspace, { userId: 'bob' });
    const features = new Set(items.map((item) => item.feature));
    expect([...features].sort()).toEqual(featuresOfUserData);
    expect(
      items
        .filter((item) => item.feature === 'comment')
        .map((item) => item.id)
        .sort(),
    ).toEqual(['c1', 'c2']);
    expect(items.find((item) => item.feature === 'comment')?.record.annotationId).toBe('thread-1');
    expect(items.find((item) => item.feature === 'membership')).toMatchObject({ id: documentId, documentId });
    expect(items.find((item) => item.feature === 'grant')).toMatchObject({ id: organizationId });
    expect(items.filter((item) => item.feature === 'notification')).toHaveLength(2);
    // The seed's three and the reaction's, each with its judgment.
    expect(items.filter((item) => item.feature === 'activity')).toHaveLength(4);
    expect(items.filter((item) => item.feature === 'judgment')).toHaveLength(4);
    expect(items.find((item) => item.feature === 'crdt')).toMatchObject({ id: 'bobs', documentId });
    expect(items.find((item) => item.feature === 'group')).toMatchObject({
      id: 'reviewers',
      record: { groupId: 'reviewers', groupName: 'Group reviewers' },
    });
    expect(items.find((item) => item.feature === 'reaction')).toMatchObject({
      id: 'c1',
      documentId,
      record: { annotationId: 'thread-1', icon: 'thumbsup', user: { userId: 'bob' } },
    });
    expect(items.every((item) => item.organizationId === organizationId)).toBe(true);
    // Another user's records are not bob's; no key attribute leaves the service.
    expect(JSON.stringify(items)).not.toMatch(/gsi\dpk|"pk"|"sk"/);
    const [carol = []] = await allPages(workspace, { userId: 'carol' });
    expect(carol.map((item) => item.feature).sort()).toEqual(['membership', 'notification', 'notification']);
    const [nobody = []] = await allPages(workspace, { userId: `nobody-${randomUUID()}` });
    expect(nobody).toEqual([]);
  });

  it('stops listing a group membership or reaction once it is removed, or its comment deleted', async () => {
    const organizationId = `org-${randomUUID()}`;
    const documentId = `doc-${randomUUID()}`;
    await seedDocument(workspace, organizationId, documentId);
    await joinGroupAndReact(workspace, organizationId, documentId, 'carol');
    await joinGroupAndReact(workspace, organizationId, documentId, 'dave');
    const listed = async (userId: string) => featuresOf((await allPages(workspace, { userId })).flat());
    expect(await listed('carol')).toEqual(expect.arrayContaining(['group', 'reaction']));

    await succeed(workspace, 'organizations.usergroups.users.delete', {
      organizationId,
      organizationUserGroupId: 'reviewers',
      userIds: ['carol'],
    });
    await succeed(workspace, 'commentannotations.reactions.delete', {
      organizationId,
      documentId,
      annotationId: 'thread-1',
      commentId: 'c1',
      icon: 'thumbsup',
      actionUser: { userId: 'carol' },
    });
    expect(await listed('carol')).not.toEqual(expect.arrayContaining(['group']));
    expect(await listed('carol')).not.toContain('reaction');

    // Dave's group goes with deleteAll, his reaction with the comment it was on.
    expect(await listed('dave')).toEqual(expect.arrayContaining(['group', 'reaction']));
    await succeed(workspace, 'organizations.usergroups.users.delete', {
      organizationId,
      organizationUserGroupId: 'reviewers',
      deleteAll: true,
    });
    await succeed(workspace, 'commentannotations.comments.delete', {
      organizationId,
      documentId,
      annotationId: 'thread-1',
      commentIds: ['c1'],
    });
    expect(await listed('dave')).not.toContain('group');
    expect(await listed('dave')).not.toContain('reaction');
    const groups = await succeed(workspace, 'organizations.usergroups.get', { organizationId });
    expect(groups).toEqual([{ groupId: 'reviewers', groupName: 'Group reviewers', userIds: [] }]);
  });

  it('indexes every member of a group joined by 100 users at once (two transactions)', async () => {
    const organizationId = `org-${randomUUID()}`;
    const userIds = Array.from({ length: 100 }, (_, index) => `member-${index}`);
    await succeed(workspace, 'users.add', {
      organizationId,
      createOrganization: true,
      users: userIds.map((userId) => ({ userId, accessRole: 'viewer' })),
    });
    await seedGroup(workspace, organizationId, 'all', userIds);
    const listed = await Promise.all(
      [userIds[0], userIds[98], userIds[99]].map(async (userId) =>
        featuresOf((await allPages(workspace, { userId, organizationId })).flat()).sort(),
      ),
    );
    expect(listed).toEqual([
      ['group', 'membership'],
      ['group', 'membership'],
      ['group', 'membership'],
    ]);
  });

  it('pages through everything exactly once, 100 items a page but the last, within one organization when asked', async () => {
    const organizationId = `org-${randomUUID()}`;
    const documentId = `doc-${randomUUID()}`;
    await seedBob(workspace, organizationId, documentId, 230);
    await seedBob(workspace, `elsewhere-${randomUUID()}`, documentId);
    const pages = await allPages(workspace, { userId: 'bob', organizationId });
    expect(pages.slice(0, -1).every((page) => page.length === 100)).toBe(true);
    const all = pages.flat();
    const identities = all.map((item) => `${item.feature}/${item.id}`);
    expect(new Set(identities).size).toBe(identities.length);
    expect(all.filter((item) => item.feature === 'activity')).toHaveLength(234);
    expect(all.every((item) => item.organizationId === organizationId)).toBe(true);
  });

  it('reads the first index page beside the auth read, then the items, then the items they mark', async () => {
    const organizationId = `org-${randomUUID()}`;
    await seedBob(workspace, organizationId, 'doc');
    const response = await callAs(workspace, 'users.data.get', { userId: 'bob', organizationId });
    expect(response.statusCode).toBe(200);
    expect([...response.db.commands].sort()).toEqual(['BatchGetItem', 'BatchGetItem', 'GetItem', 'Query']);
    expect(response.db.serialRoundTrips).toBe(3);
  });

  it('refuses a missing userId, and a token of another query or API key', async () => {
    const missing = await callAs(workspace, 'users.data.get', {});
    expect(missing.json.error?.status).toBe('INVALID_ARGUMENT');
    expect(missing.json.error?.message).toMatch(/userId/);
    const organizationId = `org-${randomUUID()}`;
    await seedBob(workspace, organizationId, 'doc', 120);
    const first = await callAs(workspace, 'users.data.get', { userId: 'bob', organizationId });
    const pageToken = first.json.result?.nextPageToken as string;
    expect(pageToken).toEqual(expect.any(String));
    const foreign = await callAs(other, 'users.data.get', { userId: 'bob', organizationId, pageToken });
    expect(foreign.json.error?.status).toBe('INVALID_ARGUMENT');
    const otherQuery = await callAs(workspace, 'users.data.get', {
      userId: 'carol',
      organizationId,
      pageToken,
    });
    expect(otherQuery.json.error?.status).toBe('INVALID_ARGUMENT');
  });
});
