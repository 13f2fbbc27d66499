import * as path from 'node:path';
import { App, type CfnElement, Stack } from 'aws-cdk-lib';
import { AttributeType, TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { IConstruct } from 'constructs';
import { CollabStack, type CollabStackProps } from '../../lib/collab-stack';
import { FunctionRoles } from '../../lib/function-roles';
import { ServiceQueues } from '../../lib/queues';
import { collabStackProps, parseStackContext } from '../../lib/stack-context';
import { workerConcurrency } from '../../lib/worker-concurrency';
import type { QueueName } from '../../shared/core/queue-names';
import { tableDefinition } from '../../shared/db/table';
import {
  queueDefinitions,
  queueUrlEnvName,
  visibilityTimeoutSeconds,
  workerTimeoutSeconds,
} from '../../shared/queues/queues';
import { appTemplate, resourceCounts } from '../support/cdk-app';

type Resource = { Type: string; Properties?: Record<string, unknown> };
type Statement = { Effect: string; Action: string | string[]; Resource: unknown };

/** Synthesises the stack without bundling, with the given optional props. */
function synth(props: Partial<CollabStackProps> = {}) {
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
  const stack = new CollabStack(app, 'collab-aws-test', {
    stage: 'test',
    projectRoot: path.resolve(__dirname, '../..'),
    ...props,
  });
  const template = appTemplate(stack);
  const resources = template.toJSON().Resources as Record<string, Resource>;
  return { stack, template, resources };
}

const logicalIdOf = (stack: Stack, construct: IConstruct) =>
  stack.getLogicalId(construct.node.defaultChild as CfnElement);

const { stack, template, resources } = synth();
const functions = Object.entries(resources).filter(
  ([, resource]) => resource.Type === 'AWS::Lambda::Function',
);
const propertiesOf = (logicalId: string) => resources[logicalId]?.Properties ?? {};
const roleIdOf = (functionId: string) =>
  (propertiesOf(functionId).Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
const arnOf = (name: QueueName) => ({ 'Fn::GetAtt': [logicalIdOf(stack, stack.queues.queue(name)), 'Arn'] });

/** A function resource's environment variables. */
const variablesOf = (fn: Resource) =>
  (fn.Properties as { Environment: { Variables: Record<string, unknown> } }).Environment.Variables;

/** Every statement of the inline policies attached to a role. */
function statementsOf(roleId: string): Statement[] {
  return Object.values(resources)
    .filter((resource) => resource.Type === 'AWS::IAM::Policy')
    .map(
      (resource) =>
        resource.Properties as { Roles: { Ref: string }[]; PolicyDocument: { Statement: Statement[] } },
    )
    .filter((policy) => policy.Roles.some((ref) => ref.Ref === roleId))
    .flatMap((policy) => policy.PolicyDocument.Statement);
}

/** Whether a role may perform an action on a resource (a resource matched by its template value). */
function allows(roleId: string, action: string, resource: unknown): boolean {
  const wanted = JSON.stringify(resource);
  return statementsOf(roleId).some(
    (statement) =>
      statement.Effect === 'Allow' &&
      [statement.Action].flat().includes(action) &&
      [statement.Resource].flat().some((granted) => JSON.stringify(granted) === wanted),
  );
}

const actionsOf = (roleId: string) =>
  new Set(statementsOf(roleId).flatMap((statement) => [statement.Action].flat()));

const routeFunctionIds = [...stack.http.functions.values()].map((fn) => logicalIdOf(stack, fn));
const workerIdOf = (name: QueueName) => {
  const worker = stack.workers.functions.get(name);
  if (!worker) throw new Error(`No worker for ${name}`);
  return logicalIdOf(stack, worker);
};
const fanOutId = logicalIdOf(stack, stack.fanOut.function);
const reconcilerId = logicalIdOf(stack, stack.reconciler.function);
const consumed = queueDefinitions.filter((definition) => definition.consumer);
const streamFailures = queueDefinitions.find((definition) => definition.name === 'stream-failures');
if (!streamFailures) throw new Error('No stream-failures queue definition');

describe('Reconciler', () => {
  it('runs every minute from an EventBridge rule', () => {
    template.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'rate(1 minute)',
      State: 'ENABLED',
      Targets: [{ Arn: { 'Fn::GetAtt': [reconcilerId, 'Arn'] } }],
    });
    template.hasResourceProperties('AWS::Lambda::Permission', {
      FunctionName: { 'Fn::GetAtt': [reconcilerId, 'Arn'] },
      Principal: 'events.amazonaws.com',
      SourceArn: { 'Fn::GetAtt': [logicalIdOf(stack, stack.reconciler.rule), 'Arn'] },
    });
  });

  it("never overlaps a sweep, times out with stream-failures' consumer timeout and drops stale ticks", () => {
    expect(propertiesOf(reconcilerId)).toMatchObject({
      Handler: 'index.handler',
      ReservedConcurrentExecutions: 1,
      Timeout: workerTimeoutSeconds(streamFailures),
    });
    expect(propertiesOf(reconcilerId).Timeout).toBe(60);
    template.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
      FunctionName: { Ref: reconcilerId },
      MaximumRetryAttempts: 0,
      MaximumEventAgeInSeconds: 60,
    });
  });

  it('gets the URLs of the queues it sends to and reads', () => {
    const variables = (propertiesOf(reconcilerId).Environment as { Variables: Record<string, unknown> })
      .Variables;
    for (const name of ['webhook-delivery', 'document-migration', 'stream-failures'] as const) {
      expect(variables[queueUrlEnvName(name)]).toEqual({ Ref: logicalIdOf(stack, stack.queues.queue(name)) });
    }
    expect(variables).toHaveProperty('QUEUE_URL_STREAM_FAILURES');
  });

  it('has a role of its own: table read-write with Query on the indexes, its sends, stream-failures consumed', () => {
    const roleId = roleIdOf(reconcilerId);
    for (const [id] of functions) if (id !== reconcilerId) expect(roleIdOf(id)).not.toBe(roleId);

    const tableArn = { 'Fn::GetAtt': [logicalIdOf(stack, stack.data.table), 'Arn'] };
    const indexes = { 'Fn::Join': ['', [tableArn, '/index/*']] };
    expect(allows(roleId, 'dynamodb:Query', indexes)).toBe(true);
    for (const action of [
      'dynamodb:GetItem',
      'dynamodb:BatchGetItem',
      'dynamodb:PutItem',
      'dynamodb:UpdateItem',
    ]) {
      expect(allows(roleId, action, tableArn)).toBe(true);
    }
    expect(actionsOf(roleId)).not.toContain('dynamodb:Scan');
    expect(allows(roleId, 'sqs:SendMessage', arnOf('webhook-delivery'))).toBe(true);
    expect(allows(roleId, 'sqs:SendMessage', arnOf('document-migration'))).toBe(true);
    expect(allows(roleId, 'sqs:SendMessage', arnOf('stream-failures'))).toBe(false);
    expect(allows(roleId, 'sqs:ReceiveMessage', arnOf('stream-failures'))).toBe(true);
    expect(allows(roleId, 'sqs:DeleteMessage', arnOf('stream-failures'))).toBe(true);
    expect(allows(roleId, 'sqs:ReceiveMessage', arnOf('webhook-delivery'))).toBe(false);
  });
});

