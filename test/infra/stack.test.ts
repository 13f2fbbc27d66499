import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { App, type CfnElement } from 'aws-cdk-lib';
import { CollabStack } from '../../lib/collab-stack';
import { eventFanOutAccess } from '../../lib/event-fanout';
import { accessProfile } from '../../lib/function-roles';
import { workerAccess } from '../../lib/queue-workers';
import { connectAccess, greeter, realtimeRoutes } from '../../lib/realtime-api';
import { reconcilerAccess } from '../../lib/reconciler';
import { type RouteDefinition, routes } from '../../shared/api/routes';
import { tableDefinition } from '../../shared/db/table';
import { corsPolicy } from '../../shared/http/cors';
import { pageRouteKey, pages } from '../../shared/http/pages';
import {
  deadLetterQueueName,
  type QueueDefinition,
  queueDefinitions,
  queueUrlEnvName,
  visibilityTimeoutSeconds,
  workerTimeoutSeconds,
} from '../../shared/queues/queues';
import { appTemplate, resourceCounts } from '../support/cdk-app';

type Resource = { Type: string; Properties?: Record<string, unknown>; DeletionPolicy?: string };

const projectRoot = path.resolve(__dirname, '../..');
/**
 * CloudFormation's hard limit is 500; the margin leaves room for workers, alarms and the like. The
 * stack must also have room for `headroomRoutes` more routes than the route table holds today.
 */
const routeBudget = { headroomRoutes: 10, maxResources: 450 };

/** Synthesises the stack without bundling (asset hashes are faked), so a template takes < 1 s. */
function synth(
  stackRoutes?: readonly RouteDefinition[],
  stackQueues?: readonly QueueDefinition[],
  embedder?: 'hashed' | 'bedrock',
) {
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
  const stack = new CollabStack(app, 'collab-backend-test', {
    stage: 'test',
    projectRoot,
    routes: stackRoutes,
    queueDefinitions: stackQueues,
    embedder,
  });
  const template = appTemplate(stack);
  const resources = template.toJSON().Resources as Record<string, Resource>;

  /** A route's function by route name, or a worker's by `worker:<queue>`. */
  const functionOf = (routeName: string) => {
    const fn = routeName.startsWith('worker:')
      ? stack.workers.functions.get(routeName.slice('worker:'.length))
      : stack.http.functions.get(routeName);
    if (!fn) throw new Error(`No function for ${routeName}`);
    const logicalId = stack.getLogicalId(fn.node.defaultChild as CfnElement);
    return { logicalId, properties: resources[logicalId]?.Properties ?? {} };
  };

  /** Every IAM action granted to a function's role through its attached inline policies. */
  const actionsOf = (routeName: string): Set<string> => {
    const role = functionOf(routeName).properties.Role as { 'Fn::GetAtt': [string, string] };
    const roleId = role['Fn::GetAtt'][0];
    const actions = new Set<string>();
    for (const resource of Object.values(resources)) {
      if (resource.Type !== 'AWS::IAM::Policy') continue;
      const attached = resource.Properties?.Roles as { Ref: string }[];
      if (!attached.some((ref) => ref.Ref === roleId)) continue;
      const document = resource.Properties?.PolicyDocument as { Statement: { Action: string | string[] }[] };
      for (const statement of document.Statement) {
        for (const action of [statement.Action].flat()) actions.add(action);
      }
    }
    return actions;
  };

  const environmentOf = (routeName: string) =>
    (functionOf(routeName).properties.Environment as { Variables: Record<string, unknown> }).Variables;

  return { stack, template, resources, functionOf, actionsOf, environmentOf };
}

const synthesised = synth();
const { template, resources } = synthesised;
const routeOf = (db: RouteDefinition['db']) => {
  const route = routes.find((candidate) => candidate.db === db);
  if (!route) throw new Error(`The route table has no ${db} route`);
  return route;
};
const countOf = (type: string) => Object.values(resources).filter((r) => r.Type === type).length;

