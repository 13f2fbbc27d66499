import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { apiKeyClient, createWorkspace } from './scenarios/types';

/**
 * The scale check (`npm run bench:scale`, docs/scale.md): drives the local stack in the load shapes
 * the scale model takes to internet scale — many tenants, one organization adding documents, one
 * document with many writers, one rate-limited endpoint — for `BENCH_SCALE_SECONDS` each (default
 * 10), counts every write the service makes per item (pk + sk, ids masked to their pattern), and
 * reports each shape's hottest items and partitions: writes per request, and the write rate the
 * modelled load would give them against DynamoDB's 1,000 writes per second per item and partition.
 * Writes bench/scale.json.
 */

const root = resolve(import.meta.dirname, '../..');
const seconds = Number(process.env.BENCH_SCALE_SECONDS || 10);
const concurrency = 8;

/**
 * Write commands and where their item keys are (the client's middleware sees the low-level
 * command, its attributes in DynamoDB's wire form: `{ pk: { S: '…' } }`).
 */
type Input = Record<string, unknown>;
type Operation = Record<string, { Item?: Input; Key?: Input } | undefined>;
const writtenKeys = (command: string, input: Input): (Input | undefined)[] => {
  if (command === 'PutItemCommand') return [input.Item as Input];
  if (command === 'UpdateItemCommand' || command === 'DeleteItemCommand') return [input.Key as Input];
  if (command === 'TransactWriteItemsCommand')
    return (input.TransactItems as Operation[]).map(
      (item) => item.Put?.Item ?? item.Update?.Key ?? item.Delete?.Key ?? item.ConditionCheck?.Key,
    );
  if (command === 'BatchWriteItemCommand')
    return Object.values(input.RequestItems as Record<string, Operation[]>)
      .flat()
      .map((request) => request.PutRequest?.Item ?? request.DeleteRequest?.Key);
  return [];
};

const text = (attribute: unknown) => String((attribute as { S?: string } | undefined)?.S ?? attribute);

/** An item's key with API keys, ids and times masked, so items of one pattern can be named. */
const itemName = (key: Input) =>
  `${text(key.pk)} | ${text(key.sk)}`
    .replace(/ak_[\w-]+/g, '<ak>')
    .replace(/\d{6,}/g, '<n>')
    .replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, '<uuid>');

interface Shape {
  name: string;
  /** What the model takes it to (docs/scale.md), in requests or deliveries per second. */
  modelledPerSecond: number;
  prepare(): Promise<(index: number) => Promise<unknown>>;
}

