import { randomUUID } from 'node:crypto';
import { putNewActivities } from '../../../shared/activities/repository';
import { maxUserDataIndexPages, userDataPageSize } from '../../../shared/erasure/user-data';
import { callAs, succeed } from '../../support/api';
import { seedDocument } from '../migration/support';
import { useJobQueueAndWorkspaces } from './support';

jest.setTimeout(120_000);

const setup = useJobQueueAndWorkspaces();

/** `count` activities bob performed on the document, each with its entry in bob's index. */
async function bobsActivities(organizationId: string, documentId: string, count: number) {
  const now = Date.now();
  await putNewActivities(
    setup.workspace.apiKey,
    Array.from({ length: count }, (_, index) => ({
      id: `${documentId}-${index}`,
      featureType: 'custom' as const,
      actionType: 'bulk',
      actionUser: { userId: 'bob', email: 'bob@example.com' },
      metadata: { apiKey: setup.workspace.apiKey, documentId, organizationId },
      timestamp: now - index,
    })),
    now,
  );
}

describe('users.data.get with many entries left out', () => {
  it('reads a bounded number of index pages per request and answers short pages with a token to go on', async () => {
    const organizationId = `org-${randomUUID()}`;
    const [erased, kept] = ['a-erased', 'b-kept'];
    await seedDocument(setup.workspace, organizationId, erased);
    await seedDocument(setup.workspace, organizationId, kept);
    const hidden = (maxUserDataIndexPages + 2) * userDataPageSize;
    await bobsActivities(organizationId, erased, hidden);
    await bobsActivities(organizationId, kept, 30);
    // The document is fenced until its erasure job runs (no worker runs here): its entries stay in
    // bob's index, and every listing leaves them out.
    await succeed(setup.workspace, 'organizations.documents.delete', {
      organizationId,
      documentIds: [erased],
    });

    const listed: { feature: string; documentId?: string; id: string }[] = [];
    const queriesPerRequest: number[] = [];
    let pageToken: string | undefined;
    do {
      const response = await callAs(setup.workspace, 'users.data.get', {
        userId: 'bob',
        organizationId,
        ...(pageToken && { pageToken }),
      });
      expect(response.statusCode).toBe(200);
      queriesPerRequest.push(response.db.commands.filter((command) => command === 'Query').length);
      listed.push(...(response.json.result?.data.items ?? []));
      pageToken = response.json.result?.nextPageToken;
    } while (pageToken);

    expect(Math.max(...queriesPerRequest)).toBeLessThanOrEqual(maxUserDataIndexPages);
    // 700 left-out entries take more than one request's bound: a short page with a token came first.
    expect(queriesPerRequest.length).toBeGreaterThan(1);
    const activities = listed.filter((item) => item.feature === 'activity');
    expect(activities.every((item) => item.documentId === kept)).toBe(true);
    // Each exactly once: the 30 above and those `seedDocument` records.
    expect(new Set(activities.map((item) => item.id)).size).toBe(activities.length);
    expect(activities.filter((item) => item.id.startsWith(`${kept}-`))).toHaveLength(30);
  });
});
