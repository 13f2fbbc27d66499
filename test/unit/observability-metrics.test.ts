import { handler as getWorkspace } from '../../functions/workspace/get';
import { metricNames } from '../../shared/observability/metric-names';
import { recordMetric } from '../../shared/observability/metrics';
import { call } from '../support/lambda';

/** The embedded-metric-format lines written to stdout while `run` runs. */
async function metricLines(run: () => unknown): Promise<Record<string, unknown>[]> {
  const written: string[] = [];
  const spy = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    written.push(String(chunk));
    return true;
  });
  try {
    await run();
  } finally {
    spy.mockRestore();
  }
  return written
    .flatMap((chunk) => chunk.split('\n'))
    .filter((line) => line.includes('"_aws"'))
    .map((line) => JSON.parse(line));
}

describe('recordMetric', () => {
  afterEach(() => {
    delete process.env.AWS_LAMBDA_FUNCTION_NAME;
  });

  it('writes one EMF line with service, stage and the given dimensions inside Lambda', async () => {
    process.env.AWS_LAMBDA_FUNCTION_NAME = 'collab-backend-test-fn';
    const [line, ...rest] = await metricLines(() =>
      recordMetric(metricNames.attemptLatency, 42, 'Milliseconds', { outcome: 'succeeded' }),
    );
    expect(rest).toEqual([]);
    expect(line).toMatchObject({
      _aws: {
        CloudWatchMetrics: [
          {
            Namespace: 'CollabBackend',
            Dimensions: [['service', 'stage', 'outcome']],
            Metrics: [{ Name: 'DeliveryAttemptLatency', Unit: 'Milliseconds' }],
          },
        ],
      },
      service: 'collab-backend',
      outcome: 'succeeded',
      DeliveryAttemptLatency: 42,
    });
  });

  it('writes nothing outside Lambda (local stack, tests)', async () => {
    expect(await metricLines(() => recordMetric(metricNames.reconcilerFinds, 3))).toEqual([]);
  });

  it("counts a route's error response by route and status", async () => {
    process.env.AWS_LAMBDA_FUNCTION_NAME = 'collab-backend-test-fn';
    let statusCode = 0;
    const lines = await metricLines(async () => {
      ({ statusCode } = await call(getWorkspace, { headers: {}, data: {} }));
    });
    expect(statusCode).toBe(403);
    expect(lines).toEqual([
      expect.objectContaining({ route: 'workspace.get', status: '403', [metricNames.routeErrors]: 1 }),
    ]);
  });
});
