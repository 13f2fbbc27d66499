import { parseArgs } from 'node:util';
import { JavaMissingError } from './dynamodb';
import { startLocalStack } from './stack';
import { localStackFilePath, removeLocalStackFile, writeLocalStackFile } from './stack-file';

/**
 * `npm start [-- --persist]`: the whole service on PORT (default 3000). In memory by default;
 * `--persist` keeps data under `.data/`. Ctrl-C stops everything.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({ options: { persist: { type: 'boolean', default: false } } });
  const port = Number(process.env.PORT ?? 3000);
  let stack: Awaited<ReturnType<typeof startLocalStack>>;
  try {
    stack = await startLocalStack({
      port,
      persistDir: values.persist ? '.data' : undefined,
      exposeDbMetrics: process.env.EXPOSE_DB_METRICS === 'true',
    });
  } catch (error) {
    if (error instanceof JavaMissingError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const { url } = stack;
  writeLocalStackFile({ pid: process.pid, url, environment: stack.environment });
  console.log(`
Collaboration backend running at ${url}  (data: ${values.persist ? 'persisted in .data/' : 'in memory'})
  DynamoDB Local: ${stack.dynamo.endpoint}   SQS emulator: ${stack.sqs.endpoint}   health: ${url}/health

Create a workspace:
  curl -s -X POST ${url}/v2/workspace/create -H 'content-type: application/json' \\
    -d '{"data":{"ownerEmail":"you@example.com"}}'

Then see README.md ("First calls") for the auth token and a first API-key call.
Operator commands (\`npm run admin -- --help\`) find this stack through ${localStackFilePath()}.
Ctrl-C stops everything.
`);
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    removeLocalStackFile();
    await stack.stop();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
