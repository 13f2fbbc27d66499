import { Duration } from 'aws-cdk-lib';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { Construct } from 'constructs';
import { queueDefinitions, workerTimeoutSeconds } from '../shared/queues/queues';
import type { FunctionAccess } from './function-roles';
import type { ServiceFunction } from './service-function';
import type { ServiceFunctions } from './service-functions';
import { workerConcurrency } from './worker-concurrency';

/** The scheduled sweep (shared with the local stack's timer). */
export const reconcilerWorker = 'functions/workers/reconciler.ts';

/**
 * The reconciler's access, on a role of its own: it reads and writes the table (Query on the due
 * index gsi7 included: table grants cover `<table>/index/*`), puts overdue deliveries and
 * migrations back on their queues, and receives and deletes the `stream-failures` messages. No
 * realtime access: it resumes an erasure or a migration by re-sending its message, and the
 * `document-migration` worker that runs it closes the connections.
 */
export const reconcilerAccess: FunctionAccess = {
  db: 'read-write',
  queues: ['webhook-delivery', 'document-migration'],
  consumes: ['stream-failures'],
  dedicated: 'reconciler',
};

const streamFailures = queueDefinitions.find((definition) => definition.name === 'stream-failures');

export interface ReconcilerProps {
  readonly functions: ServiceFunctions;
}

/**
 * Runs the reconciler every minute. An EventBridge rule (aws-events) rather than an EventBridge
 * Scheduler schedule: a fixed rate needs none of Scheduler's extras (time zones, one-off
 * schedules, flexible windows), and a rule invokes through the function's resource policy, where a
 * schedule needs an IAM role of its own — one resource fewer against the 500-resource limit.
 *
 * Reserved concurrency 1 keeps sweeps from overlapping. EventBridge invokes asynchronously, so a
 * tick that arrives while a sweep still runs is throttled and would wait in Lambda's event queue
 * (retried for up to 6 hours); a one-minute maximum event age drops it instead (the next tick
 * takes its place), and a failed sweep is not retried for the same reason.
 */
export class Reconciler extends Construct {
  readonly function: ServiceFunction;
  readonly rule: Rule;

  constructor(scope: Construct, id: string, props: ReconcilerProps) {
    super(scope, id);
    if (!streamFailures) throw new Error('No queue definition for stream-failures');
    this.function = props.functions.create(this, 'Function', {
      file: reconcilerWorker,
      access: reconcilerAccess,
      description: 'Every minute: resumes overdue work from the due index and failed stream batches.',
      // It consumes `stream-failures`, whose visibility timeout is derived from this.
      timeout: Duration.seconds(workerTimeoutSeconds(streamFailures)),
      reservedConcurrency: workerConcurrency.reconciler,
      retryAttempts: 0,
      maxEventAge: Duration.minutes(1),
    });
    this.rule = new Rule(this, 'Schedule', {
      description: 'Runs the reconciler every minute.',
      schedule: Schedule.rate(Duration.minutes(1)),
      targets: [new LambdaFunction(this.function)],
    });
  }
}
