import { type CfnElement, Validations } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { CURRENTLY_RECOMMENDED_FLAGS } from 'aws-cdk-lib/cx-api';
import { AwsSolutionsChecks } from 'cdk-nag';
import { CollabStack, type CollabStackProps } from '../../lib/collab-stack';
import { alarmThresholds } from '../../lib/monitoring';
import { parseStackContext } from '../../lib/stack-context';
import { routes } from '../../shared/api/routes';
import { metricNames, metricsNamespace } from '../../shared/observability/metric-names';
import { deadLetterQueueName, queueDefinitions } from '../../shared/queues/queues';
import { appTemplate, cdkJsonContext, projectRoot, resourceCounts, testApp } from '../support/cdk-app';

type Resource = { Type: string; Properties: Record<string, any>; DeletionPolicy?: string };

function synth(props: Partial<CollabStackProps> = {}) {
  const stack = new CollabStack(testApp(), 'collab-backend-test', { stage: 'test', projectRoot, ...props });
  const template = appTemplate(stack);
  const resources = template.toJSON().Resources as Record<string, Resource>;
  const ofType = (type: string) => Object.entries(resources).filter(([, resource]) => resource.Type === type);
  const logicalIdOf = (element: unknown) =>
    stack.getLogicalId((element as { node: { defaultChild: CfnElement } }).node.defaultChild);
  return { stack, template, resources, ofType, logicalIdOf };
}

const synthesised = synth();
const { stack, resources, ofType, logicalIdOf } = synthesised;
const alarms = Object.fromEntries(
  ofType('AWS::CloudWatch::Alarm').map(([id, alarm]) => [
    id.replace(/^Monitoring/, '').replace(/[0-9A-F]{8}$/, ''),
    alarm.Properties,
  ]),
);