describe('Stream fan-out role', () => {
  it('sends records it gives up on to stream-failures', () => {
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: fanOutId },
      DestinationConfig: { OnFailure: { Destination: arnOf('stream-failures') } },
    });
  });

  it('is its own: it alone reads the table stream and sends to stream-failures', () => {
    const roleId = roleIdOf(fanOutId);
    for (const [id] of functions) if (id !== fanOutId) expect(roleIdOf(id)).not.toBe(roleId);
    expect(actionsOf(roleId)).toContain('dynamodb:GetRecords');
    expect(allows(roleId, 'sqs:SendMessage', arnOf('stream-failures'))).toBe(true);
    expect(allows(roleId, 'sqs:SendMessage', arnOf('webhook-delivery'))).toBe(true);
  });

  it('leaves every HTTP route function without stream reads or sends to stream-failures', () => {
    expect(routeFunctionIds.length).toBeGreaterThan(0);
    const streamActions = ['dynamodb:GetRecords', 'dynamodb:GetShardIterator', 'dynamodb:DescribeStream'];
    for (const id of routeFunctionIds) {
      const roleId = roleIdOf(id);
      const actions = actionsOf(roleId);
      for (const action of [...streamActions, 'dynamodb:ListStreams']) expect(actions).not.toContain(action);
      expect(allows(roleId, 'sqs:SendMessage', arnOf('stream-failures'))).toBe(false);
      expect(actions).not.toContain('sqs:ReceiveMessage');
    }
    // Nor any other function: the stream is the fan-out's alone.
    for (const [id] of functions) {
      if (id === fanOutId) continue;
      for (const action of streamActions) expect(actionsOf(roleIdOf(id))).not.toContain(action);
    }
  });
});

