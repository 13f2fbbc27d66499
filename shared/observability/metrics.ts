import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { type metricNames, metricsNamespace, metricsServiceName } from './metric-names';

/** A metric of `metricNames`. */
export type MetricName = (typeof metricNames)[keyof typeof metricNames];

let metrics: Metrics | undefined;

/**
 * Records one observation now: one embedded-metric-format line in the function's log, which
 * CloudWatch turns into the metric (no API call, nothing to flush). Dimensions are `service`,
 * `stage` and the given ones. Only inside Lambda (`AWS_LAMBDA_FUNCTION_NAME`): the local stack and
 * the tests write no metric lines.
 */
export function recordMetric(
  name: MetricName,
  value: number,
  unit: 'Count' | 'Milliseconds' = 'Count',
  dimensions: Record<string, string> = {},
): void {
  if (!process.env.AWS_LAMBDA_FUNCTION_NAME) return;
  metrics ??= new Metrics({
    namespace: metricsNamespace,
    serviceName: metricsServiceName,
    defaultDimensions: { stage: process.env.STAGE ?? 'local' },
  });
  const single = metrics.singleMetric();
  for (const [key, dimension] of Object.entries(dimensions)) single.addDimension(key, dimension);
  single.addMetric(name, unit === 'Count' ? MetricUnit.Count : MetricUnit.Milliseconds, value);
}
