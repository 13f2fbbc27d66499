import { constants, createDecipheriv, generateKeyPairSync, privateDecrypt } from 'node:crypto';
import { updateWebhookConfig } from '../../../../shared/settings/webhook-config-service';
import { createEndpoint } from '../../../../shared/webhooks/endpoint-service';
import { findMessage } from '../../../../shared/webhooks/message-repository';
import { publish } from '../../../../shared/webhooks/outbox';
import { succeed } from '../../../support/api';
import { deliverySuite } from '../../../support/delivery';
import { waitFor } from '../../../support/poll';
import {
  commentEvent,
  createWebhookWorkspace,
  messageRefOf,
  waitForMessage,
} from '../../../support/webhooks';
import { createTestWorkspace } from '../../../support/workspaces';

jest.setTimeout(90_000);

// Retries a second apart (less jitter): the first test checks their spacing.
const suite = deliverySuite({ env: { WEBHOOK_RETRY_SCHEDULE: '1,1,1' } });

const { receivedAt } = suite;
const newEvent = (data: Record<string, unknown> = {}) =>
  commentEvent({ data, organizationId: 'o', documentId: 'd' });

describe('webhook retries', () => {
  it('delivers on attempt N+1 after N failures, with the same webhook-id, and records every attempt', async () => {
    const workspace = await createWebhookWorkspace();
    const endpoint = await createEndpoint(workspace.apiKey, { url: `${suite.receiver.url}flaky` });
    let failures = 0;
    suite.receiver.respond((request, response) => {
      if (request.url === '/flaky' && failures < 2) {
        failures += 1;
        response.writeHead(500).end('down for maintenance');
      } else response.writeHead(204).end();
    });
    const event = newEvent();
    await publish(workspace.apiKey, event);
    await waitFor(() => receivedAt('flaky').length === 3);
    expect(new Set(receivedAt('flaky').map((request) => request.headers['webhook-id']))).toEqual(
      new Set([event.id]),
    );
    const ref = messageRefOf(workspace.apiKey, endpoint.id, event);
    await waitForMessage(ref, 'succeeded');
    const delivery = await findMessage(ref);
    expect(
      delivery?.attempts.map((attempt) => [attempt.statusCode, attempt.outcome, attempt.response]),
    ).toEqual([
      [500, 'failure', 'down for maintenance'],
      [500, 'failure', 'down for maintenance'],
      [204, 'success', ''],
    ]);
    const gaps = receivedAt('flaky').map(
      (request, index, all) => request.at - (all[index - 1]?.at ?? request.at),
    );
    expect(gaps.slice(1).every((gap) => gap >= 700)).toBe(true);
  });

  it('dead-letters the delivery after the last scheduled attempt and keeps it', async () => {
    const workspace = await createWebhookWorkspace();
    const endpoint = await createEndpoint(workspace.apiKey, { url: `${suite.receiver.url}dead` });
    suite.receiver.respond((request, response) =>
      response.writeHead(request.url === '/dead' ? 503 : 204).end(),
    );
    const event = newEvent();
    await publish(workspace.apiKey, event);
    const ref = messageRefOf(workspace.apiKey, endpoint.id, event);
    await waitForMessage(ref, 'dead');
    expect((await findMessage(ref))?.attemptCount).toBe(4);
    expect(receivedAt('dead')).toHaveLength(4);
  });
});