describe('Queue workers', () => {
  it('send to their own queue and to the ones their definition names, no other', () => {
    for (const definition of consumed) {
      const roleId = roleIdOf(workerIdOf(definition.name));
      const sendsTo = new Set([definition.name, ...(definition.sendsTo ?? [])]);
      for (const queue of queueDefinitions)
        expect([queue.name, allows(roleId, 'sqs:SendMessage', arnOf(queue.name))]).toEqual([
          queue.name,
          sendsTo.has(queue.name),
        ]);
    }
    // A recover task (background-job queue) sends the attempt tasks of the messages it revives.
    const jobs = roleIdOf(workerIdOf('document-migration'));
    expect(allows(jobs, 'sqs:SendMessage', arnOf('webhook-delivery'))).toBe(true);
    expect(allows(jobs, 'sqs:ReceiveMessage', arnOf('webhook-delivery'))).toBe(false);
  });
});

describe('Recursive loop detection', () => {
  it('lets the delivery and migration workers re-send to their own queues; every other function keeps Terminate', () => {
    const allowed = new Set([workerIdOf('webhook-delivery'), workerIdOf('document-migration')]);
    for (const id of allowed) expect(propertiesOf(id).RecursiveLoop).toBe('Allow');
    for (const [id, resource] of functions) {
      if (allowed.has(id)) continue;
      expect([undefined, 'Terminate']).toContain(resource.Properties?.RecursiveLoop);
    }
  });
});

describe('Visibility timeouts', () => {
  it("sets each consumed queue's visibility timeout to 6 × its worker's timeout", () => {
    const consumers: [QueueName, string][] = [
      ...consumed.map((definition): [QueueName, string] => [definition.name, workerIdOf(definition.name)]),
      ['stream-failures', reconcilerId],
    ];
    expect(consumers.length).toBe(3);
    for (const [name, workerId] of consumers) {
      const queue = propertiesOf(logicalIdOf(stack, stack.queues.queue(name)));
      const timeout = propertiesOf(workerId).Timeout as number;
      expect(queue.VisibilityTimeout).toBe(6 * timeout);
    }
    for (const definition of consumed) {
      expect(propertiesOf(workerIdOf(definition.name)).Timeout).toBe(workerTimeoutSeconds(definition));
      expect(visibilityTimeoutSeconds(definition)).toBe(6 * workerTimeoutSeconds(definition));
    }
  });
});

describe('Reserved concurrency', () => {
  const reservedOf = (id: string) => propertiesOf(id).ReservedConcurrentExecutions;
  const scalingOf = (source: Record<string, Resource>, functionId: string) =>
    Object.values(source).find(
      (resource) =>
        resource.Type === 'AWS::Lambda::EventSourceMapping' &&
        JSON.stringify(resource.Properties?.FunctionName) === JSON.stringify({ Ref: functionId }),
    )?.Properties?.ScalingConfig;

  it('reserves concurrency for the background functions by default, none for routes', () => {
    expect(reservedOf(workerIdOf('webhook-delivery'))).toBe(20);
    expect(reservedOf(workerIdOf('document-migration'))).toBe(5);
    expect(reservedOf(fanOutId)).toBe(10);
    expect(reservedOf(reconcilerId)).toBe(1);
    for (const id of routeFunctionIds) expect(reservedOf(id)).toBeUndefined();
  });

  it("caps each SQS event source at its worker's reserved concurrency", () => {
    for (const definition of consumed) {
      const workerId = workerIdOf(definition.name);
      expect(reservedOf(workerId)).toBe(workerConcurrency.queues[definition.name]);
      expect(scalingOf(resources, workerId)).toEqual({ MaximumConcurrency: reservedOf(workerId) });
    }
  });

  it('reserves nothing when switched off, keeping the event-source caps', () => {
    const small = synth({ reservedConcurrency: false });
    const smallFunctions = Object.values(small.resources).filter((r) => r.Type === 'AWS::Lambda::Function');
    expect(smallFunctions.length).toBe(functions.length);
    for (const fn of smallFunctions) expect(fn.Properties?.ReservedConcurrentExecutions).toBeUndefined();
    for (const definition of consumed) {
      const worker = small.stack.workers.functions.get(definition.name);
      if (!worker) throw new Error(`No worker for ${definition.name}`);
      expect(scalingOf(small.resources, logicalIdOf(small.stack, worker))).toEqual({
        MaximumConcurrency: workerConcurrency.queues[definition.name],
      });
    }
  });
});

