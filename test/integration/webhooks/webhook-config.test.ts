import { generateKeyPairSync } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { handler as getHandler } from '../../../functions/settings/workspace-webhookconfig-get';
import { handler as updateHandler } from '../../../functions/settings/workspace-webhookconfig-update';
import { db, tableName } from '../../../shared/db/client';
import { keys } from '../../../shared/db/keys';
import { defaultWebhookConfig, defaultWebhookTriggers } from '../../../shared/settings/webhook-config-merge';
import { dataOf } from '../../support/lambda';
import { configCalls, expectDefaultsBesideAuth } from '../../support/webhooks';
import { createTestWorkspace } from '../../support/workspaces';

const { update, read } = configCalls(getHandler, updateHandler);

/** The never-configured config: off, every text empty, every flag off, no triggers. */
const unconfigured = defaultWebhookConfig;

describe('workspace.webhookconfig.get', () => {
  it('returns the empty, disabled config when never configured, with one read beside the auth read', async () => {
    const { useWebhookService, webhookServiceConfig } = await expectDefaultsBesideAuth(read, unconfigured);
    const { triggers, ...fields } = webhookServiceConfig;
    expect(useWebhookService).toBe(false);
    expect(triggers).toEqual({});
    const texts = ['authToken', 'rawNotificationUrl', 'processedNotificationUrl', 'publicKey'];
    const flags = ['encodeData', 'encryptData', 'enableDataProtection'];
    expect(Object.keys(fields).sort()).toEqual([...texts, ...flags].sort());
    for (const value of Object.values(fields)) expect(value === '' || value === false).toBe(true);
  });
});

describe('workspace.webhookconfig.update', () => {
  it('seeds the default triggers on the first enable, with request values merged over them', async () => {
    const workspace = await createTestWorkspace();
    const response = await update(workspace, {
      useWebhookService: true,
      webhookServiceConfig: {
        rawNotificationUrl: 'https://hooks.example.com/raw',
        triggers: { 'comment.add': false, 'crdt.update_data': true },
      },
    });
    const config = dataOf(response);
    expect(config.useWebhookService).toBe(true);
    expect(config.webhookServiceConfig).toMatchObject({
      rawNotificationUrl: 'https://hooks.example.com/raw',
      enableDataProtection: false,
    });
    expect(config.webhookServiceConfig.triggers).toEqual({
      ...defaultWebhookTriggers,
      'comment.add': false,
      'crdt.update_data': true,
    });
    const { triggers } = config.webhookServiceConfig;
    expect(triggers['comment_annotation.add']).toBe(true);
    expect(triggers['comment_annotation.suggestion_accept']).toBe(false);
    expect(triggers['comment_annotation.suggestion_reject']).toBe(false);
    expect(triggers['huddle.create']).toBe(true);
    expect(triggers['recorder.recording_ready']).toBe(false);
    expect(dataOf(await read(workspace))).toEqual(config);
  });

  it('keeps stored non-trigger fields on the first enable', async () => {
    const workspace = await createTestWorkspace();
    await update(workspace, { webhookServiceConfig: { authToken: 'tok', encodeData: true } });
    const config = dataOf(await update(workspace, { useWebhookService: true }));
    expect(config.webhookServiceConfig).toMatchObject({ authToken: 'tok', encodeData: true });
    expect(config.webhookServiceConfig.triggers).toEqual(defaultWebhookTriggers);
  });

  it('keeps every field a partial update does not send, triggers key by key', async () => {
    const workspace = await createTestWorkspace();
    await update(workspace, {
      useWebhookService: true,
      webhookServiceConfig: { processedNotificationUrl: 'http://hooks.example.com/p', publicKey: 'pk' },
    });
    const response = await update(workspace, {
      webhookServiceConfig: { triggers: { 'comment.update': false } },
    });
    const config = dataOf(response);
    expect(config).toEqual({
      useWebhookService: true,
      webhookServiceConfig: {
        ...unconfigured.webhookServiceConfig,
        processedNotificationUrl: 'http://hooks.example.com/p',
        publicKey: 'pk',
        triggers: { ...defaultWebhookTriggers, 'comment.update': false },
      },
    });
    expect(response.db.commands).toEqual(['GetItem', 'GetItem', 'PutItem']);
    expect(response.db.serialRoundTrips).toBe(2);
  });

  it('does not reseed triggers when a stored config is enabled again', async () => {
    const workspace = await createTestWorkspace();
    await update(workspace, {
      useWebhookService: true,
      webhookServiceConfig: { triggers: { 'comment.add': false } },
    });
    await update(workspace, { useWebhookService: false });
    const config = dataOf(await update(workspace, { useWebhookService: true }));
    expect(config.webhookServiceConfig.triggers['comment.add']).toBe(false);
  });

  // 20 writers contend for one item: the last may need many read-merge-write rounds.
  it('keeps all of 20 parallel partial updates that each set a different trigger', async () => {
    const workspace = await createTestWorkspace();
    const names = Array.from({ length: 20 }, (_, index) => `custom.trigger_${index}`);
    const responses = await Promise.all(
      names.map((name) => update(workspace, { webhookServiceConfig: { triggers: { [name]: true } } })),
    );
    for (const response of responses) expect(response.statusCode).toBe(200);
    const { triggers } = dataOf(await read(workspace)).webhookServiceConfig;
    expect(triggers).toEqual(Object.fromEntries(names.map((name) => [name, true])));
  }, 30_000);

  it('stores the config encrypted, so its auth token is not in the item in plain text', async () => {
    const workspace = await createTestWorkspace();
    await update(workspace, { webhookServiceConfig: { authToken: 'very-secret-token' } });
    const { Item } = await db().send(
      new GetCommand({ TableName: tableName(), Key: keys.apiKeyConfig(workspace.apiKey, 'webhook') }),
    );
    expect(Item).toBeDefined();
    expect(JSON.stringify(Item)).not.toContain('very-secret-token');
  });

  it.each([
    ['no field', {}, 'data: send at least one of useWebhookService, webhookServiceConfig'],
    [
      'a non-http URL',
      { webhookServiceConfig: { rawNotificationUrl: 'ftp://example.com' } },
      'webhookServiceConfig.rawNotificationUrl: must be an http(s) URL',
    ],
    [
      'a relative URL',
      { webhookServiceConfig: { processedNotificationUrl: '/hooks' } },
      'webhookServiceConfig.processedNotificationUrl: must be an http(s) URL',
    ],
    [
      'a non-boolean trigger',
      { webhookServiceConfig: { triggers: { 'comment.add': 'yes' } } },
      'webhookServiceConfig.triggers.comment.add: Invalid input: expected boolean, received string',
    ],
    [
      'a malformed trigger name',
      { webhookServiceConfig: { triggers: { 'Comment Add': true } } },
      'webhookServiceConfig.triggers.Comment Add: Invalid key in record',
    ],
    ['an unknown field', { useWebhookService: true, url: 'x' }, 'url: unknown field url'],
    [
      'a non-boolean flag',
      { useWebhookService: 'true' },
      'useWebhookService: Invalid input: expected boolean, received string',
    ],
  ])('refuses %s with INVALID_ARGUMENT naming the field', async (_label, data, message) => {
    const workspace = await createTestWorkspace();
    const response = await update(workspace, data);
    expect(response.statusCode).toBe(400);
    expect(response.json.error).toMatchObject({ status: 'INVALID_ARGUMENT', message });
  });
});

