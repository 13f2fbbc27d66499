import { randomBytes, randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { jwtVerify } from 'jose';
import { runAdmin } from '../../../scripts/admin/run';
import { ensureTable } from '../../../scripts/local/dynamodb';
import { findSigningSecret } from '../../../shared/access/token-repository';
import { signingSecretOwner } from '../../../shared/access/token-service';
import { routeNamed } from '../../../shared/api/routes';
import { db, tableName } from '../../../shared/db/client';
import type { ItemKey } from '../../../shared/db/key-parts';
import { keys } from '../../../shared/db/keys';
import { installKeyring } from '../../../shared/security/keyring';
import { decryptSecret } from '../../../shared/security/secrets';
import { createEndpoint } from '../../../shared/webhooks/endpoint-service';
import { succeed } from '../../support/api';
import { loadRouteHandler } from '../../support/handlers';
import { call, dataOf } from '../../support/lambda';
import { createWebhookWorkspace } from '../../support/webhooks';
import type { TestWorkspace } from '../../support/workspaces';

const oldKey = randomBytes(32).toString('base64url');
const newKey = randomBytes(32).toString('base64url');
const keyring = (current: string, keys: Record<string, string>) => JSON.stringify({ current, keys });

async function stored(key: ItemKey, attribute: string): Promise<string> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }),
  );
  return Item?.[attribute] as string;
}

/** Every secret the workspace's API key holds, read back through the routes that show them. */
async function readSecrets(workspace: TestWorkspace, endpointId: string) {
  const tokens = await call(await loadRouteHandler(routeNamed('workspace.authtokens.get')), {
    headers: workspace.workspaceHeaders,
    data: { apiKey: workspace.apiKey },
  });
  const { secret } = await succeed(workspace, 'workspace.advancedwebhook.endpoints.secret.get', {
    endpointId,
  });
  const config = await succeed(workspace, 'workspace.advancedwebhookconfig.get', {});
  const signing = decryptSecret(
    (await findSigningSecret(workspace.apiKey)) as string,
    signingSecretOwner(workspace.apiKey),
  );
  return {
    authToken: dataOf(tokens).authTokens[0].token as string,
    endpointSecret: secret as string,
    config,
    signing,
  };
}

const userToken = { userId: 'u1', userProperties: { name: 'Ada', email: 'ada@example.com' } };