describe('Due index', () => {
  it('synthesises gsi7 (and gsi8, test/infra/lifecycle.test.ts) keys-only, the message log gsi9 with its few attributes, the other indexes with all attributes', () => {
    const table = Object.values(resources).find((resource) => resource.Type === 'AWS::DynamoDB::GlobalTable');
    const indexes = table?.Properties?.GlobalSecondaryIndexes as {
      IndexName: string;
      KeySchema: unknown;
      Projection: { ProjectionType: string; NonKeyAttributes?: string[] };
    }[];
    expect(indexes.map((index) => index.IndexName)).toEqual(
      tableDefinition.globalSecondaryIndexes.map((index) => index.indexName),
    );
    expect(indexes.find((index) => index.IndexName === 'gsi7')).toEqual({
      IndexName: 'gsi7',
      KeySchema: [
        { AttributeName: 'gsi7pk', KeyType: 'HASH' },
        { AttributeName: 'gsi7sk', KeyType: 'RANGE' },
      ],
      Projection: { ProjectionType: 'KEYS_ONLY' },
    });
    expect(indexes.find((index) => index.IndexName === 'gsi9')?.Projection).toEqual({
      ProjectionType: 'INCLUDE',
      NonKeyAttributes: ['targetId', 'logEvent', 'status', 'attemptCount', 'manualCount'],
    });
    for (const index of indexes.filter(
      (candidate) => !['gsi7', 'gsi8', 'gsi9'].includes(candidate.IndexName),
    )) {
      expect(index.Projection.ProjectionType).toBe('ALL');
    }
  });
});

describe('Public workspace creation per stage', () => {
  /** The ALLOW_PUBLIC_WORKSPACE_CREATION every function of a synthesised stack gets. */
  const allowedIn = (synthesised: { resources: Record<string, Resource> }) => [
    ...new Set(
      Object.values(synthesised.resources)
        .filter((resource) => resource.Type === 'AWS::Lambda::Function')
        .map((fn) => variablesOf(fn).ALLOW_PUBLIC_WORKSPACE_CREATION),
    ),
  ];
  const fromContext = (context: Record<string, unknown>) => {
    const { stage, ...props } = collabStackProps(parseStackContext(context));
    return synth({ ...props, stage });
  };

  it('is on when unset on any stage but prod', () => {
    expect(allowedIn({ resources })).toEqual(['true']);
  });

  it('is off when unset on the prod stage, and on when the context turns it on there', () => {
    expect(allowedIn(fromContext({ stage: 'prod' }))).toEqual(['false']);
    expect(allowedIn(fromContext({ stage: 'prod', allowPublicWorkspaceCreation: 'true' }))).toEqual(['true']);
  });
});

describe('Webhook endpoint cap per deployment', () => {
  it('leaves MAX_WEBHOOK_ENDPOINTS_PER_API_KEY to the env default when unset', () => {
    for (const [, fn] of functions) {
      expect(variablesOf(fn)).not.toHaveProperty('MAX_WEBHOOK_ENDPOINTS_PER_API_KEY');
    }
  });

  it('passes a configured cap to every function', () => {
    const configured = synth({ maxWebhookEndpointsPerApiKey: 200 });
    const configuredFunctions = Object.values(configured.resources).filter(
      (resource) => resource.Type === 'AWS::Lambda::Function',
    );
    expect(configuredFunctions.length).toBe(functions.length);
    for (const fn of configuredFunctions) {
      expect(variablesOf(fn)).toHaveProperty('MAX_WEBHOOK_ENDPOINTS_PER_API_KEY', '200');
    }
  });

  it.each([0, -1, 2.5, Number.NaN])('refuses a cap of %p', (cap) => {
    expect(() => synth({ maxWebhookEndpointsPerApiKey: cap })).toThrow(/positive integer/);
  });
});