describe('Context', () => {
  it("defaults every setting and ignores the toolkit's own keys", () => {
    expect(
      parseStackContext({ 'aws:cdk:bundling-stacks': [], '@aws-cdk/core:checkSecretUsage': true }),
    ).toEqual({
      stage: 'dev',
      embedder: 'hashed',
      reservedConcurrency: true,
      logRetentionDays: 30,
      logLevel: 'INFO',
      apiRateLimit: 200,
      apiBurstLimit: 400,
    });
  });

  it('reads -c strings into typed settings', () => {
    expect(
      parseStackContext({
        stage: 'prod',
        reservedConcurrency: 'false',
        logRetentionDays: '90',
        apiRateLimit: '50',
      }),
    ).toMatchObject({ stage: 'prod', reservedConcurrency: false, logRetentionDays: 90, apiRateLimit: 50 });
  });

  it('reads the fair-share settings, 0 turning a rate off', () => {
    expect(
      parseStackContext({ apiKeyRequestRate: '0', apiKeyRealtimeRate: 800, apiKeyJobSlots: '1' }),
    ).toMatchObject({ apiKeyRequestRate: 0, apiKeyRealtimeRate: 800, apiKeyJobSlots: 1 });
  });

  it('fails on an unknown setting, naming it', () => {
    expect(() => parseStackContext({ reservedconcurrency: 'false' })).toThrow(
      /Invalid CDK context: unknown setting\(s\) "reservedconcurrency" \(known: stage, /,
    );
  });

  it.each([
    [{ reservedConcurrency: 'no' }, '"reservedConcurrency"'],
    [{ logRetentionDays: '31' }, '"logRetentionDays": one of CloudWatch Logs\' retention periods'],
    [{ stage: 'Prod' }, '"stage": lower-case letters'],
    [{ embedder: 'openai' }, '"embedder"'],
    [{ maxWebhookEndpointsPerApiKey: '0' }, '"maxWebhookEndpointsPerApiKey"'],
    [{ apiKeyRequestRate: '-1' }, '"apiKeyRequestRate": a non-negative integer (got "-1")'],
    [{ apiKeyRequestRate: '' }, '"apiKeyRequestRate": a non-negative integer (got "")'],
    [{ apiKeyRealtimeRate: '2.5' }, '"apiKeyRealtimeRate": a non-negative integer'],
    [{ apiKeyRealtimeRate: -1 }, '"apiKeyRealtimeRate": a non-negative integer'],
    [{ apiKeyJobSlots: '0' }, '"apiKeyJobSlots"'],
    [{ alarmEmail: 'ops' }, '"alarmEmail"'],
  ])('fails on the mistyped value %p', (context, message) => {
    expect(() => parseStackContext(context)).toThrow(message);
  });
});

describe('cdk.json', () => {
  it('sets every feature flag aws-cdk-lib recommends, at its recommended value', () => {
    expect(cdkJsonContext()).toMatchObject(CURRENTLY_RECOMMENDED_FLAGS);
  });
});

describe('Functions', () => {
  const functions = ofType('AWS::Lambda::Function');

  it('all run Node 22 and log JSON at the configured level into the one shared log group', () => {
    const shared = logicalIdOf(stack.logs.functions);
    expect(functions.length).toBe(
      stack.node.findAll().filter((c) => c.constructor.name === 'ServiceFunction').length,
    );
    for (const [, fn] of functions) {
      expect(fn.Properties.Runtime).toBe('nodejs22.x');
      expect(fn.Properties.LoggingConfig).toEqual({
        LogFormat: 'JSON',
        LogGroup: { Ref: shared },
        ApplicationLogLevel: 'INFO',
        SystemLogLevel: 'INFO',
      });
      expect(fn.Properties.Environment.Variables.POWERTOOLS_LOG_LEVEL).toBe('INFO');
    }
    const debug = synth({ logLevel: 'DEBUG' });
    for (const [, fn] of debug.ofType('AWS::Lambda::Function')) {
      expect(fn.Properties.LoggingConfig.ApplicationLogLevel).toBe('DEBUG');
    }
  });

  it('may write only to the shared log group (no AWSLambdaBasicExecutionRole)', () => {
    for (const [, role] of ofType('AWS::IAM::Role'))
      expect(role.Properties.ManagedPolicyArns).toBeUndefined();
    const shared = logicalIdOf(stack.logs.functions);
    const logStatements = ofType('AWS::IAM::Policy')
      .flatMap(([, policy]) => policy.Properties.PolicyDocument.Statement)
      .filter((statement: { Action: unknown }) => JSON.stringify(statement.Action).includes('logs:'));
    expect(logStatements.length).toBe(ofType('AWS::IAM::Role').length);
    for (const statement of logStatements) {
      expect(statement.Action).toEqual(['logs:CreateLogStream', 'logs:PutLogEvents']);
      expect(statement.Resource).toEqual({ 'Fn::GetAtt': [shared, 'Arn'] });
    }
  });
});

describe('Logs', () => {
  it('keeps logs 30 days by default, the configured days otherwise; groups outlive only protected stages', () => {
    const groups = ofType('AWS::Logs::LogGroup');
    expect(groups).toHaveLength(2);
    for (const [, group] of groups) {
      expect(group.Properties.RetentionInDays).toBe(30);
      expect(group.DeletionPolicy).toBe('Retain');
    }
    for (const [, group] of synth({ stage: 'dev', logRetentionDays: 7 }).ofType('AWS::Logs::LogGroup')) {
      expect(group.Properties.RetentionInDays).toBe(7);
      expect(group.DeletionPolicy).toBe('Delete');
    }
  });

  it('writes one JSON access-log line per request, with no header or body', () => {
    const stage = ofType('AWS::ApiGatewayV2::Stage').find(
      ([, candidate]) => candidate.Properties.StageName === '$default',
    )?.[1] as Resource;
    expect(stage.Properties.StageName).toBe('$default');
    expect(stage.Properties.AccessLogSettings.DestinationArn).toEqual({
      'Fn::GetAtt': [logicalIdOf(stack.logs.apiAccess), 'Arn'],
    });
    const format = JSON.parse(stage.Properties.AccessLogSettings.Format);
    expect(format).toMatchObject({ requestId: '$context.requestId', status: '$context.status' });
    expect(Object.values(format).join(' ')).not.toMatch(/header|requestBody|authorizer/i);
  });
});

describe('Hardened defaults', () => {
  it('throttles both API stages (HTTP and WebSocket) at 200 per second with bursts of 400, or as configured', () => {
    const settings = (result: ReturnType<typeof synth>) =>
      result
        .ofType('AWS::ApiGatewayV2::Stage')
        .map(([, stage]) => (stage as Resource).Properties.DefaultRouteSettings);
    expect(settings(synthesised)).toEqual([
      expect.objectContaining({ ThrottlingRateLimit: 200, ThrottlingBurstLimit: 400 }),
      expect.objectContaining({ ThrottlingRateLimit: 200, ThrottlingBurstLimit: 400 }),
    ]);
    expect(settings(synth({ apiThrottle: { rateLimit: 20, burstLimit: 40 } }))).toEqual([
      expect.objectContaining({ ThrottlingRateLimit: 20, ThrottlingBurstLimit: 40 }),
      expect.objectContaining({ ThrottlingRateLimit: 20, ThrottlingBurstLimit: 40 }),
    ]);
  });

  it('protects the table from deletion on every stage but dev, unless configured', () => {
    const protection = (result: ReturnType<typeof synth>) =>
      (result.ofType('AWS::DynamoDB::GlobalTable')[0] as [string, Resource])[1].Properties.Replicas[0]
        .DeletionProtectionEnabled;
    expect(protection(synthesised)).toBe(true);
    expect(protection(synth({ stage: 'dev' }))).toBe(false);
    expect(protection(synth({ stage: 'dev', tableDeletionProtection: true }))).toBe(true);
  });
});

describe('Alarms', () => {
  const topic = logicalIdOf(stack.monitoring.topic);

  it('notify the alarm topic, which the stack outputs for operators to subscribe to', () => {
    expect(Object.keys(alarms).length).toBe(stack.monitoring.alarms.length);
    for (const alarm of Object.values(alarms)) {
      expect(alarm.AlarmActions).toEqual([{ Ref: topic }]);
      expect(alarm.OKActions).toEqual([{ Ref: topic }]);
      expect(alarm.TreatMissingData).toBe('notBreaching');
    }
    synthesised.template.hasOutput('AlarmTopicArn', { Value: { Ref: topic } });
    expect(ofType('AWS::SNS::Subscription')).toHaveLength(0);
    synth({ alarmEmail: 'ops@example.com' }).template.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: 'ops@example.com',
    });
  });

  it.each(queueDefinitions.map((definition) => definition.name))(
    'fire on any message in the %s dead-letter queue',
    (name) => {
      const alarm = alarms[`DeadLetters${name.replace(/-/g, '')}`];
      expect(alarm).toMatchObject({
        MetricName: 'ApproximateNumberOfMessagesVisible',
        Namespace: 'AWS/SQS',
        Statistic: 'Maximum',
        Threshold: alarmThresholds.deadLetterMessages,
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
        EvaluationPeriods: 1,
      });
      const queueId = logicalIdOf({
        node: { defaultChild: stack.queues.queue(name).deadLetterQueue?.queue.node.defaultChild },
      });
      expect(queueId).toContain(deadLetterQueueName(name).replace(/-/g, ''));
      expect(alarm?.Dimensions).toEqual([
        { Name: 'QueueName', Value: { 'Fn::GetAtt': [queueId, 'QueueName'] } },
      ]);
    },
  );

  it('fire when a stream-failures message waits 15 minutes for the reconciler', () => {
    const queueId = logicalIdOf({
      node: { defaultChild: stack.queues.queue('stream-failures').node.defaultChild },
    });
    expect(alarms.StreamFailuresAge).toMatchObject({
      MetricName: 'ApproximateAgeOfOldestMessage',
      Namespace: 'AWS/SQS',
      Statistic: 'Maximum',
      Period: 300,
      Threshold: 900,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      EvaluationPeriods: 1,
      Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [queueId, 'QueueName'] } }],
    });
  });

  it('fire when a function refuses requests because its keyring is too old', () => {
    expect(alarms.KeyringRefused).toMatchObject({
      MetricName: 'KeyringRefreshFailures',
      Namespace: 'CollabBackend',
      Statistic: 'Sum',
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
    });
    expect(alarms.KeyringRefused?.Dimensions).toContainEqual({ Name: 'outcome', Value: 'refused' });
  });

  it('fire when the fan-out lags the table stream by a minute for three minutes', () => {
    expect(alarms.StreamIteratorAge).toMatchObject({
      MetricName: 'IteratorAge',
      Statistic: 'Maximum',
      Period: 60,
      Threshold: 60_000,
      EvaluationPeriods: 3,
      Dimensions: [{ Name: 'FunctionName', Value: { Ref: logicalIdOf(stack.fanOut.function) } }],
    });
  });

  it('fire when more than 1% of API requests answer 5xx for two 5-minute periods', () => {
    const alarm = alarms.Api5xxRate;
    expect(alarm).toMatchObject({
      Threshold: 1,
      EvaluationPeriods: 2,
      ComparisonOperator: 'GreaterThanThreshold',
    });
    const [expression, ...inputs] = (alarm as Record<string, unknown>).Metrics as {
      Expression?: string;
      MetricStat?: { Metric: { MetricName: string } };
    }[];
    expect(expression?.Expression).toBe('IF(requests > 0, 100 * errors / requests, 0)');
    expect(inputs.map((input) => input.MetricStat?.Metric.MetricName).sort()).toEqual(['5xx', 'Count']);
  });

  it('fire on any error or throttle of every background function, and of none serving a route', () => {
    const background = [
      ...stack.workers.functions.values(),
      stack.fanOut.function,
      stack.reconciler.function,
      // The WebSocket routes answer no HTTP status an API alarm could see.
      ...stack.realtime.functions.values(),
      stack.realtime.greeter,
    ].map((fn) => logicalIdOf(fn));
    for (const [name, metricName] of [
      ['BackgroundErrors', 'Errors'],
      ['BackgroundThrottles', 'Throttles'],
    ] as const) {
      const alarm = alarms[name];
      expect(alarm).toMatchObject({ Threshold: 1, EvaluationPeriods: 1 });
      const inputs = (
        (alarm as Record<string, unknown>).Metrics as {
          MetricStat?: { Metric: { MetricName: string; Dimensions: { Value: { Ref: string } }[] } };
        }[]
      ).flatMap((metric) => (metric.MetricStat ? [metric.MetricStat.Metric] : []));
      expect(inputs.every((metric) => metric.MetricName === metricName)).toBe(true);
      expect(inputs.map((metric) => metric.Dimensions[0]?.Value.Ref).sort()).toEqual([...background].sort());
    }
  });

  it('fire when the reconciler finds overdue work in three 5-minute periods running', () => {
    expect(alarms.ReconcilerFindsOverdueWork).toMatchObject({
      Namespace: metricsNamespace,
      MetricName: metricNames.reconcilerFinds,
      Dimensions: [
        { Name: 'service', Value: 'collab-backend' },
        { Name: 'stage', Value: 'test' },
      ],
      Statistic: 'Sum',
      Period: 300,
      Threshold: 1,
      EvaluationPeriods: 3,
    });
  });
});

