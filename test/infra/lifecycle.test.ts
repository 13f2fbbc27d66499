import * as path from 'node:path';
import { App, type CfnElement } from 'aws-cdk-lib';
import { CollabStack } from '../../lib/collab-stack';
import { queueUrlEnvName } from '../../shared/queues/queues';
import { appTemplate } from '../support/cdk-app';

type Resource = { Type: string; Properties?: Record<string, unknown> };

const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
const stack = new CollabStack(app, 'collab-lifecycle-test', {
  stage: 'test',
  projectRoot: path.resolve(__dirname, '../..'),
});
const resources = appTemplate(stack).toJSON().Resources as Record<string, Resource>;
const idOf = (construct: { node: { defaultChild?: unknown } }) =>
  stack.getLogicalId(construct.node.defaultChild as CfnElement);

describe('data lifecycle (decisions §34)', () => {
  it('synthesises the user-data index gsi8 keys-only, keyed by gsi8pk / gsi8sk', () => {
    const table = Object.values(resources).find((resource) => resource.Type === 'AWS::DynamoDB::GlobalTable');
    const indexes = table?.Properties?.GlobalSecondaryIndexes as { IndexName: string }[];
    expect(indexes.find((index) => index.IndexName === 'gsi8')).toEqual({
      IndexName: 'gsi8',
      KeySchema: [
        { AttributeName: 'gsi8pk', KeyType: 'HASH' },
        { AttributeName: 'gsi8sk', KeyType: 'RANGE' },
      ],
      Projection: { ProjectionType: 'KEYS_ONLY' },
    });
  });

  it.each([
    'organizations.delete',
    'organizations.documents.delete',
    'organizations.folders.delete',
    'users.data.delete',
  ])('%s may send erasure jobs to the background-job queue', (route) => {
    const fn = stack.http.functions.get(route);
    if (!fn) throw new Error(`No function for ${route}`);
    const properties = resources[idOf(fn)]?.Properties as {
      Environment: { Variables: Record<string, unknown> };
    };
    expect(properties.Environment.Variables).toHaveProperty(queueUrlEnvName('document-migration'));
  });
});