describe('basic webhook delivery', () => {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });

  async function basicWorkspace(config: Record<string, unknown>) {
    const workspace = await createTestWorkspace();
    await updateWebhookConfig(workspace.apiKey, {
      useWebhookService: true,
      webhookServiceConfig: {
        authToken: 'secret-token',
        rawNotificationUrl: `${suite.receiver.url}raw-${workspace.apiKey}`,
        processedNotificationUrl: `${suite.receiver.url}processed-${workspace.apiKey}`,
        ...config,
      },
    });
    return workspace;
  }

  it('posts the raw message and the processed one with toUsers, with Basic authorization', async () => {
    suite.receiver.respond((_request, response) => response.writeHead(200).end());
    const workspace = await basicWorkspace({});
    const toUsers = [{ userId: 'u1', name: 'Ann', email: 'ann@example.com' }];
    const event = newEvent({ toUsers });
    await publish(workspace.apiKey, event);
    await waitFor(
      () =>
        receivedAt(`raw-${workspace.apiKey}`).length === 1 &&
        receivedAt(`processed-${workspace.apiKey}`).length === 1,
    );
    const raw = receivedAt(`raw-${workspace.apiKey}`)[0]!;
    const processed = receivedAt(`processed-${workspace.apiKey}`)[0]!;
    expect(raw.headers.authorization).toBe('Basic secret-token');
    expect(raw.body).toMatchObject({ id: event.id, event: 'comment.add', platform: 'api', webhookId: 'raw' });
    expect(raw.body).not.toHaveProperty('toUsers');
    expect(processed.body).toMatchObject({ id: event.id, toUsers });
    // Both preference maps beside toUsers, always: the defaults for a user who stored nothing.
    expect(processed.body.usersOrganizationNotificationsConfig).toEqual({
      u1: { inbox: 'ALL', email: 'MINE' },
    });
    expect(processed.body.usersDocumentNotificationsConfig).toEqual({ u1: { inbox: 'ALL', email: 'MINE' } });
    expect(raw.body).not.toHaveProperty('usersOrganizationNotificationsConfig');
  });

  it("carries each recipient's preferences in force in the processed payload, beside toUsers", async () => {
    suite.receiver.respond((_request, response) => response.writeHead(200).end());
    const workspace = await basicWorkspace({});
    const setPreference = (userId: string, config: Record<string, unknown>, documentId?: string) =>
      succeed(workspace, 'notifications.config.update', {
        organizationId: 'o',
        userId,
        config,
        ...(documentId !== undefined && { documentId }),
      });
    await setPreference('u1', { email: 'ALL' });
    await setPreference('u1', { inbox: 'NONE' }, 'd');
    await setPreference('u2', { email: 'NONE' }, 'd');
    const toUsers = [{ userId: 'u1' }, { userId: 'u2' }];
    const event = newEvent({ toUsers });
    await publish(workspace.apiKey, event);
    await waitFor(() => receivedAt(`processed-${workspace.apiKey}`).length === 1);
    const processed = receivedAt(`processed-${workspace.apiKey}`)[0]!;
    expect(processed.body).toMatchObject({
      toUsers,
      usersOrganizationNotificationsConfig: {
        u1: { inbox: 'ALL', email: 'ALL' },
        u2: { inbox: 'ALL', email: 'MINE' },
      },
      usersDocumentNotificationsConfig: {
        u1: { inbox: 'NONE', email: 'ALL' },
        u2: { inbox: 'ALL', email: 'NONE' },
      },
    });
  });

  it('skips events whose trigger is off', async () => {
    const workspace = await basicWorkspace({ triggers: { 'comment.add': false } });
    await publish(workspace.apiKey, newEvent());
    const sentinel = await basicWorkspace({});
    await publish(sentinel.apiKey, newEvent());
    await waitFor(() => receivedAt(`raw-${sentinel.apiKey}`).length === 1);
    expect(receivedAt(`raw-${workspace.apiKey}`)).toHaveLength(0);
  });

  it('base64-encodes with encodeData', async () => {
    const workspace = await basicWorkspace({ encodeData: true });
    const event = newEvent();
    await publish(workspace.apiKey, event);
    await waitFor(() => receivedAt(`raw-${workspace.apiKey}`).length === 1);
    const { encodedPayload } = receivedAt(`raw-${workspace.apiKey}`)[0]!.body;
    expect(JSON.parse(Buffer.from(encodedPayload, 'base64').toString('utf8'))).toMatchObject({
      id: event.id,
    });
  });

  it.each([
    ['PEM', publicKey.export({ type: 'spki', format: 'pem' }).toString()],
    ['bare base64 SPKI', publicKey.export({ type: 'spki', format: 'der' }).toString('base64')],
  ])(
    'encrypts with encryptData (%s key), winning over encodeData; the private key decrypts it',
    async (_form, key) => {
      const workspace = await basicWorkspace({ encryptData: true, encodeData: true, publicKey: key });
      const event = newEvent();
      await publish(workspace.apiKey, event);
      await waitFor(() => receivedAt(`raw-${workspace.apiKey}`).length === 1);
      const { encryptedData, encryptedKey, iv } = receivedAt(`raw-${workspace.apiKey}`)[0]!.body;
      const aesKey = privateDecrypt(
        { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
        Buffer.from(encryptedKey, 'base64'),
      );
      const decipher = createDecipheriv('aes-256-cbc', aesKey, Buffer.from(iv, 'base64'));
      const plain = Buffer.concat([decipher.update(Buffer.from(encryptedData, 'base64')), decipher.final()]);
      expect(JSON.parse(plain.toString('utf8'))).toMatchObject({ id: event.id, event: 'comment.add' });
    },
  );
});
