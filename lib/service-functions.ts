import type { Duration } from 'aws-cdk-lib';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import type { ApplicationLogLevel, RecursiveLoop } from 'aws-cdk-lib/aws-lambda';
import type { ILogGroup } from 'aws-cdk-lib/aws-logs';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { queueUrlEnvName } from '../shared/queues/queues';
import { type FunctionAccess, FunctionRoles, type RealtimeGrant } from './function-roles';
import type { ServiceQueues } from './queues';
import { ServiceFunction } from './service-function';

/** Longest description Lambda accepts. */
const maxDescriptionLength = 256;

/**
 * The per-API-key fair shares of a deployment (decisions §64); each one the env module's default
 * when omitted.
 */
export interface FairShareSettings {
  /** `API_KEY_REQUEST_RATE`: HTTP requests per second of one API key; 0 turns it off. */
  readonly requestRate?: number;
  /** `API_KEY_REALTIME_RATE`: realtime connects and frames per second of one API key; 0 turns it off. */
  readonly realtimeRate?: number;
  /** `API_KEY_JOB_SLOTS`: background jobs of one API key running at once, at least 1. */
  readonly jobSlots?: number;
}

/** The environment variable of each fair-share setting, and the least value it accepts. */
export const fairShareVariables = {
  requestRate: { name: 'API_KEY_REQUEST_RATE', min: 0 },
  realtimeRate: { name: 'API_KEY_REALTIME_RATE', min: 0 },
  jobSlots: { name: 'API_KEY_JOB_SLOTS', min: 1 },
} as const satisfies Record<keyof FairShareSettings, { name: string; min: number }>;

/** The configured fair-share settings as environment variables (none for an omitted one). */
const fairShareEnvironment = (settings: FairShareSettings = {}): Record<string, string> =>
  Object.fromEntries(
    Object.entries(fairShareVariables).flatMap(([key, variable]) => {
      const value = settings[key as keyof FairShareSettings];
      return value === undefined ? [] : [[variable.name, String(value)]];
    }),
  );

export interface ServiceFunctionsProps {
  readonly stage: string;
  readonly projectRoot: string;
  readonly table: ITableV2;
  readonly queues: ServiceQueues;
  /**
   * The data keyring's secret: functions get its ARN (`DATA_KEY_SECRET_ID`) and read it at run time
   * (`shared/security/keyring.ts`); its value is never in a template or a function's configuration.
   */
  readonly dataKey: ISecret;
  /** The log group every function writes to. */
  readonly logGroup: ILogGroup;
  /** Application log level of every function. */
  readonly logLevel: ApplicationLogLevel;
  readonly allowPublicWorkspaceCreation: boolean;
  /** Judgment-search embedder; `bedrock` grants every role with table access Titan v2 InvokeModel. */
  readonly embedder: 'hashed' | 'bedrock';
  /**
   * Whether functions get the reserved concurrency they ask for. Off for accounts whose concurrency
   * limit cannot spare it (AWS refuses reservations that leave fewer than 100 unreserved).
   */
  readonly reserveConcurrency: boolean;
  /** `MAX_WEBHOOK_ENDPOINTS_PER_API_KEY` for every function; the env module's default when omitted. */
  readonly maxWebhookEndpointsPerApiKey?: number;
  /** `MAX_DOCUMENT_BYTES` when configured. */
  readonly maxDocumentBytes?: number;
  /**
   * The fair-share settings, for every function: the HTTP routes and realtime functions read the
   * rates, the background-job worker the slots (one place, so no reader can be missed).
   */
  readonly fairShare?: FairShareSettings;
}

/** What makes one function: its handler file, declared access and runtime settings. */
export interface ServiceFunctionSpec {
  readonly file: string;
  readonly access: FunctionAccess;
  readonly description: string;
  readonly timeout?: Duration;
  /** Concurrency to reserve for it; applied only while the stack reserves concurrency. */
  readonly reservedConcurrency?: number;
  readonly recursiveLoop?: RecursiveLoop;
  /** Asynchronous invocations: retries after a failure. */
  readonly retryAttempts?: number;
  /** Asynchronous invocations: how long a (throttled) event may wait before it is dropped. */
  readonly maxEventAge?: Duration;
  /** Settings only this function reads, besides the shared environment. */
  readonly environment?: Record<string, string>;
}

/**
 * Makes the service's functions — route handlers and queue workers alike — with the shared
 * environment and the role of their declared access profile, never more.
 */
export class ServiceFunctions extends Construct {
  private readonly roles: FunctionRoles;
  /** The WebSocket API's management endpoint, for functions with realtime access. */
  private realtimeEndpoint: string | undefined;
  /** Every function made so far, in creation order (monitoring and tests iterate them). */
  readonly all: ServiceFunction[] = [];

  constructor(
    scope: Construct,
    id: string,
    private readonly props: ServiceFunctionsProps,
  ) {
    super(scope, id);
    this.roles = new FunctionRoles(this, 'Roles', {
      table: props.table,
      logGroup: props.logGroup,
      queues: props.queues,
      invokeEmbeddingModel: props.embedder === 'bedrock',
      dataKey: props.dataKey,
    });
  }

  /** Lets functions with `realtime` access reach connections: their endpoint and their grant. */
  enableRealtime(realtime: { endpoint: string; grant: RealtimeGrant }): void {
    this.realtimeEndpoint = realtime.endpoint;
    this.roles.realtimeGrant = realtime.grant;
  }

  /**
   * A function for a handler file with the given access. It gets the URLs of the queues it sends to
   * and of those it consumes (`QUEUE_URL_<NAME>`).
   */
  create(scope: Construct, id: string, handler: ServiceFunctionSpec): ServiceFunction {
    const { props } = this;
    const queueNames = new Set([...handler.access.queues, ...(handler.access.consumes ?? [])]);
    const created = new ServiceFunction(scope, id, {
      projectRoot: props.projectRoot,
      logGroup: props.logGroup,
      logLevel: props.logLevel,
      handlerFile: handler.file,
      role: this.roles.roleFor(handler.access),
      description: handler.description.slice(0, maxDescriptionLength),
      timeout: handler.timeout,
      reservedConcurrentExecutions: props.reserveConcurrency ? handler.reservedConcurrency : undefined,
      recursiveLoop: handler.recursiveLoop,
      retryAttempts: handler.retryAttempts,
      maxEventAge: handler.maxEventAge,
      environment: {
        TABLE_NAME: props.table.tableName,
        DATA_KEY_SECRET_ID: props.dataKey.secretArn,
        STAGE: props.stage,
        ALLOW_PUBLIC_WORKSPACE_CREATION: String(props.allowPublicWorkspaceCreation),
        EMBEDDER: props.embedder,
        POWERTOOLS_SERVICE_NAME: 'collab-backend',
        POWERTOOLS_LOG_LEVEL: props.logLevel,
        ...(props.maxWebhookEndpointsPerApiKey !== undefined && {
          MAX_WEBHOOK_ENDPOINTS_PER_API_KEY: String(props.maxWebhookEndpointsPerApiKey),
        }),
        ...(props.maxDocumentBytes !== undefined && { MAX_DOCUMENT_BYTES: String(props.maxDocumentBytes) }),
        ...fairShareEnvironment(props.fairShare),
        ...(handler.access.realtime && this.realtimeEndpoint && { REALTIME_ENDPOINT: this.realtimeEndpoint }),
        ...Object.fromEntries(
          [...queueNames].map((name) => [queueUrlEnvName(name), props.queues.queue(name).queueUrl]),
        ),
        ...handler.environment,
      },
    });
    this.all.push(created);
    return created;
  }
}