describe('Quarantine alarm', () => {
  it('fires when the reconciler quarantines any due item in a 5-minute period', () => {
    expect(alarms.ReconcilerQuarantinedWork).toMatchObject({
      Namespace: metricsNamespace,
      MetricName: metricNames.reconcilerQuarantined,
      Dimensions: [
        { Name: 'service', Value: 'collab-backend' },
        { Name: 'stage', Value: 'test' },
      ],
      Statistic: 'Sum',
      Period: 300,
      Threshold: alarmThresholds.reconcilerQuarantined,
      EvaluationPeriods: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      AlarmActions: [expect.anything()],
    });
  });
});

describe('Dashboard', () => {
  it('shows the API and the delivery pipeline on one dashboard', () => {
    const dashboards = ofType('AWS::CloudWatch::Dashboard');
    expect(dashboards).toHaveLength(1);
    expect(dashboards[0]?.[1].Properties.DashboardName).toEqual({
      'Fn::Join': ['', ['collab-backend-test-', { Ref: 'AWS::Region' }]],
    });
    const body = JSON.stringify(dashboards[0]?.[1].Properties.DashboardBody);
    for (const title of [
      'Requests and errors',
      'Latency',
      'Route errors by status',
      'Deliveries by outcome',
      'Dead-letter queues',
      'Background functions',
    ]) {
      expect(body).toContain(title);
    }
    for (const name of Object.values(metricNames).filter((name) => name !== metricNames.routeErrors)) {
      expect(body).toContain(name);
    }
  });
});

