import {
  GetQueueAttributesCommand,
  ListQueuesCommand,
  ReceiveMessageCommand,
  SendMessageCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import { type LocalStack, startLocalStack } from '../../scripts/local/stack';
import { corsPolicy } from '../../shared/http/cors';
import { deadLetterQueueName, queueDefinitions } from '../../shared/queues/queues';
import { waitFor } from '../support/poll';

/**
 * Black-box: the whole local stack (DynamoDB Local, SQS emulator, dev server) driven over HTTP,
 * the way a newcomer follows the README.
 */
let stack: LocalStack;

beforeAll(async () => {
  stack = await startLocalStack({ port: 0, exposeDbMetrics: true });
}, 60_000);

afterAll(async () => {
  await stack?.stop();
});

async function post(path: string, data: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${stack.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ data }),
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as any };
}

describe('local stack', () => {
  it('answers GET /health with 200 when DynamoDB and SQS are up', async () => {
    const response = await fetch(`${stack.url}/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', checks: { dynamodb: 'up', sqs: 'up' } });
  });

  it('creates every queue the project declares in the SQS emulator, each redriving to its dead-letter queue', async () => {
    const sqs = new SQSClient({ endpoint: stack.sqs.endpoint, region: 'us-east-1' });
    const { QueueUrls = [] } = await sqs.send(new ListQueuesCommand({}));
    const urlByName = new Map(QueueUrls.map((url) => [url.split('/').pop()!, url]));
    const declared = queueDefinitions.flatMap(({ name }) => [name, deadLetterQueueName(name)]);
    expect([...urlByName.keys()].sort()).toEqual([...declared].sort());
    for (const { name, maxReceiveCount } of queueDefinitions) {
      const { Attributes = {} } = await sqs.send(
        new GetQueueAttributesCommand({ QueueUrl: urlByName.get(name), AttributeNames: ['RedrivePolicy'] }),
      );
      expect(JSON.parse(Attributes.RedrivePolicy ?? '{}')).toEqual({
        deadLetterTargetArn: expect.stringMatching(new RegExp(`:${deadLetterQueueName(name)}$`)),
        maxReceiveCount,
      });
    }
  });

  it('walks the workspace flow: create → authtokens/get → API-key call → reset → old token refused', async () => {
    const created = await post('/v2/workspace/create', { ownerEmail: `e2e-${Date.now()}@example.com` });
    expect(created.status).toBe(200);
    const { id: workspaceId, authToken: workspaceToken, apiKeyList } = created.body.result.data;
    const apiKey = Object.keys(apiKeyList)[0]!;
    const workspaceHeaders = {
      'x-svc-workspace-id': workspaceId,
      'x-svc-workspace-auth-token': workspaceToken,
    };

    const tokens = await post('/v2/workspace/authtokens/get', { apiKey }, workspaceHeaders);
    expect(tokens.status).toBe(200);
    const authToken: string = tokens.body.result.data.authTokens[0].token;

    const keyCall = (token: string) =>
      post('/v2/workspace/domains/get', {}, { 'x-svc-api-key': apiKey, 'x-svc-auth-token': token });
    const first = await keyCall(authToken);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      result: { status: 'success', message: expect.any(String), data: { domains: [] } },
    });
    expect(first.headers.get('x-db-calls')).toBe('1');

    const reset = await post('/v2/workspace/authtoken/reset', { apiKey }, workspaceHeaders);
    expect(reset.status).toBe(200);
    const newToken: string = reset.body.result.data.newAuthToken.token;

    const refused = await keyCall(authToken);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toEqual({
      status: 'PERMISSION_DENIED',
      message: 'Invalid API key or auth token.',
    });
    expect((await keyCall(newToken)).status).toBe(200);
  });

  it.each([
    ['a body that is not JSON', 'POST', '/v2/workspace/create', 'nope', 400, 'INVALID_ARGUMENT'],
    [
      'an oversized body',
      'POST',
      '/v2/workspace/create',
      `{"data":"${'x'.repeat(1_100_000)}"}`,
      400,
      'INVALID_ARGUMENT',
    ],
    ['another method', 'PUT', '/v2/workspace/create', '{"data":{}}', 405, 'INVALID_ARGUMENT'],
    ['an unknown path', 'POST', '/v2/unknown', '{"data":{}}', 404, 'NOT_FOUND'],
  ])(
    'answers %s with the failure envelope over HTTP',
    async (_case, method, path, body, httpStatus, status) => {
      const response = await fetch(`${stack.url}${path}`, {
        method,
        body,
        headers: { 'content-type': 'application/json' },
      });
      expect(response.status).toBe(httpStatus);
      expect(response.headers.get('x-request-id')).toMatch(/.+/);
      const json = (await response.json()) as { error: { status: string } };
      expect(json.error.status).toBe(status);
    },
  );

  describe('CORS, as the HTTP API answers it (shared/http/cors.ts)', () => {
    const origin = 'http://app.example.test';

    it('answers a preflight with 204 and the allowed methods, headers and max age', async () => {
      const response = await fetch(`${stack.url}/v2/workspace/domains/get`, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type,x-svc-api-key,x-svc-auth-token',
        },
      });
      expect(response.status).toBe(204);
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(response.headers.get('access-control-allow-methods')).toBe('POST');
      expect(response.headers.get('access-control-allow-headers')?.split(',')).toEqual(
        expect.arrayContaining(['content-type', 'x-svc-api-key', 'x-svc-auth-token']),
      );
      expect(response.headers.get('access-control-max-age')).toBe(String(corsPolicy.maxAgeSeconds));
      expect(await response.text()).toBe('');
    });

    it('adds allow-origin and exposes x-request-id on an answer to a request with an Origin', async () => {
      const response = await fetch(`${stack.url}/v2/workspace/create`, {
        method: 'POST',
        headers: { origin, 'content-type': 'application/json' },
        body: JSON.stringify({ data: { ownerEmail: `cors-${Date.now()}@example.com` } }),
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(response.headers.get('access-control-expose-headers')).toBe('x-request-id');
      // Failures carry them too, or a browser app could not read the error envelope.
      const failed = await fetch(`${stack.url}/v2/unknown`, { method: 'POST', headers: { origin } });
      expect(failed.status).toBe(404);
      expect(failed.headers.get('access-control-allow-origin')).toBe('*');
    });

    it('adds no CORS headers without an Origin, and routes an OPTIONS that is no preflight', async () => {
      const plain = await post('/v2/workspace/domains/get', {});
      expect(plain.headers.get('access-control-allow-origin')).toBeNull();
      const options = await fetch(`${stack.url}/v2/workspace/create`, { method: 'OPTIONS' });
      expect(options.status).toBe(405);
    });
  });

  // Last: the bench stops the consumers once its fixtures are made, so a route's sends are not
  // consumed in the process that serves its measured requests.
  it('stops its workers on request and keeps serving: a message sent then waits for its reader', async () => {
    await stack.stopWorkers();
    expect((await fetch(`${stack.url}/health`)).status).toBe(200);
    const sqs = new SQSClient({ endpoint: stack.sqs.endpoint, region: 'us-east-1' });
    const queueUrl = stack.sqs.queueUrls[queueDefinitions[0]!.name];
    await sqs.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: '{}' }));
    // A running worker's long poll would take it first.
    const { Messages = [] } = await sqs.send(
      new ReceiveMessageCommand({ QueueUrl: queueUrl, WaitTimeSeconds: 1, MaxNumberOfMessages: 10 }),
    );
    expect(Messages.map((message) => message.Body)).toEqual(['{}']);
    sqs.destroy();
  });

  // The bench runs them again between two routes, so the work one route started ends before the next.
  it('starts its workers again on request: a message sent then is taken by a worker', async () => {
    stack.startWorkers();
    const sqs = new SQSClient({ endpoint: stack.sqs.endpoint, region: 'us-east-1' });
    const queueUrl = stack.sqs.queueUrls[queueDefinitions[1]!.name];
    await sqs.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: '{}' }));
    const waiting = async () => {
      const { Attributes = {} } = await sqs.send(
        new GetQueueAttributesCommand({
          QueueUrl: queueUrl,
          AttributeNames: ['ApproximateNumberOfMessages'],
        }),
      );
      return Number(Attributes.ApproximateNumberOfMessages);
    };
    await waitFor(async () => (await waiting()) === 0, 30_000, 'a worker to take the message');
    await stack.stopWorkers();
    sqs.destroy();
  });
});