describe('workspace.webhookconfig.update with encryptData', () => {
  const key = (bits: number) =>
    generateKeyPairSync('rsa', { modulusLength: bits })
      .publicKey.export({ type: 'spki', format: 'der' })
      .toString('base64');
  const keyProblem =
    'webhookServiceConfig.publicKey: must be an RSA public key of at least 2048 bits (PEM or base64 SPKI) while encryptData is on';

  it('accepts a 2048-bit bare base64 SPKI key and refuses a 1024-bit one, naming the field', async () => {
    const workspace = await createTestWorkspace();
    const good = key(2048);
    const accepted = await update(workspace, {
      webhookServiceConfig: { encryptData: true, publicKey: good },
    });
    expect(dataOf(accepted).webhookServiceConfig).toMatchObject({ encryptData: true, publicKey: good });
    const refused = await update(workspace, { webhookServiceConfig: { publicKey: key(1024) } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json.error).toMatchObject({ status: 'INVALID_ARGUMENT', message: keyProblem });
    expect(dataOf(await read(workspace)).webhookServiceConfig.publicKey).toBe(good);
  });

  it('refuses turning encryptData on over an unusable stored key', async () => {
    const workspace = await createTestWorkspace();
    await update(workspace, { webhookServiceConfig: { publicKey: 'pk' } });
    const refused = await update(workspace, {
      useWebhookService: true,
      webhookServiceConfig: { encryptData: true },
    });
    expect(refused.json.error).toMatchObject({ status: 'INVALID_ARGUMENT', message: keyProblem });
    expect(dataOf(await read(workspace))).toMatchObject({
      useWebhookService: false,
      webhookServiceConfig: { encryptData: false, publicKey: 'pk' },
    });
  });
});
