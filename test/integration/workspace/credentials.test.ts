import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { handler as addDomainsHandler } from '../../../functions/settings/workspace-domains-add';
import { handler as deleteDomainsHandler } from '../../../functions/settings/workspace-domains-delete';
import { handler as createApiKeyHandler } from '../../../functions/workspace/apikey-create';
import { handler as resetHandler } from '../../../functions/workspace/authtoken-reset';
import { handler as getAuthTokensHandler } from '../../../functions/workspace/authtokens-get';
import { handler as getDomainsHandler } from '../../../functions/workspace/domains-get';
import { db, tableName } from '../../../shared/db/client';
import { keys } from '../../../shared/db/keys';
import { lagReplicas } from '../../support/lagging-replica';
import { call, dataOf } from '../../support/lambda';
import { createTestWorkspace, type TestWorkspace } from '../../support/workspaces';

const apiKeyCall = (apiKey: string, authToken: string, headers: Record<string, string> = {}) =>
  call(getDomainsHandler, {
    headers: { 'x-svc-api-key': apiKey, 'x-svc-auth-token': authToken, ...headers },
  });

const reset = (workspace: TestWorkspace, apiKey: string) =>
  call(resetHandler, { headers: workspace.workspaceHeaders, data: { apiKey } });

describe('API-key authentication', () => {
  it('costs exactly one DynamoDB read', async () => {
    const workspace = await createTestWorkspace();
    const response = await apiKeyCall(workspace.apiKey, workspace.authToken);
    expect(response.statusCode).toBe(200);
    expect(response.db.calls).toBe(1);
    expect(response.db.commands).toEqual(['GetItem']);
  });

  it('refuses an unknown API key and a wrong token with the same message', async () => {
    const workspace = await createTestWorkspace();
    const unknownKey = await apiKeyCall('ak_unknown', workspace.authToken);
    const wrongToken = await apiKeyCall(workspace.apiKey, `${workspace.authToken}x`);
    for (const response of [unknownKey, wrongToken]) {
      expect(response.statusCode).toBe(403);
      expect(response.json.error).toEqual({
        status: 'PERMISSION_DENIED',
        message: 'Invalid API key or auth token.',
      });
    }
  });

  it("refuses one workspace's token with another workspace's API key", async () => {
    const [mine, theirs] = await Promise.all([createTestWorkspace(), createTestWorkspace()]);
    expect((await apiKeyCall(mine.apiKey, theirs.authToken)).statusCode).toBe(403);
  });

  it('checks a browser Origin against the allowed domains; localhost is always allowed for testing keys', async () => {
    const workspace = await createTestWorkspace();
    expect(
      (await apiKeyCall(workspace.apiKey, workspace.authToken, { origin: 'http://localhost:5173' }))
        .statusCode,
    ).toBe(200);
    const foreign = await apiKeyCall(workspace.apiKey, workspace.authToken, {
      origin: 'https://evil.example',
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json.error?.status).toBe('PERMISSION_DENIED');

    const created = await call(createApiKeyHandler, {
      headers: workspace.workspaceHeaders,
      data: { type: 'production', allowedDomains: ['*.example.com'] },
    });
    const { apiKey } = dataOf(created);
    const tokens = await call(getAuthTokensHandler, {
      headers: workspace.workspaceHeaders,
      data: { apiKey },
    });
    const token = dataOf(tokens).authTokens[0].token;
    expect((await apiKeyCall(apiKey, token, { origin: 'https://app.example.com' })).statusCode).toBe(200);
    expect((await apiKeyCall(apiKey, token, { origin: 'http://localhost:3000' })).statusCode).toBe(403);
    expect((await apiKeyCall(apiKey, token)).statusCode).toBe(200);
  });
});

describe('workspace.authtokens.get', () => {
  it('shows the working auth token of a key of the workspace', async () => {
    const workspace = await createTestWorkspace();
    const response = await call(getAuthTokensHandler, {
      headers: workspace.workspaceHeaders,
      data: { apiKey: workspace.apiKey },
    });
    expect(dataOf(response)).toEqual({
      apiKey: workspace.apiKey,
      authTokens: [{ token: workspace.authToken, name: 'default', domains: [] }],
    });
    // The credential read needs only the input: it starts beside the auth read (prefetch).
    expect(response.db.commands).toEqual(['GetItem', 'GetItem']);
    expect(response.db.serialRoundTrips).toBe(1);
  });

  it('answers NOT_FOUND for an API key of another workspace or no workspace', async () => {
    const [mine, theirs] = await Promise.all([createTestWorkspace(), createTestWorkspace()]);
    for (const apiKey of [theirs.apiKey, 'ak_nope', 'a#b/ü']) {
      const response = await call(getAuthTokensHandler, { headers: mine.workspaceHeaders, data: { apiKey } });
      expect(response.statusCode).toBe(404);
      expect(response.json.error?.status).toBe('NOT_FOUND');
    }
  });

  it('refuses a missing apiKey with INVALID_ARGUMENT', async () => {
    const workspace = await createTestWorkspace();
    const response = await call(getAuthTokensHandler, { headers: workspace.workspaceHeaders, data: {} });
    expect(response.json.error).toMatchObject({ status: 'INVALID_ARGUMENT', message: 'apiKey: required' });
  });
});

describe('workspace.authtoken.reset', () => {
  it('returns a new token that works while the old one is refused at once', async () => {
    const workspace = await createTestWorkspace();
    const response = await reset(workspace, workspace.apiKey);
    expect(response.statusCode).toBe(200);
    const { apiKey, newAuthToken } = dataOf(response);
    expect(apiKey).toBe(workspace.apiKey);
    expect(newAuthToken).toEqual({ token: expect.any(String), name: 'default', domains: [] });
    expect(newAuthToken.token).not.toBe(workspace.authToken);
    expect((await apiKeyCall(workspace.apiKey, workspace.authToken)).statusCode).toBe(403);
    expect((await apiKeyCall(workspace.apiKey, newAuthToken.token)).statusCode).toBe(200);
    const shown = await call(getAuthTokensHandler, { headers: workspace.workspaceHeaders, data: { apiKey } });
    expect(dataOf(shown).authTokens[0].token).toBe(newAuthToken.token);
  });

  it('leaves exactly one valid token after concurrent resets', async () => {
    const workspace = await createTestWorkspace();
    const responses = await Promise.all(Array.from({ length: 5 }, () => reset(workspace, workspace.apiKey)));
    const tokens: string[] = responses.map((response) => dataOf(response).newAuthToken.token);
    const accepted = [];
    for (const token of tokens) {
      if ((await apiKeyCall(workspace.apiKey, token)).statusCode === 200) accepted.push(token);
    }
    expect(accepted).toHaveLength(1);
  });

  it('gives a key created without a token its first token', async () => {
    const workspace = await createTestWorkspace();
    const created = await call(createApiKeyHandler, {
      headers: workspace.workspaceHeaders,
      data: { type: 'testing', createAuthToken: false },
    });
    const { apiKey } = dataOf(created);
    const response = await reset(workspace, apiKey);
    expect((await apiKeyCall(apiKey, dataOf(response).newAuthToken.token)).statusCode).toBe(200);
  });

  it("answers NOT_FOUND for an unknown key or another workspace's key, and changes nothing", async () => {
    const [mine, theirs] = await Promise.all([createTestWorkspace(), createTestWorkspace()]);
    for (const apiKey of [theirs.apiKey, 'ak_unknown']) {
      const response = await reset(mine, apiKey);
      expect(response.statusCode).toBe(404);
      expect(response.json.error?.status).toBe('NOT_FOUND');
    }
    expect((await apiKeyCall(theirs.apiKey, theirs.authToken)).statusCode).toBe(200);
  });
});

describe('stored credentials', () => {
  it('hold no secret in plain text', async () => {
    const workspace = await createTestWorkspace();
    const stored = await Promise.all(
      [keys.apiKeyCredential(workspace.apiKey), keys.workspace(workspace.workspaceId)].map((Key) =>
        db().send(new GetCommand({ TableName: tableName(), Key })),
      ),
    );
    const raw = JSON.stringify(stored.map((output) => output.Item));
    expect(raw).toContain(workspace.apiKey);
    expect(raw).not.toContain(workspace.authToken);
    expect(raw).not.toContain(workspace.workspaceToken);
  });
});

describe('credential reads while replicas lag (strongly consistent)', () => {
  const withLag = async (stale: Promise<() => void>, work: () => Promise<void>) => {
    const stop = await stale;
    try {
      await work();
    } finally {
      stop();
    }
  };

  it('refuses a token just reset at once and accepts the new one', async () => {
    const workspace = await createTestWorkspace();
    await withLag(lagReplicas([keys.apiKeyCredential(workspace.apiKey)]), async () => {
      const { newAuthToken } = dataOf(await reset(workspace, workspace.apiKey));
      expect((await apiKeyCall(workspace.apiKey, workspace.authToken)).statusCode).toBe(403);
      expect((await apiKeyCall(workspace.apiKey, newAuthToken.token)).statusCode).toBe(200);
      const shown = await call(getAuthTokensHandler, {
        headers: workspace.workspaceHeaders,
        data: { apiKey: workspace.apiKey },
      });
      expect(dataOf(shown).authTokens[0].token).toBe(newAuthToken.token);
    });
  });

  it('refuses a browser Origin at once when its domain was just removed', async () => {
    const workspace = await createTestWorkspace();
    const origin = { origin: 'https://shop.example.com' };
    await call(addDomainsHandler, { headers: workspace.apiKeyHeaders, data: { domains: ['*.example.com'] } });
    expect((await apiKeyCall(workspace.apiKey, workspace.authToken, origin)).statusCode).toBe(200);
    await withLag(lagReplicas([keys.apiKeyCredential(workspace.apiKey)]), async () => {
      await call(deleteDomainsHandler, {
        headers: workspace.apiKeyHeaders,
        data: { domains: ['*.example.com'] },
      });
      const refused = await apiKeyCall(workspace.apiKey, workspace.authToken, origin);
      expect(refused.statusCode).toBe(403);
      expect(refused.json.error?.status).toBe('PERMISSION_DENIED');
    });
  });

  it('accepts the credentials of a workspace and an API key just created', async () => {
    const workspace = await createTestWorkspace();
    const created = await call(createApiKeyHandler, {
      headers: workspace.workspaceHeaders,
      data: { type: 'testing' },
    });
    const { apiKey } = dataOf(created);
    const stale = [keys.workspace(workspace.workspaceId), keys.apiKeyCredential(apiKey)];
    await withLag(lagReplicas(stale, { asOf: 'absent' }), async () => {
      const tokens = await call(getAuthTokensHandler, {
        headers: workspace.workspaceHeaders,
        data: { apiKey },
      });
      expect(tokens.statusCode).toBe(200);
      expect((await apiKeyCall(apiKey, dataOf(tokens).authTokens[0].token)).statusCode).toBe(200);
    });
  });
});