describe('CollabStack', () => {
  it('deploys one Node 22 arm64 function per route plus the fallback', () => {
    for (const name of [...routes.map((route) => route.name), '$default']) {
      const { properties } = synthesised.functionOf(name);
      expect(properties).toMatchObject({
        Runtime: 'nodejs22.x',
        Architectures: ['arm64'],
        MemorySize: 512,
        Timeout: 10,
        Handler: 'index.handler',
        LoggingConfig: { LogFormat: 'JSON' },
      });
    }
    const workers = queueDefinitions.filter((definition) => definition.consumer).length;
    // Routes, the fallback, the pages, the queue workers, the outbox's stream fan-out, the reconciler,
    // realtime's routes and its greeter.
    expect(countOf('AWS::Lambda::Function')).toBe(
      routes.length + 1 + pages.length + workers + 2 + realtimeRoutes.length + 1,
    );
  });

  it('feeds each queue consumer from an SQS event source with partial batch responses and its own role', () => {
    const [queue] = queueDefinitions;
    if (!queue) throw new Error('No queue definitions');
    const variants = synth(undefined, [{ ...queue, consumer: 'functions/http/unrouted.ts', batchSize: 5 }]);
    const worker = variants.functionOf(`worker:${queue.name}`);
    expect(worker.properties.Environment).toMatchObject({
      Variables: { [queueUrlEnvName(queue.name)]: expect.anything() },
    });
    variants.template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      BatchSize: 5,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      FunctionName: { Ref: worker.logicalId },
    });
    const actions = variants.actionsOf(`worker:${queue.name}`);
    for (const action of ['sqs:ReceiveMessage', 'sqs:DeleteMessage', 'sqs:SendMessage', 'dynamodb:PutItem']) {
      expect(actions).toContain(action);
    }
    for (const route of routes) expect(variants.actionsOf(route.name)).not.toContain('sqs:ReceiveMessage');
  });

  it('wires document migration: migrate may send to its queue, a worker consumes it one job per invocation', () => {
    expect(synthesised.environmentOf('organizations.documents.migrate')).toHaveProperty(
      queueUrlEnvName('document-migration'),
    );
    expect(synthesised.actionsOf('organizations.documents.migrate')).toContain('sqs:SendMessage');
    expect(synthesised.actionsOf('organizations.documents.migrate.status')).not.toContain('sqs:SendMessage');
    const worker = synthesised.functionOf('worker:document-migration');
    const migration = queueDefinitions.find((definition) => definition.name === 'document-migration');
    if (!migration) throw new Error('No document-migration queue');
    // The worker hands over after a 5-minute budget, well within its timeout.
    expect(worker.properties.Timeout).toBe(workerTimeoutSeconds(migration));
    expect(worker.properties.Timeout).toBeGreaterThan(300);
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      BatchSize: 1,
      FunctionName: { Ref: worker.logicalId },
    });
  });

  it('routes POST <path> of every route, GET <path> of every page and $default to the fallback', () => {
    const httpApi = synthesised.stack.getLogicalId(
      synthesised.stack.http.api.node.defaultChild as CfnElement,
    );
    const routeKeys = Object.values(template.findResources('AWS::ApiGatewayV2::Route'))
      .filter((route) => route.Properties.ApiId.Ref === httpApi)
      .map((route) => route.Properties.RouteKey);
    expect(routeKeys.sort()).toEqual(
      [...routes.map((route) => `POST ${route.path}`), ...pages.map(pageRouteKey), '$default'].sort(),
    );
  });

  it('answers CORS preflight from the one policy the dev server also uses (shared/http/cors.ts)', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Api', {
      ProtocolType: 'HTTP',
      CorsConfiguration: {
        AllowOrigins: corsPolicy.allowOrigins,
        AllowMethods: corsPolicy.allowMethods,
        AllowHeaders: corsPolicy.allowHeaders,
        ExposeHeaders: corsPolicy.exposeHeaders,
        MaxAge: corsPolicy.maxAgeSeconds,
      },
    });
    // The credential headers (and a portal session's bearer token) are what a browser app sends.
    expect(corsPolicy.allowHeaders).toEqual(
      expect.arrayContaining([
        'content-type',
        'x-svc-api-key',
        'x-svc-workspace-auth-token',
        'authorization',
      ]),
    );
  });

  it('outputs what npm run admin needs: the data-key secret and every queue URL', () => {
    const outputs = template.findOutputs('*');
    expect(outputs.DataKeySecretArn?.Value).toEqual({ Ref: expect.stringMatching(/^DataKey/) });
    for (const definition of queueDefinitions) {
      const output = Object.values(outputs).find((candidate) =>
        String(candidate.Description).startsWith(`${queueUrlEnvName(definition.name)} `),
      );
      expect(output?.Value).toEqual({ Ref: expect.stringMatching(/^Queues/) });
    }
  });

  it("lists exactly the stack's outputs in README's deployment section", () => {
    const readme = readFileSync(path.join(projectRoot, 'README.md'), 'utf8');
    const table = readme.slice(
      readme.indexOf('<!-- outputs:start -->'),
      readme.indexOf('<!-- outputs:end -->'),
    );
    const listed = [...table.matchAll(/^\| `(\w+)` \|/gm)].map((row) => row[1]);
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.sort()).toEqual(Object.keys(template.findOutputs('*')).sort());
  });

  it('keeps the table on demand, recoverable, streamed and retained', () => {
    template.hasResource('AWS::DynamoDB::GlobalTable', {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: {
        BillingMode: 'PAY_PER_REQUEST',
        KeySchema: [
          { AttributeName: tableDefinition.partitionKey, KeyType: 'HASH' },
          { AttributeName: tableDefinition.sortKey, KeyType: 'RANGE' },
        ],
        TimeToLiveSpecification: { AttributeName: tableDefinition.timeToLiveAttribute, Enabled: true },
        StreamSpecification: { StreamViewType: 'NEW_AND_OLD_IMAGES' },
        Replicas: [{ PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true } }],
      },
    });
  });

  it('creates each queue encrypted with a dead-letter queue after maxReceiveCount receives', () => {
    expect(countOf('AWS::SQS::Queue')).toBe(queueDefinitions.length * 2);
    for (const definition of queueDefinitions) {
      const queue = synthesised.stack.queues.queue(definition.name);
      const deadLetterQueue = queue.deadLetterQueue?.queue;
      expect(deadLetterQueue?.node.id).toBe(deadLetterQueueName(definition.name));
      const logicalIdOf = (construct: typeof queue.node.defaultChild) =>
        synthesised.stack.getLogicalId(construct as CfnElement);
      expect(resources[logicalIdOf(queue.node.defaultChild)]?.Properties).toMatchObject({
        SqsManagedSseEnabled: true,
        VisibilityTimeout: visibilityTimeoutSeconds(definition),
        RedrivePolicy: {
          deadLetterTargetArn: { 'Fn::GetAtt': [logicalIdOf(deadLetterQueue?.node.defaultChild), 'Arn'] },
          maxReceiveCount: definition.maxReceiveCount,
        },
      });
    }
    // enforceSSL: a policy per queue denies requests without TLS.
    expect(countOf('AWS::SQS::QueuePolicy')).toBe(queueDefinitions.length * 2);
  });

  it("grants a read route's role reads but no writes", () => {
    const actions = synthesised.actionsOf(routeOf('read').name);
    for (const action of ['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:BatchGetItem']) {
      expect(actions).toContain(action);
    }
    for (const action of ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem']) {
      expect(actions).not.toContain(action);
    }
  });

  it("grants a read-write route's role writes", () => {
    const actions = synthesised.actionsOf(routeOf('read-write').name);
    expect(actions).toContain('dynamodb:PutItem');
    expect(actions).toContain('dynamodb:UpdateItem');
  });

  it('grants no route function Scan', () => {
    for (const route of routes) expect(synthesised.actionsOf(route.name)).not.toContain('dynamodb:Scan');
  });

  it('grants the fallback no table or queue access', () => {
    const actions = [...synthesised.actionsOf('$default')];
    expect(actions.filter((action) => /^(dynamodb|sqs):/.test(action))).toEqual([]);
  });

  it('creates one role per distinct access profile', () => {
    const workerProfiles = queueDefinitions
      .filter((definition) => definition.consumer)
      .map((definition) => accessProfile(workerAccess(definition)));
    const profiles = new Set([
      ...routes.map(accessProfile),
      accessProfile({ db: 'none', queues: [] }),
      ...workerProfiles,
      accessProfile(eventFanOutAccess),
      accessProfile(reconcilerAccess),
      accessProfile(connectAccess),
      accessProfile(greeter.access),
    ]);
    expect(countOf('AWS::IAM::Role')).toBe(profiles.size);
  });

  it("gives every function the data key secret's ARN, never its value; only table roles may read it", () => {
    const secretId = synthesised.stack.getLogicalId(
      synthesised.stack.node.findChild('DataKey').node.defaultChild as CfnElement,
    );
    for (const name of [...routes.map((route) => route.name), '$default']) {
      const environment = synthesised.environmentOf(name);
      expect(environment.DATA_KEY).toBeUndefined();
      expect(environment.DATA_KEY_SECRET_ID).toEqual({ Ref: secretId });
    }
    expect(JSON.stringify(template.toJSON())).not.toContain('{{resolve:secretsmanager:');
    expect(synthesised.actionsOf(routeOf('read').name).has('secretsmanager:GetSecretValue')).toBe(true);
    expect(synthesised.actionsOf('$default').has('secretsmanager:GetSecretValue')).toBe(false);
    const secretStatements = Object.values(resources)
      .filter((resource) => resource.Type === 'AWS::IAM::Policy')
      .flatMap(
        (resource) =>
          (
            (resource.Properties as Record<string, unknown>).PolicyDocument as {
              Statement: { Action: unknown; Resource: unknown }[];
            }
          ).Statement,
      )
      .filter((statement) => JSON.stringify(statement.Action).includes('secretsmanager:'));
    expect(secretStatements.length).toBeGreaterThan(0);
    for (const statement of secretStatements) {
      expect(statement).toEqual({
        Action: 'secretsmanager:GetSecretValue',
        Effect: 'Allow',
        Resource: { Ref: secretId },
      });
    }
  });

  it('gives a queue-sending route the queue URL and send permission, others neither', () => {
    // Among routes that declare no queue: the one given a queue gets it, the others still do not.
    const [sender, ...others] = routes.filter(
      (route) => route.db === 'read-write' && route.queues.length === 0,
    );
    if (!sender) throw new Error('The route table has no read-write route');
    const variants = synth(
      routes.map((route) => (route === sender ? { ...route, queues: ['webhook-delivery'] as const } : route)),
    );
    expect(variants.environmentOf(sender.name)).toHaveProperty(queueUrlEnvName('webhook-delivery'));
    expect(variants.actionsOf(sender.name)).toContain('sqs:SendMessage');
    for (const other of [...others, routeOf('read')]) {
      expect(variants.environmentOf(other.name)).not.toHaveProperty(queueUrlEnvName('webhook-delivery'));
      expect(variants.actionsOf(other.name)).not.toContain('sqs:SendMessage');
    }
  });

  it('embeds with the hashed embedder by default, granting no Bedrock access', () => {
    expect(synthesised.environmentOf('memory.search').EMBEDDER).toBe('hashed');
    expect(synthesised.actionsOf('memory.search').has('bedrock:InvokeModel')).toBe(false);
  });

  it('with the Bedrock embedder, lets functions with table access invoke Titan v2 and nothing else', () => {
    const bedrock = synth(undefined, undefined, 'bedrock');
    for (const name of ['memory.search', 'activities.add', 'commentannotations.add']) {
      expect(bedrock.environmentOf(name).EMBEDDER).toBe('bedrock');
      expect(bedrock.actionsOf(name).has('bedrock:InvokeModel')).toBe(true);
    }
    expect(bedrock.actionsOf('$default').has('bedrock:InvokeModel')).toBe(false);
    const grants = Object.values(bedrock.resources)
      .filter((resource) => resource.Type === 'AWS::IAM::Policy')
      .flatMap(
        (resource) =>
          (
            resource.Properties?.PolicyDocument as
              | { Statement: { Action: unknown; Resource: unknown }[] }
              | undefined
          )?.Statement ?? [],
      )
      .filter((statement) => statement.Action === 'bedrock:InvokeModel');
    expect(grants.length).toBeGreaterThan(0);
    for (const grant of grants)
      expect(JSON.stringify(grant.Resource)).toContain('foundation-model/amazon.titan-embed-text-v2:0');
  });

  it(`keeps every stack within the resource budget when the route table grows by ${routeBudget.headroomRoutes} routes`, () => {
    const functions = countOf('AWS::Lambda::Function');
    const perRoute =
      (functions +
        countOf('AWS::ApiGatewayV2::Route') +
        countOf('AWS::ApiGatewayV2::Integration') +
        countOf('AWS::Lambda::Permission')) /
      functions;
    expect(functions).toBeGreaterThanOrEqual(routes.length);
    // CloudFormation's limit is per stack: the parent and each nested stack of route functions.
    for (const total of resourceCounts(synthesised.stack).values()) {
      const projected = total + routeBudget.headroomRoutes * perRoute;
      expect(total).toBeLessThan(500);
      expect(projected).toBeLessThanOrEqual(routeBudget.maxResources);
    }
  });
});
