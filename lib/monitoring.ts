import { CfnOutput, Duration, Stack } from 'aws-cdk-lib';
import {
  Alarm,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  type IMetric,
  MathExpression,
  Metric,
  TextWidget,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import { metricNames, metricsNamespace, metricsServiceName } from '../shared/observability/metric-names';
import { queueDefinitions } from '../shared/queues/queues';
import type { ServiceHttpApi } from './http-api';
import type { ServiceQueues } from './queues';
import type { ServiceFunction } from './service-function';
import type { ServiceFunctions } from './service-functions';

export interface MonitoringProps {
  readonly stage: string;
  /** Every function of the stack; those that serve no route are the background ones. */
  readonly functions: ServiceFunctions;
  readonly api: ServiceHttpApi;
  readonly queues: ServiceQueues;
  /** The table-stream consumer, whose iterator age says how far behind the outbox it is. */
  readonly fanOut: ServiceFunction;
  readonly alarmEmail?: string;
}

/** The thresholds of the alarms, in one place (decisions §35 explains each). */
export const alarmThresholds = {
  /** Any message in a dead-letter queue is work that failed for good. */
  deadLetterMessages: 1,
  /** The fan-out is this far behind the table stream (ms), for three minutes running. */
  streamIteratorAgeMs: 60_000,
  /** Percentage of API requests answered 5xx, over two 5-minute periods running. */
  serverErrorPercent: 1,
  /** Errors of the background functions in 5 minutes. */
  backgroundErrors: 1,
  /** Throttled invocations of the background functions in 5 minutes. */
  backgroundThrottles: 1,
  /** The reconciler found overdue work in three 5-minute periods running: something keeps losing it. */
  reconcilerFinds: 1,
  /**
   * Age (s) of the oldest `stream-failures` message: the reconciler drains that queue every minute,
   * so one left for 15 minutes means the reconciler is stuck or failing.
   */
  streamFailuresAgeSeconds: 900,
  /** Any due item quarantined in 5 minutes: its handler failed too often in a row. */
  reconcilerQuarantined: 1,
} as const;

/** CloudWatch alarms on metric math take at most 10 metrics. */
const metricsPerExpression = 10;
const fiveMinutes = Duration.minutes(5);

const chunks = <T>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, index) =>
    items.slice(index * size, (index + 1) * size),
  );

/**
 * What tells an operator the service is unwell: alarms on the dead-letter queues, the table
 * stream's iterator age, the API's 5xx rate, the background functions' errors and throttles and the
 * reconciler finding overdue work, all notifying one SNS topic (output `AlarmTopicArn`), and one
 * dashboard with the API and the delivery pipeline. Background functions are found by iterating
 * every function the stack made, so functions added later get their alarms without a change here.
 * Route functions answer errors as 5xx responses, which the API alarm watches.
 */
export class Monitoring extends Construct {
  readonly topic: Topic;
  readonly dashboard: Dashboard;
  readonly alarms: Alarm[] = [];

