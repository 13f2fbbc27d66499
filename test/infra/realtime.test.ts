import * as path from 'node:path';
import { App, type CfnElement } from 'aws-cdk-lib';
import { CollabStack } from '../../lib/collab-stack';
import { realtimeRoutes } from '../../lib/realtime-api';
import { routes } from '../../shared/api/routes';
import { queueDefinitions } from '../../shared/queues/queues';
import { appTemplate } from '../support/cdk-app';

/** The realtime WebSocket API (addendum §9) in the synthesised template. */
const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
const stack = new CollabStack(app, 'collab-backend-realtime-test', {
  stage: 'test',
  projectRoot: path.resolve(__dirname, '../..'),
});
const template = appTemplate(stack);
const resources = template.toJSON().Resources as Record<string, { Type: string; Properties?: any }>;
const logicalId = (construct: { node: { defaultChild?: unknown } }) =>
  stack.getLogicalId(construct.node.defaultChild as CfnElement);
const realtimeApiId = logicalId(stack.realtime.api);

/** The function of an HTTP route, a realtime route key, `greeter`, a queue's worker (`worker:<queue>`) or `reconciler`. */
const functionOf = (name: string) => {
  const fn =
    name === 'reconciler'
      ? stack.reconciler.function
      : name.startsWith('worker:')
        ? stack.workers.functions.get(name.slice('worker:'.length))
        : name === 'greeter'
          ? stack.realtime.greeter
          : (stack.realtime.functions.get(name) ?? stack.http.functions.get(name));
  if (!fn) throw new Error(`No function ${name}`);
  return resources[logicalId(fn)]?.Properties;
};

/** The statements of the inline policies attached to a function's role. */
const statementsOf = (name: string) => {
  const roleId = functionOf(name).Role['Fn::GetAtt'][0];
  return Object.values(resources)
    .filter((r) => r.Type === 'AWS::IAM::Policy' && r.Properties.Roles.some((ref: any) => ref.Ref === roleId))
    .flatMap(
      (r) => r.Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown }[],
    );
};
const actionsOf = (name: string) => new Set(statementsOf(name).flatMap((s) => [s.Action].flat()));

