import { handler as createApiKeyHandler } from '../../../functions/workspace/apikey-create';
import { handler as listApiKeysHandler } from '../../../functions/workspace/apikeys-get';
import { handler as getAuthTokensHandler } from '../../../functions/workspace/authtokens-get';
import { handler as getDomainsHandler } from '../../../functions/workspace/domains-get';
import { call, dataOf } from '../../support/lambda';
import { createTestWorkspace, type TestWorkspace } from '../../support/workspaces';

const createKey = (workspace: TestWorkspace, data: Record<string, unknown>) =>
  call(createApiKeyHandler, { headers: workspace.workspaceHeaders, data });

describe('workspace.apikey.create', () => {
  it('creates a production key with an auth token and normalised allowed domains', async () => {
    const workspace = await createTestWorkspace();
    const created = await createKey(workspace, {
      type: 'production',
      apiKeyName: 'Prod',
      allowedDomains: ['https://www.Example.com/app', '*.example.org', 'example.com'],
    });
    expect(created.statusCode).toBe(200);
    const { apiKey } = dataOf(created);
    expect(apiKey).toMatch(/^ak_/);
    const tokens = await call(getAuthTokensHandler, {
      headers: workspace.workspaceHeaders,
      data: { apiKey },
    });
    expect(dataOf(tokens)).toEqual({
      apiKey,
      authTokens: [{ token: expect.any(String), name: 'default', domains: ['*.example.org', 'example.com'] }],
    });
  });

  it('creates a key without a token when createAuthToken is false', async () => {
    const workspace = await createTestWorkspace();
    const created = await createKey(workspace, { type: 'testing', createAuthToken: false });
    const { apiKey } = dataOf(created);
    const tokens = await call(getAuthTokensHandler, {
      headers: workspace.workspaceHeaders,
      data: { apiKey },
    });
    expect(dataOf(tokens).authTokens).toEqual([]);
  });

  it.each([
    [{}, 'type: required'],
    [{ type: 'staging' }, 'type: Invalid option: expected one of "testing"|"production"'],
    [
      { type: 'testing', allowedDomains: ['exa mple.com'] },
      'allowedDomains[0]: not a valid domain: exa mple.com',
    ],
    [
      { type: 'testing', createAuthToken: 'yes' },
      'createAuthToken: Invalid input: expected boolean, received string',
    ],
  ])('refuses %j with INVALID_ARGUMENT', async (data, message) => {
    const workspace = await createTestWorkspace();
    const response = await createKey(workspace, data);
    expect(response.statusCode).toBe(400);
    expect(response.json.error).toMatchObject({ status: 'INVALID_ARGUMENT', message });
  });
});

