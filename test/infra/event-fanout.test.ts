import * as path from 'node:path';
import { App, type CfnElement } from 'aws-cdk-lib';
import { Match } from 'aws-cdk-lib/assertions';
import { CollabStack } from '../../lib/collab-stack';
import { appTemplate } from '../support/cdk-app';

const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
const stack = new CollabStack(app, 'collab-fanout-test', {
  stage: 'test',
  projectRoot: path.resolve(__dirname, '../..'),
});
const template = appTemplate(stack);

describe('EventFanOut', () => {
  it('feeds the fan-out function from the table stream, filtered to inserted outbox events', () => {
    const functionId = stack.getLogicalId(stack.fanOut.function.node.defaultChild as CfnElement);
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: functionId },
      StartingPosition: 'TRIM_HORIZON',
      BisectBatchOnFunctionError: true,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      MaximumRetryAttempts: 10,
      DestinationConfig: { OnFailure: { Destination: Match.anyValue() } },
      FilterCriteria: {
        Filters: [
          {
            Pattern: JSON.stringify({
              eventName: ['INSERT'],
              dynamodb: { NewImage: { entity: { S: ['outboxEvent'] } } },
            }),
          },
        ],
      },
    });
  });

  it('sends to the webhook-delivery queue and leaves loopback webhook targets refused', () => {
    const functionId = stack.getLogicalId(stack.fanOut.function.node.defaultChild as CfnElement);
    const variables = (
      template.toJSON().Resources[functionId].Properties.Environment as { Variables: Record<string, unknown> }
    ).Variables;
    expect(variables).toHaveProperty('QUEUE_URL_WEBHOOK_DELIVERY');
    expect(variables).not.toHaveProperty('ALLOW_LOOPBACK_TARGETS');
  });
});