  constructor(
    scope: Construct,
    id: string,
    private readonly props: MonitoringProps,
  ) {
    super(scope, id);
    this.topic = new Topic(this, 'Alarms', {
      displayName: `collab-backend ${props.stage} alarms`,
      enforceSSL: true,
    });
    if (props.alarmEmail) this.topic.addSubscription(new EmailSubscription(props.alarmEmail));
    new CfnOutput(scope, 'AlarmTopicArn', {
      value: this.topic.topicArn,
      description: 'SNS topic of the alarms: subscribe operators to it',
    });

    const serviceMetric = (
      metricName: string,
      statistic = 'Sum',
      dimensionsMap: Record<string, string> = {},
    ) =>
      new Metric({
        namespace: metricsNamespace,
        metricName,
        statistic,
        period: fiveMinutes,
        dimensionsMap: { service: metricsServiceName, stage: props.stage, ...dimensionsMap },
      });

    for (const definition of queueDefinitions) {
      const deadLetterQueue = props.queues.queue(definition.name).deadLetterQueue?.queue;
      if (!deadLetterQueue) continue;
      this.alarm(`DeadLetters-${definition.name}`, {
        metric: deadLetterQueue.metricApproximateNumberOfMessagesVisible({
          statistic: 'Maximum',
          period: fiveMinutes,
        }),
        threshold: alarmThresholds.deadLetterMessages,
        description: `Messages in the ${definition.name} dead-letter queue: inspect them, then redrive.`,
      });
    }

    this.alarm('StreamFailuresAge', {
      metric: props.queues
        .queue('stream-failures')
        .metricApproximateAgeOfOldestMessage({ statistic: 'Maximum', period: fiveMinutes }),
      threshold: alarmThresholds.streamFailuresAgeSeconds,
      description:
        'A stream-failures message waits for 15 minutes: the reconciler, which drains that queue every minute, is stuck.',
    });

    this.alarm('KeyringRefused', {
      metric: serviceMetric(metricNames.keyringRefreshFailures, 'Sum', { outcome: 'refused' }),
      threshold: 1,
      description:
        'A function refused requests: its data keyring could not be refreshed for 10 minutes (Secrets Manager unreachable or the secret gone).',
    });

    this.alarm('StreamIteratorAge', {
      metric: props.fanOut.metric('IteratorAge', { statistic: 'Maximum', period: Duration.minutes(1) }),
      threshold: alarmThresholds.streamIteratorAgeMs,
      evaluationPeriods: 3,
      description: 'The outbox fan-out lags the table stream by more than a minute.',
    });

    const api = props.api.api;
    this.alarm('Api5xxRate', {
      metric: new MathExpression({
        expression: 'IF(requests > 0, 100 * errors / requests, 0)',
        usingMetrics: {
          errors: api.metricServerError({ period: fiveMinutes, statistic: 'Sum' }),
          requests: api.metricCount({ period: fiveMinutes, statistic: 'Sum' }),
        },
        label: 'API 5xx %',
        period: fiveMinutes,
      }),
      threshold: alarmThresholds.serverErrorPercent,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 2,
      description: 'More than 1% of API requests answered 5xx for 10 minutes.',
    });

    const background = this.backgroundFunctions();
    chunks(background, metricsPerExpression).forEach((group, index) => {
      const suffix = index === 0 ? '' : `${index + 1}`;
      const sumOf = (metricName: string) =>
        new MathExpression({
          expression: `SUM([${group.map((_, position) => `m${position}`).join(', ')}])`,
          usingMetrics: Object.fromEntries(
            group.map((fn, position) => [
              `m${position}`,
              fn.metric(metricName, { statistic: 'Sum', period: fiveMinutes }),
            ]),
          ),
          period: fiveMinutes,
        });
      const names = group.map((fn) => fn.node.path.split('/').slice(1).join('/')).join(', ');
      this.alarm(`BackgroundErrors${suffix}`, {
        metric: sumOf('Errors'),
        threshold: alarmThresholds.backgroundErrors,
        description: `Invocation errors of background functions (${names}).`,
      });
      this.alarm(`BackgroundThrottles${suffix}`, {
        metric: sumOf('Throttles'),
        threshold: alarmThresholds.backgroundThrottles,
        description: `Throttled invocations of background functions (${names}).`,
      });
    });

    this.alarm('ReconcilerFindsOverdueWork', {
      metric: serviceMetric(metricNames.reconcilerFinds),
      threshold: alarmThresholds.reconcilerFinds,
      evaluationPeriods: 3,
      description:
        'The reconciler keeps finding overdue work (lost queue messages or a stalled stream) for 15 minutes.',
    });

    this.alarm('ReconcilerQuarantinedWork', {
      metric: serviceMetric(metricNames.reconcilerQuarantined),
      threshold: alarmThresholds.reconcilerQuarantined,
      description:
        'The reconciler quarantined due work whose handler kept failing: list it (npm run admin -- quarantined), fix the cause, then npm run admin -- release-quarantined.',
    });

    this.dashboard = this.buildDashboard(serviceMetric, background);
  }

  /** Functions that serve no route: queue workers, the fan-out, the reconciler, and any added later. */
  private backgroundFunctions(): ServiceFunction[] {
    const routeFunctions = new Set<ServiceFunction>(this.props.api.functions.values());
    return this.props.functions.all.filter((fn) => !routeFunctions.has(fn));
  }