describe('npm run admin -- reseal-secrets', () => {
  let workspace: TestWorkspace;
  let endpointId: string;
  let sealedSlots: [ItemKey, string][];

  beforeAll(async () => {
    // A table of its own: the command visits every API key of the table it is given.
    const table = `collab-reseal-${randomUUID()}`;
    const dynamo = new DynamoDBClient({ endpoint: process.env.DYNAMODB_ENDPOINT });
    await ensureTable(dynamo, table, { stream: false });
    dynamo.destroy();
    process.env.TABLE_NAME = table;

    // A deployment's first DATA_KEY: a plain string, key id 0.
    installKeyring(oldKey);
    workspace = await createWebhookWorkspace();
    endpointId = (await createEndpoint(workspace.apiKey, { url: 'https://hooks.example.com' })).id;
    await succeed(workspace, 'auth.token.generate', userToken);
    sealedSlots = [
      [keys.apiKeyCredential(workspace.apiKey), 'authTokenEncrypted'],
      [keys.apiKeyConfig(workspace.apiKey, 'advancedWebhook'), 'sealed'],
      [keys.webhookEndpoint(workspace.apiKey, endpointId), 'secretEncrypted'],
      [keys.tokenSigningSecret(workspace.apiKey), 'encrypted'],
    ];
    // The auth token as sealed before values carried a key id: the same bytes without `0.`.
    const credential = keys.apiKeyCredential(workspace.apiKey);
    const sealed = await stored(credential, 'authTokenEncrypted');
    expect(sealed.startsWith('0.')).toBe(true);
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: credential,
        UpdateExpression: 'SET authTokenEncrypted = :legacy',
        ExpressionAttributeValues: { ':legacy': sealed.slice(2) },
      }),
    );
  });

  it('reads values sealed under the old key after rotation, re-seals them under the new key, then needs the old key no more', async () => {
    const before = await readSecrets(workspace, endpointId);

    installKeyring(keyring('2', { '0': oldKey, '2': newKey }));
    expect(await readSecrets(workspace, endpointId)).toEqual(before);
    // New writes use the new key while old values stay where they are.
    const fresh = await createEndpoint(workspace.apiKey, { url: 'https://hooks.example.com/2' });
    expect(await stored(keys.webhookEndpoint(workspace.apiKey, fresh.id), 'secretEncrypted')).toMatch(/^2\./);
    expect(await stored(keys.apiKeyConfig(workspace.apiKey, 'advancedWebhook'), 'sealed')).toMatch(/^0\./);

    const out: string[] = [];
    const err: string[] = [];
    const code = await runAdmin(['reseal-secrets'], {
      out: (line) => out.push(line),
      err: (line) => err.push(line),
    });
    expect({ code, err }).toEqual({ code: 0, err: [] });
    expect(out).toEqual([
      'reseal-secrets: 1 API keys, 5 sealed values examined, 4 re-sealed under key 2, 0 changed concurrently, 0 unreadable',
      'Done: every sealed value is under key 2.',
    ]);
    for (const [key, attribute] of sealedSlots) expect(await stored(key, attribute)).toMatch(/^2\./);

    installKeyring(keyring('2', { '2': newKey }));
    expect(await readSecrets(workspace, endpointId)).toEqual(before);
    const { token } = await succeed(workspace, 'auth.token.generate', userToken);
    await expect(jwtVerify(token, new TextEncoder().encode(before.signing))).resolves.toBeDefined();

    out.length = 0;
    expect(
      await runAdmin(['reseal-secrets'], { out: (line) => out.push(line), err: (line) => err.push(line) }),
    ).toBe(0);
    expect(out[0]).toContain('5 sealed values examined, 0 re-sealed');
  });

  it('lists values no key of the keyring opens, by location only, and fails', async () => {
    installKeyring(keyring('3', { '3': randomBytes(32).toString('base64url') }));
    const out: string[] = [];
    const err: string[] = [];
    const code = await runAdmin(['reseal-secrets'], {
      out: (line) => out.push(line),
      err: (line) => err.push(line),
    });
    expect(code).toBe(1);
    expect(out).toEqual([
      'reseal-secrets: 1 API keys, 5 sealed values examined, 0 re-sealed under key 3, 0 changed concurrently, 5 unreadable',
    ]);
    expect(err).toHaveLength(6);
    expect(err).toContain(
      `unreadable: pk=${keys.apiKeyCredential(workspace.apiKey).pk} sk=CREDENTIAL attribute=authTokenEncrypted`,
    );
    expect(err.join('\n')).not.toContain(newKey);
  });
});

describe('npm run admin', () => {
  const run = async (...argv: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runAdmin(argv, { out: (line) => out.push(line), err: (line) => err.push(line) });
    return { code, out: out.join('\n'), err: err.join('\n') };
  };

  it('lists its commands with --help', async () => {
    const { code, out } = await run('--help');
    expect(code).toBe(0);
    expect(out).toMatch(/^ {2}reseal-secrets +Re-encrypt every stored secret/m);
  });

  it('refuses an unknown command with exit code 2 and the list', async () => {
    const { code, err } = await run('redrive');
    expect(code).toBe(2);
    expect(err).toContain('Unknown command "redrive".');
    expect(err).toContain('reseal-secrets');
  });

  it('refuses arguments reseal-secrets does not take, showing its usage', async () => {
    const { code, err } = await run('reseal-secrets', '--force');
    expect(code).toBe(2);
    expect(err).toBe(
      'reseal-secrets takes no arguments; got --force\nUsage: npm run admin -- reseal-secrets',
    );
  });
});
