import { randomUUID } from 'node:crypto';
import { putNewActivities } from '../../../shared/activities/repository';
import { callAs, succeed } from '../../support/api';
import { createTestWorkspace, type TestWorkspace } from '../../support/workspaces';
import { seedDocument } from '../migration/support';

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

/** Bob's records of a seeded document, plus a grant, a CRDT editor he created and `extra` activities. */
async function seedBob(owner: TestWorkspace, organizationId: string, documentId: string, extra = 0) {
  await seedDocument(owner, organizationId, documentId);
  await succeed(owner, 'auth.permissions.add', {
    user: { userId: 'bob' },
    permissions: { resources: [{ type: 'organization', id: organizationId, accessRole: 'viewer' }] },
  });
  await succeed(owner, 'crdt.add', {
    organizationId,
    documentId,
    editorId: 'bobs',
    type: 'text',
    data: 'b',
    userId: 'bob',
  });
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

describe('users.data.get', () => {
  it("lists a user's records of every feature, and nothing of another user or another API key", async () => {
    const organizationId = `org-${randomUUID()}`;
    const documentId = `doc-${randomUUID()}`;
    await seedBob(workspace, organizationId, documentId);
    await seedBob(other, organizationId, documentId);
    const [items = []] = await allPages(workspace, { userId: 'bob' });
    const features = new Set(items.map((item) => item.feature));
    expect([...features].sort()).toEqual([
      'activity',
      'comment',
      'crdt',
      'grant',
      'judgment',
      'membership',
      'notification',
    ]);
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
    expect(items.filter((item) => item.feature === 'activity')).toHaveLength(3);
    expect(items.filter((item) => item.feature === 'judgment')).toHaveLength(3);
    expect(items.find((item) => item.feature === 'crdt')).toMatchObject({ id: 'bobs', documentId });
    expect(items.every((item) => item.organizationId === organizationId)).toBe(true);
    // Another user's records are not bob's; no key attribute leaves the service.
    expect(JSON.stringify(items)).not.toMatch(/gsi\dpk|"pk"|"sk"/);
    const [carol = []] = await allPages(workspace, { userId: 'carol' });
    expect(carol.map((item) => item.feature).sort()).toEqual(['membership', 'notification', 'notification']);
    const [nobody = []] = await allPages(workspace, { userId: `nobody-${randomUUID()}` });
    expect(nobody).toEqual([]);
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
    expect(all.filter((item) => item.feature === 'activity')).toHaveLength(233);
    expect(all.every((item) => item.organizationId === organizationId)).toBe(true);
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
