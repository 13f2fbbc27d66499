import type { RouteName } from '../../../shared/api/routes';
import { callAs, succeed } from '../../support/api';
import type { CallResult } from '../../support/lambda';
import { givenOrganizationWithFolders } from '../../support/organizations';
import { createTestWorkspace, type TestWorkspace } from '../../support/workspaces';

// Serial DynamoDB round trips per organization route (docs/data-model.md, Critical paths;
// decisions §42): the reads that need only the API key and the input travel with the auth read.

let workspace: TestWorkspace;
const organizationId = 'org';

beforeEach(async () => {
  workspace = await createTestWorkspace();
  await givenOrganizationWithFolders(workspace, organizationId, [
    { folderId: 'a' },
    { folderId: 'b', parentFolderId: 'a' },
    { folderId: 'empty' },
  ]);
  // One document in the subtree of `a`: with several, the closing Queries of different documents
  // interleave and the count of round trips would depend on which answers first.
  await succeed(workspace, 'organizations.documents.add', {
    organizationId,
    folderId: 'b',
    documents: [{ documentId: 'd1' }],
  });
  await succeed(workspace, 'organizations.documents.add', {
    organizationId,
    documents: [{ documentId: 'd2' }],
  });
});

async function succeeded(route: RouteName, data: unknown): Promise<CallResult> {
  const response = await callAs(workspace, route, data);
  expect(response.json.error).toBeUndefined();
  return response;
}

const sorted = (response: CallResult) => [...response.db.commands].sort();

describe('organization routes read beside the auth read', () => {
  it.each([
    ['organizations.get', { organizationIds: [organizationId] }, ['BatchGetItem', 'GetItem']],
    ['organizations.get', {}, ['GetItem', 'Query']],
    ['organizations.folders.get', { organizationId }, ['GetItem', 'Query']],
    ['organizations.documents.get', { organizationId }, ['GetItem', 'Query', 'Query']],
    [
      'organizations.documents.get',
      { organizationId, documentIds: ['d1'] },
      ['BatchGetItem', 'GetItem', 'Query'],
    ],
  ] as const)('%s %j takes one serial round trip', async (route, data, commands) => {
    const response = await succeeded(route, data);
    expect(sorted(response)).toEqual(commands);
    expect(response.db.serialRoundTrips).toBe(1);
  });

  it.each([
    ['organizations.add', { organizations: [{ organizationId: 'other' }] }],
    ['organizations.folders.add', { organizationId, folders: [{ folderId: 'c', parentFolderId: 'b' }] }],
    ['organizations.folders.update', { organizationId, folders: [{ folderId: 'b', folderName: 'B' }] }],
    ['organizations.documents.add', { organizationId, documents: [{ documentId: 'd3' }] }],
  ] as const)('%s takes two: the reads, then one transaction', async (route, data) => {
    const response = await succeeded(route, data);
    expect(response.db.commands.at(-1)).toBe('TransactWriteItems');
    expect(response.db.serialRoundTrips).toBe(2);
  });

  it('organizations.folders.delete of a folder without documents takes two: the reads, then the deletes', async () => {
    const response = await succeeded('organizations.folders.delete', { organizationId, folderId: 'empty' });
    expect(sorted(response)).toEqual(['BatchWriteItem', 'GetItem', 'Query', 'Query']);
    expect(response.db.serialRoundTrips).toBe(2);
  });

  // Closing the deleted documents' connections (a Query, then the live-state cleanup) follows the
  // transaction that deletes them, so no client connects in between unnoticed.
  it('organizations.folders.delete with documents takes four: reads, the erasure transaction, then closing beside the folder deletes', async () => {
    const response = await succeeded('organizations.folders.delete', { organizationId, folderId: 'a' });
    expect(sorted(response)).toEqual([
      'BatchWriteItem', // the folder deletes
      'BatchWriteItem', // the document's live-state index, beside its values' Query
      'GetItem',
      'PutItem', // the organization's access stamp, beside the connections' Query
      ...Array(4).fill('Query'), // tree and placements; the document's connections, then its live state
      'TransactWriteItems',
    ]);
    expect(response.db.serialRoundTrips).toBe(4);
  });

  it.each([
    ['organizations.documents.delete', { organizationId, documentIds: ['d1'] }],
    ['organizations.delete', { organizationIds: [organizationId] }],
  ] as const)(
    '%s takes four: the read, the erasure transaction, then closing connections',
    async (route, data) => {
      const response = await succeeded(route, data);
      expect(response.db.commands.slice(0, 3).sort()).toEqual([
        'BatchGetItem',
        'GetItem',
        'TransactWriteItems',
      ]);
      expect(response.db.serialRoundTrips).toBe(4);
    },
  );

  it('refuses a wrong auth token before any prefetched read answers', async () => {
    const response = await callAs(
      { ...workspace, apiKeyHeaders: { ...workspace.apiKeyHeaders, 'x-svc-auth-token': 'wrong' } },
      'organizations.folders.get',
      { organizationId },
    );
    expect(response.statusCode).toBe(403);
    expect(response.json.error?.status).toBe('PERMISSION_DENIED');
    expect(JSON.stringify(response.json)).not.toContain('"b"');
  });

  it('still refuses a deleted (fenced) organization whose records a prefetch can read', async () => {
    await succeed(workspace, 'organizations.delete', { organizationIds: [organizationId] });
    const read = await callAs(workspace, 'organizations.documents.get', { organizationId });
    expect(read.statusCode).toBe(404);
    const write = await callAs(workspace, 'organizations.documents.add', {
      organizationId,
      documents: [{ documentId: 'd4' }],
    });
    expect(write.json.error?.status).toBe('ABORTED');
  });
});