  private alarm(
    id: string,
    options: {
      metric: IMetric;
      threshold: number;
      description: string;
      evaluationPeriods?: number;
      comparisonOperator?: ComparisonOperator;
    },
  ): Alarm {
    const alarm = new Alarm(this, id, {
      metric: options.metric,
      threshold: options.threshold,
      evaluationPeriods: options.evaluationPeriods ?? 1,
      comparisonOperator: options.comparisonOperator ?? ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
      alarmDescription: options.description,
    });
    alarm.addAlarmAction(new SnsAction(this.topic));
    alarm.addOkAction(new SnsAction(this.topic));
    this.alarms.push(alarm);
    return alarm;
  }

  private buildDashboard(
    serviceMetric: (metricName: string, statistic?: string, dimensionsMap?: Record<string, string>) => Metric,
    background: readonly ServiceFunction[],
  ): Dashboard {
    const { api } = this.props.api;
    const dashboard = new Dashboard(this, 'Dashboard', {
      // Dashboards are global to the account: the region keeps one stage's deployments apart.
      dashboardName: `collab-backend-${this.props.stage}-${Stack.of(this).region}`,
    });
    const graph = (title: string, left: IMetric[], right?: IMetric[]) =>
      new GraphWidget({ title, left, right, width: 12, height: 6 });
    const queueMetrics = queueDefinitions.map((definition) => this.props.queues.queue(definition.name));
    dashboard.addWidgets(
      new TextWidget({ markdown: `# collab-backend ${this.props.stage}: API`, width: 24, height: 1 }),
      graph(
        'Requests and errors',
        [api.metricCount({ period: fiveMinutes }), api.metricClientError({ period: fiveMinutes })],
        [api.metricServerError({ period: fiveMinutes })],
      ),
      graph('Latency (p50, p90, p99)', [
        api.metricLatency({ statistic: 'p50' }),
        api.metricLatency({ statistic: 'p90' }),
        api.metricLatency({ statistic: 'p99' }),
      ]),
      graph('Route errors by status (top routes: Metrics Insights)', [
        new MathExpression({
          expression: `SELECT SUM(${metricNames.routeErrors}) FROM SCHEMA("${metricsNamespace}", route, service, stage, status) WHERE stage = '${this.props.stage}' GROUP BY route, status ORDER BY SUM() DESC LIMIT 10`,
          label: 'route errors',
          period: fiveMinutes,
        }),
      ]),
      new TextWidget({ markdown: '# Delivery pipeline', width: 24, height: 1 }),
      graph(
        'Deliveries by outcome',
        ['succeeded', 'pending', 'dead', 'abandoned'].map((outcome) =>
          serviceMetric(metricNames.deliveries, 'Sum', { outcome }),
        ),
        [serviceMetric(metricNames.deadLetters), serviceMetric(metricNames.autoDisables)],
      ),
      graph(
        'Lag (ms): event to delivery, fan-out, stream iterator age',
        [serviceMetric(metricNames.eventToDeliveryLag, 'p90'), serviceMetric(metricNames.fanOutLag, 'p90')],
        [this.props.fanOut.metric('IteratorAge', { statistic: 'Maximum' })],
      ),
      graph('Attempt latency (ms)', [
        serviceMetric(metricNames.attemptLatency, 'p50'),
        serviceMetric(metricNames.attemptLatency, 'p90'),
      ]),
      graph(
        'Queues: visible messages (left), oldest message age in s (right)',
        queueMetrics.map((queue) => queue.metricApproximateNumberOfMessagesVisible()),
        queueMetrics.map((queue) => queue.metricApproximateAgeOfOldestMessage()),
      ),
      graph(
        'Dead-letter queues: visible messages',
        queueMetrics.flatMap((queue) =>
          queue.deadLetterQueue
            ? [queue.deadLetterQueue.queue.metricApproximateNumberOfMessagesVisible()]
            : [],
        ),
      ),
      graph(
        'Background functions: errors (left), throttles (right)',
        background.map((fn) => fn.metricErrors({ period: fiveMinutes })),
        background.map((fn) => fn.metricThrottles({ period: fiveMinutes })),
      ),
      graph(
        'Reconciler finds and quarantines, migration progress, provider calls and failures, keyring refresh failures',
        [
          serviceMetric(metricNames.reconcilerFinds),
          serviceMetric(metricNames.reconcilerQuarantined),
          serviceMetric(metricNames.migrationProgress),
        ],
        [
          serviceMetric(metricNames.providerCalls),
          serviceMetric(metricNames.providerFailures),
          serviceMetric(metricNames.keyringRefreshFailures),
        ],
      ),
    );
    return dashboard;
  }
}
