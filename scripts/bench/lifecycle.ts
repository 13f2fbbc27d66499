import { randomBytes, randomUUID } from 'node:crypto';
import { DeleteMessageCommand, ReceiveMessageCommand, SQSClient } from '@aws-sdk/client-sqs';

/**
 * `npx tsx scripts/bench/lifecycle.ts` (run by `npm run bench`; BENCH_LIFECYCLE=0 skips it): the
 * time and DynamoDB calls of the deletion cascade and of a user's erasure (decisions §34), against
 * DynamoDB Local and the SQS emulator in this process. Scenarios: an organization holding 10,000
 * activities, 1,000 comments and 1,000 notifications, deleted; a user present in 100 documents
 * (membership, a thread another user answered, a reaction on that answer, an inbox entry, an
 * activity each; one group), erased. Seeding goes through the services (bulk activities through the repository's batch writes).
 * The delete call and the job's worker runs are measured apart; the job is run by calling the real
 * worker handler on each message, as Lambda would. Prints a table; asserts nothing about time.
 */

const sizes = {
  activities: Number(process.env.LIFECYCLE_BENCH_ACTIVITIES ?? 10_000),
  comments: Number(process.env.LIFECYCLE_BENCH_COMMENTS ?? 1_000),
  notifications: Number(process.env.LIFECYCLE_BENCH_NOTIFICATIONS ?? 1_000),
  userDocuments: Number(process.env.LIFECYCLE_BENCH_USER_DOCUMENTS ?? 100),
};

