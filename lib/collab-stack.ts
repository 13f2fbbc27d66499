import { CfnOutput, RemovalPolicy, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import { ApplicationLogLevel } from 'aws-cdk-lib/aws-lambda';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { type RouteDefinition, routes } from '../shared/api/routes';
import { frameAncestors } from '../shared/config/env';
import { pages } from '../shared/http/pages';
import { type QueueDefinition, queueDefinitions, queueUrlEnvName } from '../shared/queues/queues';
import { DataTable } from './data-table';
import { EventFanOut } from './event-fanout';
import { ServiceHttpApi } from './http-api';
import { ServiceLogs } from './logging';
import { Monitoring } from './monitoring';
import { QueueWorkers } from './queue-workers';
import { ServiceQueues } from './queues';
import { RealtimeApi } from './realtime-api';
import { Reconciler } from './reconciler';
import { type FairShareSettings, fairShareVariables, ServiceFunctions } from './service-functions';

export interface CollabStackProps extends StackProps {
  /** Deployment stage (`dev`, `prod`, ...), passed to the functions as `STAGE`. */
  readonly stage: string;
  /** Absolute path of the project root, where handler files and package-lock.json live. */
  readonly projectRoot: string;
  /** The routes to deploy; the route table unless a test needs a route shape it lacks. */
  readonly routes?: readonly RouteDefinition[];
  /** The queues and their consumers; the queue table unless a test needs another shape. */
  readonly queueDefinitions?: readonly QueueDefinition[];
  /**
   * Whether anyone may call `workspace/create` (addendum §3); when omitted, false on the `prod`
   * stage (the operator creates workspaces with `npm run admin -- create-workspace`), true on others.
   */
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
  /** `MAX_DOCUMENT_BYTES` (addendum §12 `maxDocumentBytes`); the env module's default (8 MiB) when omitted. */
  readonly maxDocumentBytes?: number;
  /**
   * Per-API-key fair shares (decisions §64): `API_KEY_REQUEST_RATE` (50/s), `API_KEY_REALTIME_RATE`
   * (500/s; 0 turns either rate off) and `API_KEY_JOB_SLOTS` (2); the env defaults when omitted.
   */
  readonly apiKeyFairShare?: FairShareSettings;
  /**
   * `PORTAL_FRAME_ANCESTORS` of the portal page: the CSP sources that may show it in a frame (an app
   * embedding the portal sets its own origin); the env module's `'none'` when omitted.
   */
  readonly portalFrameAncestors?: string;
  /** Days the logs are kept; 30 when omitted. */
  readonly logRetentionDays?: number;
  /** Application log level of the functions; INFO when omitted. */
  readonly logLevel?: 'DEBUG' | 'INFO' | 'WARN' | 'ERROR';
  /** The API stage's throttle (requests per second); 200 steady, 400 burst when omitted. */
  readonly apiThrottle?: { readonly rateLimit: number; readonly burstLimit: number };
  /** Subscribed to the alarm topic when given. */
  readonly alarmEmail?: string;
  /** The table's deletion protection; on unless the stage is `dev` when omitted. */
  readonly tableDeletionProtection?: boolean;
}

/** Throws unless a numeric setting given as a prop is omitted or an integer of at least `min` (0 or 1). */
function requireInteger(name: string, value: number | undefined, min: 0 | 1): void {
  if (value === undefined || (Number.isInteger(value) && value >= min)) return;
  const kind = min === 1 ? 'a positive integer' : 'a non-negative integer';
  throw new Error(`${name} must be ${kind}; got ${String(value)}`);
}

/**
 * The whole service in one environment-agnostic stack (no lookups, so it synthesises offline):
 * the table, the queues, the data-key secret, the HTTP API with one function per route, and the
 * background functions (queue workers, the stream fan-out, the scheduled reconciler). The route
 * functions sit in one nested stack per domain (`lib/route-stacks.ts`), deployed with this one.
 */
export class CollabStack extends Stack {
  readonly http: ServiceHttpApi;
  readonly realtime: RealtimeApi;
  readonly workers: QueueWorkers;
  readonly data: DataTable;
  readonly queues: ServiceQueues;
  readonly fanOut: EventFanOut;
  readonly reconciler: Reconciler;
  readonly logs: ServiceLogs;
  readonly monitoring: Monitoring;

  constructor(scope: Construct, id: string, props: CollabStackProps) {
    super(scope, id, props);
    const maxEndpoints = props.maxWebhookEndpointsPerApiKey;
    requireInteger('maxWebhookEndpointsPerApiKey', maxEndpoints, 1);
    requireInteger('maxDocumentBytes', props.maxDocumentBytes, 1);
    for (const [key, variable] of Object.entries(fairShareVariables)) {
      requireInteger(
        `apiKeyFairShare.${key}`,
        props.apiKeyFairShare?.[key as keyof FairShareSettings],
        variable.min,
      );
    }
    if (
      props.portalFrameAncestors !== undefined &&
      !frameAncestors.safeParse(props.portalFrameAncestors).success
    )
      throw new Error(
        `portalFrameAncestors must be 'none' or CSP sources separated by spaces; got ${props.portalFrameAncestors}`,
      );
    const protectedStage = props.tableDeletionProtection ?? props.stage !== 'dev';
    this.data = new DataTable(this, 'Data', { deletionProtection: protectedStage });
    this.logs = new ServiceLogs(this, 'Logs', {
      retention: (props.logRetentionDays ?? 30) as RetentionDays,
      retain: protectedStage,
    });
    this.queues = new ServiceQueues(this, 'Queues');

    // The data keyring (one master secret at first) from which page-token and stored-secret keys are
    // derived; functions read it at run time (decisions §35).
    const dataKey = new Secret(this, 'DataKey', {
      description: `collab-backend ${props.stage} DATA_KEY`,
      generateSecretString: { excludePunctuation: true, passwordLength: 64 },
      // Losing it makes every encrypted secret and page token in the retained table unreadable.
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(dataKey).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'Rotated by the operator, not a rotation Lambda: a new key joins the keyring, old values are re-sealed (npm run admin -- reseal-secrets), then the old key leaves (decisions §35).',
    });

    const functions = new ServiceFunctions(this, 'Functions', {
      stage: props.stage,
      projectRoot: props.projectRoot,
      table: this.data.table,
      queues: this.queues,
      dataKey,
      logGroup: this.logs.functions,
      logLevel: ApplicationLogLevel[props.logLevel ?? 'INFO'],
      allowPublicWorkspaceCreation: props.allowPublicWorkspaceCreation ?? props.stage !== 'prod',
      embedder: props.embedder ?? 'hashed',
      reserveConcurrency: props.reservedConcurrency ?? true,
      maxWebhookEndpointsPerApiKey: maxEndpoints,
      maxDocumentBytes: props.maxDocumentBytes,
      fairShare: props.apiKeyFairShare,
    });
    // Before the HTTP API and the workers: routes that broadcast and the worker that closes
    // connections need the WebSocket API's endpoint and grant.
    const throttle = props.apiThrottle ?? { rateLimit: 200, burstLimit: 400 };
    this.realtime = new RealtimeApi(this, 'Realtime', { stage: props.stage, functions, throttle });
    this.http = new ServiceHttpApi(this, 'Http', {
      stage: props.stage,
      routes: props.routes ?? routes,
      pages,
      portalFrameAncestors: props.portalFrameAncestors,
      functions,
      throttle,
      accessLog: this.logs.apiAccess,
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

    this.monitoring = new Monitoring(this, 'Monitoring', {
      stage: props.stage,
      functions,
      api: this.http,
      queues: this.queues,
      fanOut: this.fanOut.function,
      alarmEmail: props.alarmEmail,
    });

    new CfnOutput(this, 'ApiUrl', { value: this.http.api.apiEndpoint, description: 'Base URL of the API' });
    new CfnOutput(this, 'RealtimeUrl', {
      value: this.realtime.stage.url,
      description: 'WebSocket URL of the realtime API (addendum §9)',
    });
    new CfnOutput(this, 'TableName', { value: this.data.table.tableName });
    // What `npm run admin` needs besides the table (README "Operating it").
    new CfnOutput(this, 'DataKeySecretArn', {
      value: dataKey.secretArn,
      description: 'DATA_KEY_SECRET_ID for npm run admin',
    });
    for (const definition of queueDefinitions) {
      new CfnOutput(
        this,
        `QueueUrl${definition.name.replace(/(^|-)(\w)/g, (_, _dash, letter: string) => letter.toUpperCase())}`,
        {
          value: this.queues.queue(definition.name).queueUrl,
          description: `${queueUrlEnvName(definition.name)} for npm run admin -- redrive-dead-letters`,
        },
      );
    }
  }
}