describe('Document size limit per deployment (maxDocumentBytes)', () => {
  it('leaves MAX_DOCUMENT_BYTES to the env default (8 MiB) when unset, and passes a configured one to every function', () => {
    for (const [, fn] of functions) expect(variablesOf(fn)).not.toHaveProperty('MAX_DOCUMENT_BYTES');
    const configured = synth({ maxDocumentBytes: 2 * 1024 * 1024 });
    const configuredFunctions = Object.values(configured.resources).filter(
      (resource) => resource.Type === 'AWS::Lambda::Function',
    );
    expect(configuredFunctions.length).toBe(functions.length);
    for (const fn of configuredFunctions) {
      expect(variablesOf(fn)).toHaveProperty('MAX_DOCUMENT_BYTES', String(2 * 1024 * 1024));
    }
    expect(() => synth({ maxDocumentBytes: 0 })).toThrow(/positive integer/);
  });
});

describe('Fair shares per deployment (decisions §64)', () => {
  const variables = ['API_KEY_REQUEST_RATE', 'API_KEY_REALTIME_RATE', 'API_KEY_JOB_SLOTS'];

  it('leaves the rates and the job slots to the env defaults when unset', () => {
    for (const [, fn] of functions) {
      for (const name of variables) expect(variablesOf(fn)).not.toHaveProperty(name);
    }
  });

  it('passes the settings given as context to the HTTP routes, the realtime functions and the job worker', () => {
    const settings = parseStackContext({
      apiKeyRequestRate: '20',
      apiKeyRealtimeRate: '0',
      apiKeyJobSlots: '3',
    });
    const configured = synth(collabStackProps(settings));
    const readers = [
      ...configured.stack.http.functions.values(),
      ...configured.stack.realtime.functions.values(),
      configured.stack.workers.functions.get('document-migration'),
    ];
    expect(readers.length).toBeGreaterThan(routeFunctionIds.length);
    for (const reader of readers) {
      if (!reader) throw new Error('No document-migration worker');
      const fn = configured.resources[logicalIdOf(configured.stack, reader)] as Resource;
      expect(variablesOf(fn)).toMatchObject({
        API_KEY_REQUEST_RATE: '20',
        API_KEY_REALTIME_RATE: '0',
        API_KEY_JOB_SLOTS: '3',
      });
    }
  });

  it.each([
    [{ requestRate: -1 }, /apiKeyFairShare\.requestRate must be a non-negative integer; got -1/],
    [{ realtimeRate: 2.5 }, /apiKeyFairShare\.realtimeRate must be a non-negative integer; got 2\.5/],
    [{ requestRate: Number.NaN }, /apiKeyFairShare\.requestRate must be a non-negative integer/],
    [{ jobSlots: 0 }, /apiKeyFairShare\.jobSlots must be a positive integer; got 0/],
  ])('refuses %p at synth', (apiKeyFairShare, message) => {
    expect(() => synth({ apiKeyFairShare })).toThrow(message);
  });
});

describe('Resource count', () => {
  it("keeps every stack well under CloudFormation's 500 resources", () => {
    for (const [path, total] of resourceCounts(stack)) {
      process.stdout.write(`${path}: ${total} resources\n`);
      expect(total).toBeLessThan(450);
    }
  });
});

describe('FunctionRoles', () => {
  const rolesIn = () => {
    const scope = new Stack(new App(), 'roles-test');
    const table = new TableV2(scope, 'Table', { partitionKey: { name: 'pk', type: AttributeType.STRING } });
    const logGroup = new LogGroup(scope, 'Logs');
    return new FunctionRoles(scope, 'Roles', { table, logGroup, queues: new ServiceQueues(scope, 'Queues') });
  };

  it('shares a role between functions of one access profile', () => {
    const roles = rolesIn();
    expect(roles.roleFor({ db: 'read', queues: [] })).toBe(roles.roleFor({ db: 'read', queues: [] }));
  });

  it('gives a dedicated role to one function only', () => {
    const roles = rolesIn();
    const access = { db: 'read', queues: [], dedicated: 'sweeper' } as const;
    expect(roles.roleFor(access)).not.toBe(roles.roleFor({ db: 'read', queues: [] }));
    expect(() => roles.roleFor(access)).toThrow(/dedicated to one function/);
  });
});
