import { handler as createHandler } from '../../../functions/workspace/create';
import { handler as getHandler } from '../../../functions/workspace/get';
import { maxWorkspacesPerOwner } from '../../../shared/workspace/repository';
import { call, dataOf } from '../../support/lambda';
import { createTestWorkspace, uniqueEmail } from '../../support/workspaces';

describe('workspace.create', () => {
  it('creates a workspace with its token and one testing API key', async () => {
    const email = uniqueEmail();
    const response = await call(createHandler, {
      data: { ownerEmail: email, name: 'Ada', workspaceName: 'Lab' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json.result?.status).toBe('success');
    const data = dataOf(response);
    expect(data).toMatchObject({ name: 'Lab', owner: { email, name: 'Ada' } });
    expect(data.id).toMatch(/^ws_/);
    expect(data.owner.id).toMatch(/.+/);
    expect(data.authToken.length).toBeGreaterThanOrEqual(32);
    const entries = Object.entries(data.apiKeyList);
    expect(entries).toHaveLength(1);
    const [apiKey, entry] = entries[0]!;
    expect(entry).toEqual({ id: apiKey, apiKeyName: expect.any(String), type: 'testing' });
  });

  it('derives names from the email when none are given', async () => {
    const response = await call(createHandler, {
      data: { ownerEmail: 'Grace.H@Example.com'.replace('@', `+${Date.now()}@`) },
    });
    expect(dataOf(response).owner.name).toMatch(/^grace\.h\+/i);
    expect(dataOf(response).name).toMatch(/workspace$/);
  });

  it.each([
    [{}, 'ownerEmail: required'],
    [{ ownerEmail: 'not-an-email' }, 'ownerEmail: Invalid email address'],
    [
      { ownerEmail: 'a@example.com', name: 'x'.repeat(201) },
      'name: Too big: expected string to have <=200 characters',
    ],
    [
      { ownerEmail: 'a@example.com', workspaceName: 7 },
      'workspaceName: Invalid input: expected string, received number',
    ],
  ])('refuses %j with INVALID_ARGUMENT', async (data, message) => {
    const response = await call(createHandler, { data });
    expect(response.statusCode).toBe(400);
    expect(response.json.error).toMatchObject({ status: 'INVALID_ARGUMENT', message });
  });

  it(`allows at most ${maxWorkspacesPerOwner} workspaces per owner email, then RESOURCE_EXHAUSTED with Retry-After`, async () => {
    const email = uniqueEmail();
    for (let index = 0; index < maxWorkspacesPerOwner; index += 1) {
      const ok = await call(createHandler, { data: { ownerEmail: index % 2 ? email.toUpperCase() : email } });
      expect(ok.statusCode).toBe(200);
    }
    const refused = await call(createHandler, { data: { ownerEmail: email } });
    expect(refused.statusCode).toBe(429);
    expect(refused.json.error?.status).toBe('RESOURCE_EXHAUSTED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('holds the quota under concurrent creation', async () => {
    const email = uniqueEmail();
    const responses = await Promise.all(
      Array.from({ length: maxWorkspacesPerOwner + 3 }, () =>
        call(createHandler, { data: { ownerEmail: email } }),
      ),
    );
    const created = responses.filter((response) => response.statusCode === 200);
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(created.length).toBeLessThanOrEqual(maxWorkspacesPerOwner);
    for (const response of responses.filter((candidate) => candidate.statusCode !== 200)) {
      expect(['RESOURCE_EXHAUSTED', 'ABORTED']).toContain(response.json.error?.status);
    }
  });
});

describe('workspace.get', () => {
  it('returns the workspace as created, without its token', async () => {
    const workspace = await createTestWorkspace();
    const response = await call(getHandler, { headers: workspace.workspaceHeaders });
    expect(response.statusCode).toBe(200);
    const data = dataOf(response);
    expect(data.id).toBe(workspace.workspaceId);
    expect(data.authToken).toBeUndefined();
    expect(Object.keys(data.apiKeyList)).toEqual([workspace.apiKey]);
    expect(data.owner.email).toMatch(/@example\.com$/);
  });

  it('costs one read for auth and one Query, in flight together', async () => {
    const workspace = await createTestWorkspace();
    const response = await call(getHandler, { headers: workspace.workspaceHeaders });
    expect([...response.db.commands].sort()).toEqual(['GetItem', 'Query']);
    // The partition Query is keyed by the workspace id header and starts beside the auth read (prefetch).
    expect(response.db.serialRoundTrips).toBe(1);
  });

  it("refuses another workspace's token", async () => {
    const [mine, theirs] = await Promise.all([createTestWorkspace(), createTestWorkspace()]);
    const response = await call(getHandler, {
      headers: {
        'x-svc-workspace-id': mine.workspaceId,
        'x-svc-workspace-auth-token': theirs.workspaceToken,
      },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json.error).toEqual({
      status: 'PERMISSION_DENIED',
      message: 'Invalid workspace credentials.',
    });
  });
});
