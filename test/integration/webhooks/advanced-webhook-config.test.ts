import { generateKeyPairSync } from 'node:crypto';
import { handler as getHandler } from '../../../functions/settings/workspace-advancedwebhookconfig-get';
import { handler as updateHandler } from '../../../functions/settings/workspace-advancedwebhookconfig-update';
import { putConfigIfUnchanged } from '../../../shared/settings/repository';
import { dataOf } from '../../support/lambda';
import { configCalls, expectDefaultsBesideAuth } from '../../support/webhooks';
import { createTestWorkspace } from '../../support/workspaces';

const { update, read } = configCalls(getHandler, updateHandler);

const rsaKey = (bits: number, format: 'pem' | 'der' = 'pem') => {
  const { publicKey } = generateKeyPairSync('rsa', { modulusLength: bits });
  return format === 'pem'
    ? publicKey.export({ type: 'spki', format }).toString()
    : publicKey.export({ type: 'spki', format }).toString('base64');
};
const goodKey = rsaKey(2048);
const otherGoodKey = rsaKey(2048, 'der');
const keyProblem =
  'publicKey: must be an RSA public key of at least 2048 bits (PEM or base64 SPKI) while encryptData is on';

const defaults = {
  isEnabled: false,
  encryptData: false,
  encodeData: false,
  publicKey: '',
  enableDataProtection: false,
  messageRetentionDays: 30,
};

describe('workspace.advancedwebhookconfig.get', () => {
  it('returns the defaults when never configured, with one read beside the auth read', async () => {
    await expectDefaultsBesideAuth(read, defaults);
  });
});

