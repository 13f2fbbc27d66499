import { parseEnvironment } from '../../../shared/config/env';

const required = { TABLE_NAME: 'env-test', DATA_KEY: 'k'.repeat(32) };

describe('parseEnvironment', () => {
  it('gives an unset variable its default, parsed like a value set', () => {
    const parsed = parseEnvironment(required);
    expect(parsed.success).toBe(true);
    expect(parsed.data).toMatchObject({
      AWS_REGION: 'us-east-1',
      ALLOW_PUBLIC_WORKSPACE_CREATION: true,
      ALLOW_LOOPBACK_TARGETS: false,
      PERMISSION_PROVIDER_TIMEOUT_MS: 5000,
      REALTIME_MAX_ROOM_AWARENESS_BYTES: 64 * 1024,
      MAX_DOCUMENT_BYTES: 8 * 1024 * 1024,
      WEBHOOK_RETRY_SCHEDULE: [5, 300, 1800, 7200, 18000, 36000, 36000],
      EMBEDDER: 'hashed',
      PORTAL_FRAME_ANCESTORS: "'none'",
      STAGE: 'local',
    });
    expect(parsed.data?.MIGRATION_BATCH_RECORDS).toBeUndefined();
  });

  it('takes a value set over the default, and a variable set to undefined as unset', () => {
    const parsed = parseEnvironment({
      ...required,
      API_KEY_REQUEST_RATE: '0',
      WEBHOOK_RETRY_SCHEDULE: '1,2.5',
      EXPOSE_DB_METRICS: '1',
      STAGE: undefined,
    });
    expect(parsed.data).toMatchObject({
      API_KEY_REQUEST_RATE: 0,
      WEBHOOK_RETRY_SCHEDULE: [1, 2.5],
      EXPOSE_DB_METRICS: true,
      STAGE: 'local',
    });
  });

  it('names each variable that is invalid, set or missing', () => {
    const parsed = parseEnvironment({ DATA_KEY: 'k'.repeat(32), MAX_AUTO_VERSIONS: '0', STAGE: '' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.path.join('.')).sort()).toEqual([
      'MAX_AUTO_VERSIONS',
      'STAGE',
      'TABLE_NAME',
    ]);
  });

  it('takes exactly one of DATA_KEY and DATA_KEY_SECRET_ID', () => {
    expect(parseEnvironment({ TABLE_NAME: 'env-test' }).error?.issues[0]?.path).toEqual(['DATA_KEY']);
    expect(parseEnvironment({ ...required, DATA_KEY_SECRET_ID: 'keyring' }).success).toBe(false);
  });
});