async function main() {
  process.env.POWERTOOLS_LOG_LEVEL = 'ERROR';
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  process.env.ERASE_SETTLE_SECONDS = '0';
  const { startDynamoDbLocal, ensureTable } = await import('../local/dynamodb');
  const { startLocalSqs } = await import('../local/sqs');
  const { queueDefinitions, queueUrlEnvName } = await import('../../shared/queues/queues');
  const dynamo = await startDynamoDbLocal();
  const sqs = await startLocalSqs();
  const tableName = 'collab-lifecycle-bench';
  await ensureTable(dynamo.client, tableName);
  Object.assign(process.env, {
    TABLE_NAME: tableName,
    DYNAMODB_ENDPOINT: dynamo.endpoint,
    DATA_KEY: randomBytes(32).toString('base64'),
    SQS_ENDPOINT: sqs.endpoint,
    ...Object.fromEntries(
      queueDefinitions.map((queue) => [queueUrlEnvName(queue.name), sqs.queueUrls[queue.name]]),
    ),
  });
  const { measureDbCalls } = await import('../../shared/db/metrics');
  const { createWorkspace, getAuthTokens } = await import('../../shared/workspace/service');
  const { authenticateApiKey } = await import('../../shared/workspace/credentials');
  const { putNewActivities } = await import('../../shared/activities/repository');
  const { addNotification } = await import('../../shared/notifications/service');
  const { addAnnotations } = await import('../../shared/comments/annotations-service');
  const { documentAddition } = await import('../../shared/organizations/documents-service');
  const { connectionAccess } = await import('../../shared/api/connection-access');
  const addDocuments = documentAddition(connectionAccess);
  const { addUsers } = await import('../../shared/access/users-service');
  const { addGroups, addGroupUsers } = await import('../../shared/access/groups-service');
  const { addComments, changeReaction } = await import('../../shared/comments/comments-service');
  const { deleteOrganizations } = await import('../../shared/organizations/organizations-service');
  const { startUserErasure } = await import('../../shared/lifecycle/service');
  const { handler } = await import('../../functions/workers/document-migration');
  const { lambdaContext } = await import('../local/lambda-adapter');
  const { mapInParallel } = await import('../../shared/db/parallel');
  const { addAnnotationsInput } = await import('../../shared/comments/schemas');
  const { addNotificationInput } = await import('../../shared/notifications/schemas');
  const { addUsersInput, addGroupsInput, addGroupUsersInput } = await import('../../shared/access/schemas');
  const { addCommentsInput, reactionInput } = await import('../../shared/comments/schemas');
  const { addDocumentsInput } = await import('../../shared/organizations/schemas');
  // Inputs go through the routes' schemas, so defaults are applied as in a request.
  const comments = (input: unknown) => addAnnotations(caller, addAnnotationsInput.parse(input));
  const notify = (input: unknown) => addNotification(caller, addNotificationInput.parse(input));
  const documentsAdd = (input: unknown) => addDocuments(caller, addDocumentsInput.parse(input));
  const usersAdd = (input: unknown) => addUsers(caller, addUsersInput.parse(input));

  const workspace = await createWorkspace({ ownerEmail: `bench-${randomUUID()}@example.com` });
  const apiKey = Object.keys(workspace.apiKeyList)[0]!;
  const tokens = await getAuthTokens({ level: 'workspace', workspaceId: workspace.id }, { apiKey });
  const caller = await authenticateApiKey(apiKey, tokens.authTokens[0]!.token, undefined);
  const sqsClient = new SQSClient({ endpoint: sqs.endpoint, region: process.env.AWS_REGION ?? 'us-east-1' });
  const queueUrl = sqs.queueUrls['document-migration'] as string;

  /** Runs the worker on every message until the queue is empty; time in the worker and its DynamoDB calls. */
  async function drain() {
    let ms = 0;
    let calls = 0;
    let runs = 0;
    for (;;) {
      const { Messages = [] } = await sqsClient.send(
        new ReceiveMessageCommand({ QueueUrl: queueUrl, MaxNumberOfMessages: 1, WaitTimeSeconds: 1 }),
      );
      const [message] = Messages;
      if (!message) break;
      const event = {
        Records: [
          {
            messageId: message.MessageId ?? '',
            receiptHandle: message.ReceiptHandle ?? '',
            body: message.Body ?? '',
            attributes: { ApproximateReceiveCount: '1' },
            messageAttributes: {},
            md5OfBody: '',
            eventSource: 'aws:sqs',
            eventSourceARN: 'arn:aws:sqs:local:000000000000:document-migration',
            awsRegion: 'local',
          },
        ],
      };
      const started = performance.now();
      const { stats } = await measureDbCalls(
        () => handler(event as never, lambdaContext('bench-worker', 600_000)) as Promise<unknown>,
      );
      ms += performance.now() - started;
      calls += stats.calls;
      runs += 1;
      await sqsClient.send(
        new DeleteMessageCommand({ QueueUrl: queueUrl, ReceiptHandle: message.ReceiptHandle }),
      );
    }
    return { ms: Math.round(ms), calls, runs };
  }

  const rows: string[][] = [];
  const organizationId = 'bench-org';
  const documentId = 'bench-doc';
  console.error(
    `Seeding an organization: ${sizes.activities} activities, ${sizes.comments} comments, ${sizes.notifications} notifications...`,
  );
  await documentsAdd({ organizationId, documents: [{ documentId }] });
  const now = Date.now();
  for (let start = 0; start < sizes.activities; start += 1000) {
    await putNewActivities(
      apiKey,
      Array.from({ length: Math.min(1000, sizes.activities - start) }, (_, offset) => ({
        id: `a-${start + offset}`,
        featureType: 'custom' as const,
        actionType: 'edit',
        actionUser: { userId: `user-${(start + offset) % 50}` },
        metadata: { apiKey, organizationId, documentId: `doc-${(start + offset) % 100}` },
        timestamp: now - start - offset,
      })),
      now,
    );
  }
  const perThread = 10;
  const threads = Math.ceil(sizes.comments / perThread);
  await mapInParallel(
    Array.from({ length: threads }, (_, index) => index),
    4,
    (thread) =>
      comments({
        organizationId,
        documentId,
        commentAnnotations: [
          {
            annotationId: `t-${thread}`,
            commentData: Array.from({ length: perThread }, (_, index) => ({
              commentId: `c-${index}`,
              commentText: `comment ${index}`,
              from: { userId: `user-${index % 10}` },
              triggerActivities: false,
            })),
          },
        ],
      }),
  );
  await mapInParallel(
    Array.from({ length: sizes.notifications }, (_, index) => index),
    16,
    (index) =>
      notify({
        organizationId,
        documentId,
        notificationId: `n-${index}`,
        actionUser: { userId: 'sender' },
        displayHeadlineMessageTemplate: 'h',
        displayBodyMessage: 'b',
        notifyAll: false,
        notifyUsers: [{ userId: `user-${index % 20}` }],
      }),
  );
  const deleted = await measureDbCalls(() =>
    deleteOrganizations(caller, { organizationIds: [organizationId] }),
  );
  const erased = await drain();
  rows.push([
    `organization (${sizes.activities} activities, ${sizes.comments} comments, ${sizes.notifications} notifications)`,
    `${deleted.stats.calls}`,
    `${erased.ms} ms`,
    `${erased.calls}`,
    `${erased.runs}`,
  ]);

  console.error(`Seeding a user in ${sizes.userDocuments} documents...`);
  const userOrg = 'bench-user-org';
  const documents = Array.from({ length: sizes.userDocuments }, (_, index) => `ud-${index}`);
  await documentsAdd({
    organizationId: userOrg,
    documents: documents.map((id) => ({ documentId: id })),
  });
  await mapInParallel(documents, 8, async (id) => {
    await usersAdd({
      organizationId: userOrg,
      documentId: id,
      users: [{ userId: 'erin', email: 'erin@example.com' }],
    });
    const thread = { organizationId: userOrg, documentId: id, annotationId: `t-${id}` };
    await comments({
      organizationId: userOrg,
      documentId: id,
      commentAnnotations: [
        {
          annotationId: thread.annotationId,
          commentData: [{ commentText: 'hi', from: { userId: 'erin', email: 'erin@example.com' } }],
        },
      ],
    });
    // Frank answers (his reply survives with erin's profile stubbed) and erin reacts to it.
    await addComments(
      caller,
      addCommentsInput.parse({
        ...thread,
        commentData: [{ commentId: 'f', commentText: 'yo', from: { userId: 'frank' } }],
      }),
    );
    await changeReaction(
      caller,
      reactionInput.parse({ ...thread, commentId: 'f', icon: 'heart', actionUser: { userId: 'erin' } }),
      'add',
    );
    await notify({
      organizationId: userOrg,
      documentId: id,
      actionUser: { userId: 'sender' },
      displayHeadlineMessageTemplate: 'h',
      displayBodyMessage: 'b',
      notifyAll: false,
      notifyUsers: [{ userId: 'erin' }],
    });
  });
  // Erin is a member of the organization and of one group.
  await usersAdd({ organizationId: userOrg, users: [{ userId: 'erin', email: 'erin@example.com' }] });
  await addGroups(
    caller,
    addGroupsInput.parse({
      organizationId: userOrg,
      organizationUserGroups: [{ groupId: 'g', groupName: 'G' }],
    }),
  );
  await addGroupUsers(
    caller,
    addGroupUsersInput.parse({ organizationId: userOrg, organizationUserGroupId: 'g', userIds: ['erin'] }),
  );
  await putNewActivities(
    apiKey,
    documents.map((id, index) => ({
      id: `erin-${index}`,
      featureType: 'custom' as const,
      actionType: 'edit',
      actionUser: { userId: 'erin' },
      metadata: { apiKey, organizationId: userOrg, documentId: id },
      timestamp: now - index,
    })),
    now,
  );
  const started = await measureDbCalls(() => startUserErasure(caller, { userId: 'erin' }));
  const userErased = await drain();
  rows.push([
    `user in ${sizes.userDocuments} documents`,
    `${started.stats.calls}`,
    `${userErased.ms} ms`,
    `${userErased.calls}`,
    `${userErased.runs}`,
  ]);

  console.log('\nData lifecycle (DynamoDB Local, one process):');
  console.log('| erased | request calls | job time | job calls | worker runs |');
  console.log('|---|---|---|---|---|');
  for (const row of rows) console.log(`| ${row.join(' | ')} |`);
  sqsClient.destroy();
  await sqs.stop();
  dynamo.stop();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