describe('workspace.advancedwebhookconfig.update', () => {
  it('enables on the first update and returns the full config after the write', async () => {
    const workspace = await createTestWorkspace();
    const response = await update(workspace, { isEnabled: true, publicKey: 'pk' });
    expect(dataOf(response)).toEqual({ ...defaults, isEnabled: true, publicKey: 'pk' });
    expect(response.db.commands).toEqual(['GetItem', 'GetItem', 'PutItem']);
    expect(response.db.serialRoundTrips).toBe(2);
    expect(dataOf(await read(workspace))).toEqual({ ...defaults, isEnabled: true, publicKey: 'pk' });
  });

  it('refuses a first update that does not enable with FAILED_PRECONDITION and stores nothing', async () => {
    const workspace = await createTestWorkspace();
    for (const data of [{ encodeData: true }, { isEnabled: false }]) {
      const response = await update(workspace, data);
      expect(response.statusCode).toBe(400);
      expect(response.json.error?.status).toBe('FAILED_PRECONDITION');
      expect(response.json.error?.message).toContain(
        'send { isEnabled: true } to /v2/workspace/advancedwebhookconfig/update',
      );
    }
    expect(dataOf(await read(workspace))).toEqual(defaults);
  });

  it('merges later partial updates, disabling included', async () => {
    const workspace = await createTestWorkspace();
    await update(workspace, { isEnabled: true, encodeData: true });
    const config = dataOf(await update(workspace, { enableDataProtection: true }));
    expect(config).toEqual({ ...defaults, isEnabled: true, encodeData: true, enableDataProtection: true });
    expect(dataOf(await update(workspace, { isEnabled: false }))).toEqual({ ...config, isEnabled: false });
  });

  it('sets the message retention in days (1–90), kept by later updates that leave it out', async () => {
    const workspace = await createTestWorkspace();
    expect(dataOf(await update(workspace, { isEnabled: true, messageRetentionDays: 7 }))).toMatchObject({
      messageRetentionDays: 7,
    });
    expect(dataOf(await update(workspace, { encodeData: true }))).toMatchObject({ messageRetentionDays: 7 });
    expect(dataOf(await update(workspace, { messageRetentionDays: 90 }))).toMatchObject({
      messageRetentionDays: 90,
    });
    expect(dataOf(await read(workspace))).toMatchObject({ messageRetentionDays: 90, encodeData: true });
  });

  it('reads a config stored before the retention existed with the default retention', async () => {
    const workspace = await createTestWorkspace();
    const { messageRetentionDays: _unset, ...stored } = { ...defaults, isEnabled: true };
    await putConfigIfUnchanged(workspace.apiKey, 'advancedWebhook', stored, undefined, Date.now());
    expect(dataOf(await read(workspace))).toEqual({ ...defaults, isEnabled: true });
  });

  // 20 writers contend for one item: the last may need many read-merge-write rounds.
  it('keeps all of 20 parallel partial updates', async () => {
    const workspace = await createTestWorkspace();
    await update(workspace, { isEnabled: true, publicKey: goodKey });
    const changes = [
      { encryptData: true },
      { encodeData: true },
      { enableDataProtection: true },
      { publicKey: otherGoodKey },
    ];
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, index) => update(workspace, changes[index % changes.length])),
    );
    for (const response of responses) expect(response.statusCode).toBe(200);
    expect(dataOf(await read(workspace))).toEqual({
      ...defaults,
      isEnabled: true,
      encryptData: true,
      encodeData: true,
      enableDataProtection: true,
      publicKey: otherGoodKey,
    });
  }, 30_000);

  it.each([
    ['no key', { encryptData: true }],
    ['a word as key', { encryptData: true, publicKey: 'pk' }],
    ['a 1024-bit key', { encryptData: true, publicKey: rsaKey(1024) }],
    [
      'an EC key',
      {
        encryptData: true,
        publicKey: generateKeyPairSync('ec', { namedCurve: 'P-256' })
          .publicKey.export({ type: 'spki', format: 'pem' })
          .toString(),
      },
    ],
  ])(
    'refuses encryptData with %s: INVALID_ARGUMENT naming publicKey, nothing stored',
    async (_label, data) => {
      const workspace = await createTestWorkspace();
      await update(workspace, { isEnabled: true });
      const response = await update(workspace, data);
      expect(response.statusCode).toBe(400);
      expect(response.json.error).toMatchObject({ status: 'INVALID_ARGUMENT', message: keyProblem });
      expect(response.json.error?.details.issues).toEqual([
        { path: 'publicKey', message: expect.any(String) },
      ]);
      expect(dataOf(await read(workspace))).toEqual({ ...defaults, isEnabled: true });
    },
  );

  it('accepts a 2048-bit key as PEM or bare base64 SPKI with encryptData', async () => {
    const workspace = await createTestWorkspace();
    await update(workspace, { isEnabled: true });
    for (const publicKey of [goodKey, otherGoodKey]) {
      const response = await update(workspace, { encryptData: true, publicKey });
      expect(dataOf(response)).toMatchObject({ encryptData: true, publicKey });
    }
  });

  it('refuses turning encryptData on over an unusable stored key', async () => {
    const workspace = await createTestWorkspace();
    await update(workspace, { isEnabled: true, publicKey: 'pk' });
    const response = await update(workspace, { encryptData: true });
    expect(response.json.error).toMatchObject({ status: 'INVALID_ARGUMENT', message: keyProblem });
    expect(dataOf(await read(workspace))).toMatchObject({ encryptData: false, publicKey: 'pk' });
  });

  it('refuses an unusable key while encryptData is already on, keeping the stored key', async () => {
    const workspace = await createTestWorkspace();
    await update(workspace, { isEnabled: true, encryptData: true, publicKey: goodKey });
    const response = await update(workspace, { publicKey: rsaKey(1024) });
    expect(response.json.error).toMatchObject({ status: 'INVALID_ARGUMENT', message: keyProblem });
    expect(dataOf(await read(workspace))).toMatchObject({ encryptData: true, publicKey: goodKey });
    expect(dataOf(await update(workspace, { encryptData: false, publicKey: '' }))).toMatchObject({
      encryptData: false,
      publicKey: '',
    });
  });

  it('lets a config stored before the key rule be switched off and edited', async () => {
    const workspace = await createTestWorkspace();
    const legacy = { ...defaults, isEnabled: true, encryptData: true, publicKey: 'legacy' };
    await putConfigIfUnchanged(workspace.apiKey, 'advancedWebhook', legacy, undefined, Date.now());
    expect(dataOf(await update(workspace, { enableDataProtection: true }))).toMatchObject({
      publicKey: 'legacy',
    });
    expect(dataOf(await update(workspace, { isEnabled: false }))).toMatchObject({ isEnabled: false });
  });

  it.each([
    [
      'no field',
      {},
      'data: send at least one of isEnabled, encryptData, encodeData, publicKey, enableDataProtection, messageRetentionDays',
    ],
    [
      'a retention under a day',
      { messageRetentionDays: 0 },
      expect.stringMatching(/^messageRetentionDays: /),
    ],
    [
      'a retention over 90 days',
      { messageRetentionDays: 91 },
      expect.stringMatching(/^messageRetentionDays: /),
    ],
    [
      'a fractional retention',
      { messageRetentionDays: 1.5 },
      expect.stringMatching(/^messageRetentionDays: /),
    ],
    ['a non-boolean flag', { isEnabled: 1 }, 'isEnabled: Invalid input: expected boolean, received number'],
    ['an unknown field', { isEnabled: true, secret: 'x' }, 'secret: unknown field secret'],
  ])('refuses %s with INVALID_ARGUMENT naming the field', async (_label, data, message) => {
    const workspace = await createTestWorkspace();
    const response = await update(workspace, data);
    expect(response.statusCode).toBe(400);
    expect(response.json.error).toMatchObject({ status: 'INVALID_ARGUMENT', message });
  });
});
