import { CfnOutput, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { type RouteDefinition, routes } from '../shared/http/routes';
import type { QueueDefinition } from '../shared/queues/queues';
import { DataTable } from './data-table';
import { EventFanOut } from './event-fanout';
import { ServiceHttpApi } from './http-api';
import { QueueWorkers } from './queue-workers';
import { ServiceQueues } from './queues';
import { RealtimeApi } from './realtime-api';
import { Reconciler } from './reconciler';
import { ServiceFunctions } from './service-functions';

export interface CollabStackProps extends StackProps {
  /** Deployment stage (`dev`, `prod`, ...), passed to the functions as `STAGE`. */
  readonly stage: string;
  /** Absolute path of the project root, where handler files and package-lock.json live. */
  readonly projectRoot: string;
  /** The routes to deploy; the route table unless a test needs a route shape it lacks. */
  readonly routes?: readonly RouteDefinition[];
  /** The queues and their consumers; the queue table unless a test needs another shape. */
  readonly queueDefinitions?: readonly QueueDefinition[];
  /** Whether anyone may call `workspace/create` (addendum §3); true when omitted. */
  readonly allowPublicWorkspaceCreation?: boolean;
  /** Embedder of judgment search (`EMBEDDER`); `bedrock` also grants Titan v2 InvokeModel. Default hashed. */
  readonly embedder?: 'hashed' | 'bedrock';
  /**
   * Whether the background functions get reserved concurrency (`lib/worker-concurrency.ts`: 36 in
   * all). True when omitted; false for accounts whose concurrency limit cannot spare it (AWS
   * refuses reservations that leave fewer than 100 unreserved). Event-source caps stay either way.
   */
  readonly reservedConcurrency?: boolean;
  /** `MAX_WEBHOOK_ENDPOINTS_PER_API_KEY` of the deployment; the env module's default (50) when omitted. */
  readonly maxWebhookEndpointsPerApiKey?: number;
}

/**
 * The whole service in one environment-agnostic stack (no lookups, so it synthesises offline):
 * the table, the queues, the data-key secret, the HTTP API with one function per route, and the
 * background functions (queue workers, the stream fan-out, the scheduled reconciler).
 */
export class CollabStack extends Stack {
  readonly http: ServiceHttpApi;
  readonly realtime: RealtimeApi;
  readonly workers: QueueWorkers;
  readonly data: DataTable;
  readonly queues: ServiceQueues;
  readonly fanOut: EventFanOut;
  readonly reconciler: Reconciler;

  constructor(scope: Construct, id: string, props: CollabStackProps) {
    super(scope, id, props);
    const maxEndpoints = props.maxWebhookEndpointsPerApiKey;
    if (maxEndpoints !== undefined && !(Number.isInteger(maxEndpoints) && maxEndpoints > 0)) {
      throw new Error(`maxWebhookEndpointsPerApiKey must be a positive integer; got ${String(maxEndpoints)}`);
    }
    this.data = new DataTable(this, 'Data');
    this.queues = new ServiceQueues(this, 'Queues');

    // The master secret from which page-token and stored-secret keys are derived.
    const dataKey = new Secret(this, 'DataKey', {
      description: `collab-backend ${props.stage} DATA_KEY`,
      generateSecretString: { excludePunctuation: true, passwordLength: 64 },
      // Losing it makes every encrypted secret and page token in the retained table unreadable.
      removalPolicy: RemovalPolicy.RETAIN,
    });

    const functions = new ServiceFunctions(this, 'Functions', {
      stage: props.stage,
      projectRoot: props.projectRoot,
      table: this.data.table,
      queues: this.queues,
      dataKey,
      allowPublicWorkspaceCreation: props.allowPublicWorkspaceCreation ?? true,
      embedder: props.embedder ?? 'hashed',
      reserveConcurrency: props.reservedConcurrency ?? true,
      maxWebhookEndpointsPerApiKey: maxEndpoints,
    });
    // Before the HTTP API: routes that broadcast need the WebSocket API's endpoint and grant.
    this.realtime = new RealtimeApi(this, 'Realtime', { stage: props.stage, functions });
    this.http = new ServiceHttpApi(this, 'Http', {
      stage: props.stage,
      routes: props.routes ?? routes,
      functions,
    });
    this.workers = new QueueWorkers(this, 'Workers', {
      queues: this.queues,
      functions,
      definitions: props.queueDefinitions,
    });

    this.fanOut = new EventFanOut(this, 'EventFanOut', {
      table: this.data.table,
      functions,
      failedRecords: this.queues.queue('stream-failures'),
    });
    this.reconciler = new Reconciler(this, 'Reconciler', { functions });

    new CfnOutput(this, 'ApiUrl', { value: this.http.api.apiEndpoint, description: 'Base URL of the API' });
    new CfnOutput(this, 'RealtimeUrl', {
      value: this.realtime.stage.url,
      description: 'WebSocket URL of the realtime API (addendum §9)',
    });
    new CfnOutput(this, 'TableName', { value: this.data.table.tableName });
  }
}
