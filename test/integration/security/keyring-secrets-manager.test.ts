import { randomBytes } from 'node:crypto';
import { handler as createWorkspace } from '../../../functions/workspace/create';
import { logger } from '../../../shared/core/logger';
import { metricNames } from '../../../shared/observability/metric-names';
import {
  currentKeyId,
  keyringMaxAgeMs,
  keyringRefreshMs,
  loadKeyring,
} from '../../../shared/security/keyring';
import { call } from '../../support/lambda';
import { startSecretsManager } from '../../support/secrets-manager';
import { uniqueEmail } from '../../support/workspaces';

const material = () => randomBytes(32).toString('base64url');

describe('loadKeyring from Secrets Manager', () => {
  let secretsManager: Awaited<ReturnType<typeof startSecretsManager>>;
  const requests: { target: string | undefined; secretId: string }[] = [];
  let answer: { status: number; body: unknown };

  beforeAll(async () => {
    secretsManager = await startSecretsManager((target, input) => {
      requests.push({ target, secretId: input.SecretId as string });
      return answer;
    });
    // The configuration the stack gives a function: the secret's id, never its value.
    delete process.env.DATA_KEY;
    Object.assign(process.env, {
      DATA_KEY_SECRET_ID: 'arn:aws:secretsmanager:us-east-1:123456789012:secret:DataKey',
      SECRETS_MANAGER_ENDPOINT: secretsManager.endpoint,
      AWS_ACCESS_KEY_ID: 'test',
      AWS_SECRET_ACCESS_KEY: 'test',
    });
  });

  afterAll(() => secretsManager.close());

  const create = () => call(createWorkspace, { data: { ownerEmail: uniqueEmail() } });

  it('fails the first load when the secret cannot be read: a route then answers INTERNAL', async () => {
    answer = { status: 400, body: { __type: 'ResourceNotFoundException', message: 'gone' } };
    await expect(loadKeyring()).rejects.toThrow('gone');
    expect(() => currentKeyId()).toThrow('The data keyring is not loaded');
    const response = await create();
    expect(response.statusCode).toBe(500);
    expect(response.json.error?.status).toBe('INTERNAL');
    expect(requests).toHaveLength(2);
    requests.length = 0;
  });

  it('fetches the secret once per refresh period, shared by concurrent callers, and keeps the last keyring when a refresh fails', async () => {
    const [a, b] = [material(), material()];
    answer = { status: 200, body: { SecretString: JSON.stringify({ current: 'a', keys: { a } }) } };
    await Promise.all([loadKeyring(), loadKeyring(), loadKeyring()]);
    expect(requests).toEqual([
      { target: 'secretsmanager.GetSecretValue', secretId: process.env.DATA_KEY_SECRET_ID },
    ]);
    expect(currentKeyId()).toBe('a');
    // A route seals its workspace's tokens with the loaded keyring, without another fetch.
    expect((await create()).statusCode).toBe(200);

    await loadKeyring(Date.now() + keyringRefreshMs / 2);
    expect(requests).toHaveLength(1);

    answer = { status: 400, body: { __type: 'ResourceNotFoundException', message: 'gone' } };
    await loadKeyring(Date.now() + keyringRefreshMs + 1);
    expect(requests).toHaveLength(2);
    expect(currentKeyId()).toBe('a');

    answer = { status: 200, body: { SecretString: JSON.stringify({ current: 'b', keys: { a, b } }) } };
    await loadKeyring(Date.now() + keyringRefreshMs + 1);
    expect(requests).toHaveLength(3);
    expect(currentKeyId()).toBe('b');
  });

  it('serves a keyring whose refreshes fail only until it is keyringMaxAgeMs old, then answers UNAVAILABLE until a fetch succeeds', async () => {
    const a = material();
    answer = { status: 200, body: { SecretString: JSON.stringify({ current: 'a', keys: { a } }) } };
    await loadKeyring(Date.now() + keyringRefreshMs + 1);
    const loadedAt = Date.now();
    expect(currentKeyId()).toBe('a');

    answer = { status: 500, body: { __type: 'InternalServiceError', message: 'down' } };
    process.env.AWS_LAMBDA_FUNCTION_NAME = 'collab-backend-test-fn';
    const written: string[] = [];
    const spy = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    });
    const clock = jest.spyOn(Date, 'now');
    const logged = jest.spyOn(logger, 'error');
    try {
      // Stale but within the bound: served, logged and counted.
      await loadKeyring(loadedAt + keyringMaxAgeMs - 1000);
      expect(currentKeyId()).toBe('a');
      // Past it, a route fails closed with an opaque 503 (the secret's error never shows).
      clock.mockReturnValue(loadedAt + keyringMaxAgeMs + 1000);
      const refused = await create();
      expect(refused.statusCode).toBe(503);
      expect(refused.json.error).toEqual({
        status: 'UNAVAILABLE',
        message: 'The service is temporarily unavailable; retry later.',
      });
      await expect(loadKeyring()).rejects.toMatchObject({ status: 'UNAVAILABLE' });
    } finally {
      clock.mockRestore();
      spy.mockRestore();
      delete process.env.AWS_LAMBDA_FUNCTION_NAME;
    }
    const lines = written.flatMap((chunk) => chunk.split('\n')).filter((line) => line.startsWith('{'));
    const records = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const outcomes = records
      .filter((record) => record[metricNames.keyringRefreshFailures] !== undefined)
      .map((record) => record.outcome);
    expect(outcomes).toEqual(['stale', 'refused', 'refused']);
    expect(logged.mock.calls.map(([message]) => message)).toEqual([
      'data keyring refresh failed',
      'data keyring too old to serve: refusing',
      'data keyring too old to serve: refusing',
    ]);
    logged.mockRestore();

    // The next successful fetch serves again.
    answer = { status: 200, body: { SecretString: JSON.stringify({ current: 'a', keys: { a } }) } };
    await loadKeyring(Date.now() + keyringMaxAgeMs + 1000);
    expect((await create()).statusCode).toBe(200);
  });
});
