import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { withoutSdkLogging } from '../core/sdk-client';

let client: LambdaClient | undefined;

/**
 * Invokes a function asynchronously (`InvocationType: 'Event'`): Lambda answers once the event is
 * queued, so `$connect` returns at once and API Gateway opens the connection. Loaded only by
 * `$connect`, the one function that asks for greetings.
 */
export async function invokeAsync(functionName: string, payload: unknown): Promise<void> {
  client ??= withoutSdkLogging(new LambdaClient({}));
  await client.send(
    new InvokeCommand({
      FunctionName: functionName,
      InvocationType: 'Event',
      Payload: Buffer.from(JSON.stringify(payload)),
    }),
  );
}