describe('realtime WebSocket API', () => {
  it('is a WebSocket API with $connect, $disconnect and $default routes, each its own Lambda', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Api', { ProtocolType: 'WEBSOCKET' });
    const keys = Object.values(resources)
      .filter((r) => r.Type === 'AWS::ApiGatewayV2::Route' && r.Properties.ApiId.Ref === realtimeApiId)
      .map((r) => r.Properties.RouteKey);
    expect(keys.sort()).toEqual(['$connect', '$default', '$disconnect']);
    for (const route of realtimeRoutes) {
      expect(functionOf(route.routeKey)).toMatchObject({ Runtime: 'nodejs22.x', Architectures: ['arm64'] });
    }
  });

  it('deploys an auto-deployed stage named after the stage and outputs RealtimeUrl', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      ApiId: { Ref: realtimeApiId },
      StageName: 'test',
      AutoDeploy: true,
    });
    const output = template.toJSON().Outputs.RealtimeUrl;
    expect(JSON.stringify(output.Value)).toContain('wss://');
  });

  it('lets the realtime functions and the routes declaring realtime post to connections of this API only', () => {
    const realtimeRouteNames = routes
      .filter((route) => 'realtime' in route && route.realtime)
      .map((r) => r.name);
    expect(realtimeRouteNames).toEqual(
      expect.arrayContaining(['crdt.add', 'crdt.update', 'livestate.broadcast', 'organizations.delete']),
    );
    for (const name of [...realtimeRouteNames, ...realtimeRoutes.map((route) => route.routeKey)]) {
      const manage = statementsOf(name).filter((s) =>
        [s.Action].flat().includes('execute-api:ManageConnections'),
      );
      expect(manage).toHaveLength(1);
      expect(JSON.stringify(manage[0]?.Resource)).toContain(realtimeApiId);
      expect(JSON.stringify(manage[0]?.Resource)).toContain('@connections');
      expect(functionOf(name).Environment.Variables.REALTIME_ENDPOINT).toBeDefined();
    }
  });

  it('lets the worker of the queues declaring realtime (erasures, migrations) close connections of this API', () => {
    const realtimeQueues = queueDefinitions.filter((definition) => definition.realtime);
    expect(realtimeQueues.map((definition) => definition.name)).toEqual(['document-migration']);
    for (const definition of realtimeQueues) {
      const manage = statementsOf(`worker:${definition.name}`).filter((s) =>
        [s.Action].flat().includes('execute-api:ManageConnections'),
      );
      expect(manage).toHaveLength(1);
      expect(manage[0]?.Resource).toEqual({
        'Fn::Join': ['', expect.arrayContaining([{ Ref: realtimeApiId }, '/*/*/@connections/*'])],
      });
      const endpoint = JSON.stringify(
        functionOf(`worker:${definition.name}`).Environment.Variables.REALTIME_ENDPOINT,
      );
      expect(endpoint).toContain(realtimeApiId);
      expect(endpoint).toContain('/test');
    }
  });

  it('gives the webhook worker and the reconciler (which only re-sends jobs) neither the grant nor the endpoint', () => {
    for (const name of ['worker:webhook-delivery', 'reconciler']) {
      expect(actionsOf(name)).not.toContain('execute-api:ManageConnections');
      expect(functionOf(name).Environment.Variables.REALTIME_ENDPOINT).toBeUndefined();
    }
  });

  it('gives routes that do not use realtime neither the grant nor the endpoint', () => {
    for (const route of routes.filter((candidate) => !('realtime' in candidate && candidate.realtime))) {
      expect(actionsOf(route.name)).not.toContain('execute-api:ManageConnections');
      expect(functionOf(route.name).Environment.Variables.REALTIME_ENDPOINT).toBeUndefined();
    }
  });

  it('grants the realtime functions item-level table access without Scan', () => {
    for (const route of realtimeRoutes) {
      const actions = actionsOf(route.routeKey);
      expect(actions).toContain('dynamodb:Query');
      expect(actions).toContain('dynamodb:BatchWriteItem');
      expect(actions).not.toContain('dynamodb:Scan');
    }
  });

  it('lets $connect alone invoke the greeter, asynchronously, which retries nothing and posts to this API', () => {
    const greeterId = logicalId(stack.realtime.greeter);
    const connect = functionOf('$connect');
    expect(connect.Environment.Variables.REALTIME_GREETER_FUNCTION).toEqual({ Ref: greeterId });
    // $connect has a role of its own; its invoke names the greeter and nothing else.
    const invokes = (name: string) =>
      statementsOf(name).filter((statement) => [statement.Action].flat().includes('lambda:InvokeFunction'));
    expect(JSON.stringify(invokes('$connect').map((statement) => statement.Resource))).toContain(greeterId);
    expect(JSON.stringify(invokes('$connect').map((statement) => statement.Resource))).not.toContain('"*"');
    for (const name of ['$default', '$disconnect', 'greeter', 'crdt.update', 'reconciler']) {
      expect(invokes(name)).toEqual([]);
    }
    expect(connect.Role).not.toEqual(functionOf('$default').Role);
    // A greeting a minute late is worth nothing: Lambda's asynchronous retries are off.
    const invokeConfigs = Object.values(resources).filter(
      (r) => r.Type === 'AWS::Lambda::EventInvokeConfig' && r.Properties.FunctionName.Ref === greeterId,
    );
    expect(invokeConfigs.map((r) => r.Properties)).toEqual([
      expect.objectContaining({ MaximumRetryAttempts: 0, MaximumEventAgeInSeconds: 60 }),
    ]);
    // It reads and posts: the management endpoint, no table writes.
    expect(functionOf('greeter').Environment.Variables.REALTIME_ENDPOINT).toBeDefined();
    expect(actionsOf('greeter')).toContain('execute-api:ManageConnections');
    expect(actionsOf('greeter')).not.toContain('dynamodb:PutItem');
  });
});