describe('cdk-nag (AwsSolutions)', () => {
  /** Synthesises a stack with the AwsSolutions checks and CDK's validation on (the tests switch it off). */
  const synthNagged = (extra?: (stack: CollabStack) => void) => {
    const app = testApp();
    const nagStack = new CollabStack(app, 'collab-backend-nag', { stage: 'test', projectRoot });
    extra?.(nagStack);
    Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
    const saved = process.env.CDK_VALIDATION;
    delete process.env.CDK_VALIDATION;
    try {
      return Template.fromStack(nagStack);
    } finally {
      process.env.CDK_VALIDATION = saved;
    }
  };

  it('finds nothing unacknowledged in the stack', () => {
    expect(() => synthNagged()).not.toThrow();
  });

  it('fails the synth on a finding nobody acknowledged', () => {
    expect(() => synthNagged((target) => new Secret(target, 'Unrotated'))).toThrow(/AwsSolutions-SMG4/);
  });
});

describe('Resource budget', () => {
  it("leaves every stack room for 20 more routes under CloudFormation's 500 resources", () => {
    const total = Object.keys(resources).length;
    // The last route whose domain keeps others: its nested stack stays, so only its own resources go.
    const dropped = routes.findLast((route) =>
      routes.some((other) => other !== route && other.domain === route.domain),
    );
    const oneRouteFewer = Object.keys(
      synth({ routes: routes.filter((route) => route !== dropped) }).resources,
    ).length;
    const perRoute = total - oneRouteFewer;
    process.stdout.write(`collab app: ${total} resources in all stacks, ${perRoute} per route\n`);
    expect(perRoute).toBe(4);
    for (const [path, count] of resourceCounts(stack)) {
      process.stdout.write(`  ${path}: ${count} resources, ${count + 20 * perRoute} with 20 more routes\n`);
      expect(count + 20 * perRoute).toBeLessThanOrEqual(500);
    }
  });
});

it('keeps the data key out of the template and every function configuration', () => {
  expect(JSON.stringify(resources)).not.toMatch(/resolve:secretsmanager/);
  synthesised.template.allResourcesProperties('AWS::Lambda::Function', {
    Environment: {
      Variables: Match.objectLike({
        DATA_KEY_SECRET_ID: { Ref: logicalIdOf(stack.node.findChild('DataKey')) },
      }),
    },
  });
  for (const [, fn] of ofType('AWS::Lambda::Function'))
    expect(fn.Properties.Environment.Variables.DATA_KEY).toBeUndefined();
});
