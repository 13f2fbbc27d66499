import { randomBytes, randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { ensureTable } from '../../../scripts/local/dynamodb';
import { installKeyring, keyringMaxAgeMs, parseKeyring } from '../../../shared/security/keyring';
import { admin } from '../../support/admin';
import { succeed } from '../../support/api';
import { startSecretsManager } from '../../support/secrets-manager';
import { createWebhookWorkspace } from '../../support/webhooks';
import type { TestWorkspace } from '../../support/workspaces';

/**
 * A one-secret Secrets Manager on the wire (the AWS JSON protocol the SDK speaks): the command runs
 * its real client against it. `writtenAt` is the current version's `CreatedDate`, set back by tests
 * to stand for the minutes an operator waits.
 */
const secret = { value: '', writtenAt: 0, writes: 0 };
let secretsManager: Awaited<ReturnType<typeof startSecretsManager>>;

beforeAll(async () => {
  secretsManager = await startSecretsManager((target, input) => {
    if (target === 'secretsmanager.GetSecretValue') {
      const body = { ARN: input.SecretId, SecretString: secret.value, CreatedDate: secret.writtenAt / 1000 };
      return { status: 200, body };
    }
    if (target === 'secretsmanager.PutSecretValue') {
      Object.assign(secret, { value: input.SecretString, writtenAt: Date.now(), writes: secret.writes + 1 });
      return {
        status: 200,
        body: { ARN: input.SecretId, VersionId: randomUUID(), VersionStages: ['AWSCURRENT'] },
      };
    }
    return { status: 400, body: { __type: 'InvalidRequestException', message: `${target}?` } };
  });
  // A table of its own: retire re-seals every API key of the table.
  const table = `collab-rotate-${randomUUID()}`;
  const dynamo = new DynamoDBClient({ endpoint: process.env.DYNAMODB_ENDPOINT });
  await ensureTable(dynamo, table, { stream: false });
  dynamo.destroy();
  delete process.env.DATA_KEY;
  Object.assign(process.env, {
    TABLE_NAME: table,
    DATA_KEY_SECRET_ID: 'arn:aws:secretsmanager:us-east-1:123456789012:secret:DataKey',
    SECRETS_MANAGER_ENDPOINT: secretsManager.endpoint,
    AWS_ACCESS_KEY_ID: 'test',
    AWS_SECRET_ACCESS_KEY: 'test',
  });
});

afterAll(() => secretsManager.close());

/** Pretends the operator waited for every function to reload the secret. */
const waitForRefresh = () => {
  secret.writtenAt -= keyringMaxAgeMs + 1000;
};

describe('npm run admin -- rotate-data-key', () => {
  const original = randomBytes(32).toString('base64url');
  let workspace: TestWorkspace;

  beforeAll(async () => {
    // The stack's generated secret: a plain string, key 0; the workspace's secrets are sealed under it.
    Object.assign(secret, { value: original, writtenAt: Date.now() - 3_600_000 });
    installKeyring(original);
    workspace = await createWebhookWorkspace();
  });

  it('adds a key, makes it current after the refresh period, then re-seals and retires the old key', async () => {
    const added = await admin('rotate-data-key', '--stage', 'add');
    expect(added).toMatchObject({ code: 0, err: [] });
    expect(added.out[0]).toBe('Added key 1; key 0 stays current.');
    const withNew = JSON.parse(secret.value);
    expect(withNew.current).toBe('0');
    expect(withNew.keys['0']).toBe(original);
    expect(parseKeyring(secret.value).keys.get('1')).toHaveLength(43);

    const early = await admin('rotate-data-key', '--stage', 'activate');
    expect(early.code).toBe(1);
    expect(early.err[0]).toMatch(/changed \d+ s ago .* run --stage activate again in \d+ s/);
    expect(JSON.parse(secret.value)).toEqual(withNew);

    waitForRefresh();
    const activated = await admin('rotate-data-key', '--stage', 'activate');
    expect(activated).toMatchObject({ code: 0, err: [] });
    expect(JSON.parse(secret.value)).toEqual({ ...withNew, current: '1' });

    expect((await admin('rotate-data-key', '--stage', 'retire')).code).toBe(1);
    expect(Object.keys(JSON.parse(secret.value).keys)).toEqual(['0', '1']);

    waitForRefresh();
    const retired = await admin('rotate-data-key', '--stage', 'retire');
    expect(retired).toMatchObject({ code: 0, err: [] });
    expect(retired.out.at(-1)).toBe('Retired key 0: every stored secret is under key 1, the only key left.');
    expect(retired.out[0]).toMatch(/, [1-9]\d* re-sealed under key 1, 0 changed concurrently, 0 unreadable$/);
    expect(JSON.parse(secret.value)).toEqual({ current: '1', keys: { '1': withNew.keys['1'] } });

    // The workspace's sealed secrets open with the new key alone.
    installKeyring(secret.value);
    const config = await succeed(workspace, 'workspace.advancedwebhookconfig.get', {});
    expect(config.isEnabled).toBe(true);
  });

  it('refuses a step out of order without writing the secret', async () => {
    const writes = secret.writes;
    waitForRefresh();
    const result = await admin('rotate-data-key', '--stage', 'activate');
    expect(result).toEqual({
      code: 1,
      out: [],
      err: ['rotate-data-key failed: No key waits to become current (current: 1): run --stage add first.'],
    });
    expect(secret.writes).toBe(writes);
  });

  it('explains its stages in --help and refuses a missing or unknown stage as usage', async () => {
    const help = await admin('rotate-data-key', '--help');
    expect(help.code).toBe(0);
    expect(help.out[0]).toBe(
      'Usage: npm run admin -- rotate-data-key --stage <add|activate|retire> [--force] [--keyring-file <path>]',
    );
    expect(help.out.join('\n')).toContain('retire: re-encrypt every stored secret');
    expect(await admin('rotate-data-key', '--stage', 'rotate')).toMatchObject({
      code: 2,
      err: ['--stage must be one of add, activate, retire.', expect.stringContaining('Usage:')],
    });
    expect((await admin('rotate-data-key')).err[0]).toBe('Missing --stage.');
  });
});
