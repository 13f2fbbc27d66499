import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What a Secrets Manager call is answered with: an HTTP status and a JSON body. */
export interface SecretsManagerAnswer {
  status: number;
  body: unknown;
}

/**
 * A Secrets Manager on the wire (the AWS JSON 1.1 protocol the SDK speaks) whose answers `answer`
 * gives from the operation (`secretsmanager.GetSecretValue`, ...) and the request body, so code under
 * test runs its real client against it. Resolves to its endpoint and a `close`.
 */
export async function startSecretsManager(
  answer: (target: string | undefined, input: Record<string, unknown>) => SecretsManagerAnswer,
) {
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const { status, body: answerBody } = answer(
        request.headers['x-amz-target'] as string,
        JSON.parse(body),
      );
      response.writeHead(status, { 'content-type': 'application/x-amz-json-1.1' });
      response.end(JSON.stringify(answerBody));
    });
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