async function main() {
  Object.assign(process.env, {
    POWERTOOLS_LOG_LEVEL: 'ERROR',
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  });
  const { startLocalStack } = await import('../local/stack');
  const { db } = await import('../../shared/db/client');
  // The document client shares the low-level client's middleware stack.
  const { createEvent, publish } = await import('../../shared/webhooks/outbox');
  const stack = await startLocalStack({ port: 0 });
  const writes = new Map<string, { item: string; partition: string; count: number }>();
  let counting = false;
  db().middlewareStack.add(
    (next, context) => async (args) => {
      if (counting)
        for (const key of writtenKeys(context.commandName ?? '', args.input as Input)) {
          if (!key) continue;
          const id = `${text(key.pk)}\u0000${text(key.sk)}`;
          const entry = writes.get(id) ?? {
            item: itemName(key),
            partition: itemName({ pk: key.pk, sk: '' }),
            count: 0,
          };
          entry.count += 1;
          writes.set(id, entry);
        }
      return next(args);
    },
    { step: 'initialize', name: 'hotItemCounter' },
  );
  const context = { url: stack.url, runId: Date.now().toString(36), requestsPerScenario: 0 };
  const comment = (annotationId: string, userId: string) => ({
    annotationId,
    commentData: [{ commentId: 'c1', from: { userId, name: userId }, commentText: 'A remark.' }],
  });

  const shapes: Shape[] = [
    {
      name: 'many tenants: comment threads across 20 API keys',
      modelledPerSecond: 10_000,
      prepare: async () => {
        const apis = await Promise.all(
          Array.from({ length: 20 }, async (_, index) =>
            apiKeyClient(stack.url, (await createWorkspace(context, `tenant-${index}`)).apiKey),
          ),
        );
        return (index) =>
          apis[index % apis.length]!.call('commentannotations.add', {
            organizationId: 'org',
            documentId: `doc-${index % 50}`,
            createOrganization: true,
            createDocument: true,
            commentAnnotations: [comment(`t-${index}`, 'user-1')],
          });
      },
    },
    {
      name: 'one organization adding documents (towards 1,000,000)',
      modelledPerSecond: 1_000,
      prepare: async () => {
        const api = apiKeyClient(stack.url, (await createWorkspace(context, 'big-org')).apiKey);
        await api.call('organizations.folders.add', {
          organizationId: 'big',
          createOrganization: true,
          folders: [{ folderId: 'f' }],
        });
        return (index) =>
          api.call('organizations.documents.add', {
            organizationId: 'big',
            folderId: 'f',
            documents: Array.from({ length: 10 }, (_, part) => ({ documentId: `d-${index}-${part}` })),
          });
      },
    },
    {
      name: 'one document, many writers: comments from 1,000 users',
      modelledPerSecond: 1_000,
      prepare: async () => {
        const api = apiKeyClient(stack.url, (await createWorkspace(context, 'busy-doc')).apiKey);
        return (index) =>
          api.call('commentannotations.add', {
            organizationId: 'org',
            documentId: 'busy',
            createOrganization: true,
            createDocument: true,
            commentAnnotations: [comment(`b-${index}`, `user-${index % 1000}`)],
          });
      },
    },
    {
      name: 'one endpoint at rateLimit 1,000: events published to it',
      modelledPerSecond: 1_000,
      prepare: async () => {
        const { apiKey } = await createWorkspace(context, 'rate-limited');
        const api = apiKeyClient(stack.url, apiKey);
        await api.call('workspace.advancedwebhookconfig.update', { isEnabled: true });
        await api.call('workspace.advancedwebhook.endpoints.create', {
          url: 'http://127.0.0.1:9/unreachable',
          rateLimit: 1000,
        });
        return (index) =>
          publish(
            apiKey.key,
            createEvent({ event: 'comment.add', actionType: 'add', source: 'comment', data: { index } }),
          );
      },
    },
  ];

  const results = [];
  try {
    for (const shape of shapes) {
      const run = await shape.prepare();
      writes.clear();
      counting = true;
      let requests = 0;
      const deadline = Date.now() + seconds * 1000;
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (Date.now() < deadline) await run(requests++);
        }),
      );
      // The pipeline's writes (fan-out, delivery attempts) trail the requests.
      await sleep(3000);
      counting = false;
      const hottest = [...writes.values()].sort((a, b) => b.count - a.count).slice(0, 3);
      const byPartition = new Map<string, number>();
      for (const { partition, count } of writes.values())
        byPartition.set(partition, (byPartition.get(partition) ?? 0) + count);
      const hottestPartitions = [...byPartition].sort((a, b) => b[1] - a[1]).slice(0, 3);
      const figures = {
        shape: shape.name,
        requests,
        requestsPerSecond: requests / seconds,
        modelledPerSecond: shape.modelledPerSecond,
        hottest: hottest.map(({ item, count }) => ({
          item,
          writes: count,
          writesPerRequest: count / requests,
          modelledWritesPerSecond: (count / requests) * shape.modelledPerSecond,
        })),
        hottestPartitions: hottestPartitions.map(([partition, count]) => ({
          partition,
          writes: count,
          writesPerRequest: count / requests,
          modelledWritesPerSecond: (count / requests) * shape.modelledPerSecond,
        })),
      };
      results.push(figures);
      console.log(`\n${shape.name}: ${requests} requests in ${seconds} s`);
      for (const entry of [
        ...figures.hottest.map((item) => ({ ...item, name: `item ${item.item}` })),
        ...figures.hottestPartitions.map((part) => ({ ...part, name: `partition ${part.partition}` })),
      ])
        console.log(
          `  ${entry.writesPerRequest.toFixed(3)} writes/request → ${Math.round(entry.modelledWritesPerSecond)}/s at ${shape.modelledPerSecond}/s  ${entry.name}`,
        );
    }
    writeFileSync(
      resolve(root, 'bench/scale.json'),
      `${JSON.stringify({ timestamp: new Date().toISOString(), loadAverage: loadavg(), seconds, results }, null, 2)}\n`,
    );
    console.log('\nWrote bench/scale.json');
  } finally {
    await stack.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