describe('workspace.apikeys.get', () => {
  let workspace: TestWorkspace;
  let allKeys: string[];

  beforeAll(async () => {
    workspace = await createTestWorkspace();
    for (const type of ['testing', 'production', 'testing']) {
      const created = await createKey(workspace, { type, apiKeyName: `${type} key` });
      expect(created.statusCode).toBe(200);
    }
    const listed = await call(listApiKeysHandler, { headers: workspace.workspaceHeaders, data: {} });
    allKeys = dataOf(listed).map((entry: { id: string }) => entry.id);
  });

  it('lists every key of the workspace with id, name and type, and no token on the last page', async () => {
    expect(allKeys).toHaveLength(4);
    expect(allKeys).toContain(workspace.apiKey);
    const listed = await call(listApiKeysHandler, { headers: workspace.workspaceHeaders, data: {} });
    expect(listed.json.result?.nextPageToken).toBeUndefined();
    for (const entry of dataOf(listed)) {
      expect(Object.keys(entry).sort()).toEqual(['apiKeyName', 'id', 'type']);
    }
  });

  it('walks pages with opaque tokens, returning every key exactly once', async () => {
    const seen: string[] = [];
    let pageToken: string | undefined;
    let pages = 0;
    do {
      const page = await call(listApiKeysHandler, {
        headers: workspace.workspaceHeaders,
        data: { pageSize: 3, ...(pageToken && { pageToken }) },
      });
      expect(page.statusCode).toBe(200);
      seen.push(...dataOf(page).map((entry: { id: string }) => entry.id));
      pageToken = page.json.result?.nextPageToken;
      pages += 1;
    } while (pageToken);
    expect(pages).toBe(2);
    expect(seen.sort()).toEqual([...allKeys].sort());
  });

  it("refuses a tampered token and another workspace's token with INVALID_ARGUMENT", async () => {
    const first = await call(listApiKeysHandler, {
      headers: workspace.workspaceHeaders,
      data: { pageSize: 1 },
    });
    const token: string = first.json.result?.nextPageToken;
    const tampered = `${token.slice(0, -2)}${token.endsWith('A') ? 'B' : 'A'}A`;
    const other = await createTestWorkspace();
    for (const [headers, pageToken] of [
      [workspace.workspaceHeaders, tampered],
      [other.workspaceHeaders, token],
    ] as const) {
      const response = await call(listApiKeysHandler, { headers, data: { pageSize: 1, pageToken } });
      expect(response.statusCode).toBe(400);
      expect(response.json.error?.status).toBe('INVALID_ARGUMENT');
    }
  });

  it('reads a page beside the auth read', async () => {
    const response = await call(listApiKeysHandler, { headers: workspace.workspaceHeaders, data: {} });
    expect([...response.db.commands].sort()).toEqual(['GetItem', 'Query']);
    expect(response.db.serialRoundTrips).toBe(1);
  });

  it('fetches given keys with one BatchGet beside the auth read', async () => {
    const wanted = allKeys.slice(0, 2);
    const response = await call(listApiKeysHandler, {
      headers: workspace.workspaceHeaders,
      data: { apiKeys: wanted },
    });
    expect(
      dataOf(response)
        .map((entry: { id: string }) => entry.id)
        .sort(),
    ).toEqual([...wanted].sort());
    expect([...response.db.commands].sort()).toEqual(['BatchGetItem', 'GetItem']);
    expect(response.db.serialRoundTrips).toBe(1);
  });

  it('answers NOT_FOUND for a key of another workspace', async () => {
    const other = await createTestWorkspace();
    const response = await call(listApiKeysHandler, {
      headers: workspace.workspaceHeaders,
      data: { apiKeys: [workspace.apiKey, other.apiKey] },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json.error?.message).toContain(other.apiKey);
  });

  it.each([
    [{ pageSize: 0 }, 'pageSize'],
    [{ pageSize: 101 }, 'pageSize'],
    [{ apiKeys: Array.from({ length: 31 }, (_, index) => `ak_${index}`) }, 'apiKeys'],
    [{ apiKeys: [] }, 'apiKeys'],
  ])('refuses %j with INVALID_ARGUMENT naming %s', async (data, field) => {
    const response = await call(listApiKeysHandler, { headers: workspace.workspaceHeaders, data });
    expect(response.statusCode).toBe(400);
    expect(response.json.error?.details?.issues[0].path).toBe(field);
  });
});

describe('workspace.domains.get', () => {
  it("returns the key's allowed domains using only the auth read", async () => {
    const workspace = await createTestWorkspace();
    const created = await createKey(workspace, { type: 'production', allowedDomains: ['app.example.com'] });
    const { apiKey } = dataOf(created);
    const tokens = await call(getAuthTokensHandler, {
      headers: workspace.workspaceHeaders,
      data: { apiKey },
    });
    const authToken = dataOf(tokens).authTokens[0].token;
    const response = await call(getDomainsHandler, {
      headers: { 'x-svc-api-key': apiKey, 'x-svc-auth-token': authToken },
    });
    expect(dataOf(response)).toEqual({ domains: ['app.example.com'] });
    expect(response.db.commands).toEqual(['GetItem']);
  });
});
