import { type CfnElement, Stack, Validations } from 'aws-cdk-lib';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { type IRole, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { ILogGroup } from 'aws-cdk-lib/aws-logs';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import type { DbAccess } from '../shared/api/routes';
import type { QueueName } from '../shared/core/queue-names';
import type { ServiceQueues } from './queues';

/** What a function may touch, as declared by its route (or, for a worker, its queue). */
export interface FunctionAccess {
  readonly db: DbAccess;
  /** Queues it sends to. */
  readonly queues: readonly QueueName[];
  /** Queues it consumes (workers only). */
  readonly consumes?: readonly QueueName[];
  /**
   * Gives the function a role of its own, named by this value, instead of the role it would share
   * with every function of the same declared access. For functions whose event sources add grants
   * to their role (a table stream's read, an on-failure destination's send): on a shared role those
   * grants would reach every function sharing it.
   */
  readonly dedicated?: string;
  /** Whether it posts to (and closes) realtime connections: `execute-api:ManageConnections`. */
  readonly realtime?: boolean;
}

/**
 * A stable name for an access profile: `read-write+webhook-delivery`, or
 * `dedicated-event-fanout+read-write+webhook-delivery` for a dedicated role; queue order does not matter.
 */
export function accessProfile(access: FunctionAccess): string {
  const consumes = [...new Set(access.consumes ?? [])].sort().map((name) => `consume-${name}`);
  const dedicated = access.dedicated === undefined ? [] : [`dedicated-${access.dedicated}`];
  const realtime = access.realtime ? ['realtime'] : [];
  return [...dedicated, access.db, ...[...new Set(access.queues)].sort(), ...consumes, ...realtime].join('+');
}

const constructIdOf = (profile: string) =>
  profile
    .split(/[^a-zA-Z0-9]+/)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');

/**
 * Item-level actions per declared access, listed instead of `grantReadData` so that no request
 * function may Scan. Transactions need the actions of the operations they contain.
 */
const tableActions = {
  read: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', 'dynamodb:ConditionCheckItem'],
  'read-write': [
    'dynamodb:GetItem',
    'dynamodb:BatchGetItem',
    'dynamodb:Query',
    'dynamodb:ConditionCheckItem',
    'dynamodb:PutItem',
    'dynamodb:UpdateItem',
    'dynamodb:DeleteItem',
    'dynamodb:BatchWriteItem',
  ],
} as const;

export interface FunctionRolesProps {
  readonly table: ITableV2;
  /** The log group the functions write to: the only logging a role may do. */
  readonly logGroup: ILogGroup;
  readonly queues: ServiceQueues;
  /**
   * Whether functions embed judgments with Bedrock (EMBEDDER=bedrock): roles with table access
   * (activity writers and memory search among them) may then invoke Titan Text Embeddings v2.
   */
  readonly invokeEmbeddingModel?: boolean;
  /**
   * The data keyring's secret: roles with table access (the functions that seal and open stored
   * secrets and page tokens) may read its value, and do nothing else with it.
   */
  readonly dataKey?: ISecret;
}

/** Grants a role what realtime access needs (set by the WebSocket API once it exists). */
export type RealtimeGrant = (role: IRole) => void;

/**
 * One IAM role per distinct access profile (db access × queues), created on first use. Sharing a
 * role between functions with the same declared access keeps least privilege while costing a
 * handful of resources instead of two per function — the stack must stay under CloudFormation's
 * 500-resource limit with ~70 routes. A dedicated profile's role serves exactly one function.
 */
export class FunctionRoles extends Construct {
  private readonly rolesByProfile = new Map<string, Role>();
  /** How to grant realtime access; roles asking for it before it is set are an error. */
  realtimeGrant: RealtimeGrant | undefined;

  constructor(
    scope: Construct,
    id: string,
    private readonly props: FunctionRolesProps,
  ) {
    super(scope, id);
  }

  /** The role for an access profile, creating it (with its grants) the first time it is asked for. */
  roleFor(access: FunctionAccess): IRole {
    const profile = accessProfile(access);
    const existing = this.rolesByProfile.get(profile);
    if (existing && access.dedicated !== undefined) {
      throw new Error(`The role ${access.dedicated} is dedicated to one function; it was asked for twice`);
    }
    if (existing) return existing;

    const role = new Role(this, constructIdOf(profile), {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description:
        access.dedicated === undefined
          ? `Lambda functions with access profile ${profile}`
          : `Lambda function ${access.dedicated} only, access profile ${profile}`,
    });
    // Instead of AWSLambdaBasicExecutionRole (logs:* on every group): write to the shared group only.
    this.props.logGroup.grantWrite(role);
    if (access.db !== 'none') {
      this.props.table.grant(role, ...tableActions[access.db]);
      const table = Stack.of(this).getLogicalId(this.props.table.node.defaultChild as CfnElement);
      Validations.of(role).acknowledge({
        id: `AwsSolutions-IAM5[Resource::<${table}.Arn>/index/*]`,
        reason:
          'Query on the global secondary indexes (the access patterns of shared/db/keys.ts) needs <table>/index/*.',
      });
    }
    if (access.db !== 'none' && this.props.dataKey) {
      role.addToPolicy(
        new PolicyStatement({
          actions: ['secretsmanager:GetSecretValue'],
          resources: [this.props.dataKey.secretArn],
        }),
      );
    }
    if (access.db !== 'none' && this.props.invokeEmbeddingModel) {
      role.addToPolicy(
        new PolicyStatement({
          actions: ['bedrock:InvokeModel'],
          resources: [
            `arn:${Stack.of(this).partition}:bedrock:${Stack.of(this).region}::foundation-model/amazon.titan-embed-text-v2:0`,
          ],
        }),
      );
    }
    if (access.realtime) {
      if (!this.realtimeGrant)
        throw new Error(`Realtime access (${profile}) asked for before the WebSocket API exists`);
      this.realtimeGrant(role);
    }
    for (const name of new Set(access.queues)) this.props.queues.queue(name).grantSendMessages(role);
    for (const name of new Set(access.consumes)) this.props.queues.queue(name).grantConsumeMessages(role);
    this.rolesByProfile.set(profile, role);
    return role;
  }
}
