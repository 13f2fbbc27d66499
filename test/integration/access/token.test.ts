import jwt from 'jsonwebtoken';
import { findSigningSecret } from '../../../shared/access/token-repository';
import { keys } from '../../../shared/db/keys';
import { decryptSecret } from '../../../shared/security/secrets';
import { callAs, succeed } from '../../support/api';
import { lagReplicas } from '../../support/lagging-replica';
import { createTestWorkspace } from '../../support/workspaces';

/** The API key's signing secret, read from the table as only the service can (it never leaves it). */
async function secretOf(apiKey: string): Promise<string> {
  return decryptSecret((await findSigningSecret(apiKey)) as string, `token:${apiKey}`);
}

const request = {
  userId: 'ada',
  userProperties: { name: 'Ada', email: 'ada@example.com', isAdmin: true },
  permissions: { resources: [{ type: 'document', id: 'doc', organizationId: 'org', accessRole: 'viewer' }] },
};

describe('auth.token.generate', () => {
  it('returns an HS256 JWT valid for 48 hours, verifiable with a standard JWT library', async () => {
    const workspace = await createTestWorkspace();
    const { token } = await succeed(workspace, 'auth.token.generate', request);
    const claims = jwt.verify(token, await secretOf(workspace.apiKey), {
      algorithms: ['HS256'],
      audience: workspace.apiKey,
      issuer: 'collab-backend',
    }) as jwt.JwtPayload;
    expect(claims).toMatchObject({
      sub: 'ada',
      userId: 'ada',
      name: 'Ada',
      email: 'ada@example.com',
      isAdmin: true,
      organizationIds: ['org'],
      resources: [{ type: 'document', id: 'doc', organizationId: 'org', accessRole: 'viewer' }],
    });
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(48 * 60 * 60);
  });

  it("signs with a secret of the caller's own API key", async () => {
    const [mine, theirs] = await Promise.all([createTestWorkspace(), createTestWorkspace()]);
    const { token } = await succeed(mine, 'auth.token.generate', request);
    await succeed(theirs, 'auth.token.generate', request);
    const [mySecret, theirSecret] = await Promise.all([secretOf(mine.apiKey), secretOf(theirs.apiKey)]);
    expect(mySecret).not.toBe(theirSecret);
    expect(() => jwt.verify(token, theirSecret)).toThrow(/invalid signature/);
    const again = await succeed(mine, 'auth.token.generate', request);
    expect(jwt.verify(again.token, mySecret)).toMatchObject({ userId: 'ada' });
  });

  it('signs with the stored secret when a lagging replica has not seen it yet', async () => {
    const workspace = await createTestWorkspace();
    await succeed(workspace, 'auth.token.generate', request);
    const stop = await lagReplicas([keys.tokenSigningSecret(workspace.apiKey)], { asOf: 'absent' });
    const response = await callAs(workspace, 'auth.token.generate', request).finally(stop);
    expect(response.statusCode).toBe(200);
    expect(jwt.verify(response.json.result?.data.token, await secretOf(workspace.apiKey))).toMatchObject({
      userId: 'ada',
    });
  });

  it('refuses a resource expiresAt in epoch milliseconds, naming the field', async () => {
    const workspace = await createTestWorkspace();
    const [resource] = request.permissions.resources;
    const response = await callAs(workspace, 'auth.token.generate', {
      ...request,
      permissions: { resources: [{ ...resource, expiresAt: Date.now() + 3_600_000 }] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json.error?.status).toBe('INVALID_ARGUMENT');
    expect(response.json.error?.details?.issues[0].path).toBe('permissions.resources[0].expiresAt');
  });

  it.each([
    [{ ...request, userId: '' }, 'userId'],
    [{ ...request, userProperties: { name: 'A' } }, 'userProperties.email'],
  ])('refuses %j with INVALID_ARGUMENT naming %s', async (data, path) => {
    const workspace = await createTestWorkspace();
    const response = await callAs(workspace, 'auth.token.generate', data);
    expect(response.json.error?.details?.issues[0].path).toBe(path);
  });
});
