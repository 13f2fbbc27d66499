import type { Duration } from 'aws-cdk-lib';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { queueUrlEnvName } from '../shared/queues/queues';
import { type FunctionAccess, FunctionRoles } from './function-roles';
import type { ServiceQueues } from './queues';
import { ServiceFunction } from './service-function';

/** Longest description Lambda accepts. */
const maxDescriptionLength = 256;

export interface ServiceFunctionsProps {
  readonly stage: string;
  readonly projectRoot: string;
  readonly table: ITableV2;
  readonly queues: ServiceQueues;
  /** The master secret; resolved into each function's `DATA_KEY` at deploy time. */
  readonly dataKey: ISecret;
  readonly allowPublicWorkspaceCreation: boolean;
  /** Judgment-search embedder; `bedrock` grants every role with table access Titan v2 InvokeModel. */
  readonly embedder: 'hashed' | 'bedrock';
}

/**
 * Makes the service's functions — route handlers and queue workers alike — with the shared
 * environment and the role of their declared access profile, never more.
 */
export class ServiceFunctions extends Construct {
  private readonly roles: FunctionRoles;

  constructor(
    scope: Construct,
    id: string,
    private readonly props: ServiceFunctionsProps,
  ) {
    super(scope, id);
    this.roles = new FunctionRoles(this, 'Roles', {
      table: props.table,
      queues: props.queues,
      invokeEmbeddingModel: props.embedder === 'bedrock',
    });
  }

  /** A function for a handler file with the given access. */
  create(
    scope: Construct,
    id: string,
    handler: { file: string; access: FunctionAccess; description: string; timeout?: Duration },
  ): ServiceFunction {
    const { props } = this;
    return new ServiceFunction(scope, id, {
      projectRoot: props.projectRoot,
      handlerFile: handler.file,
      role: this.roles.roleFor(handler.access),
      description: handler.description.slice(0, maxDescriptionLength),
      timeout: handler.timeout,
      environment: {
        TABLE_NAME: props.table.tableName,
        // A `{{resolve:secretsmanager:...}}` dynamic reference: CloudFormation resolves it at
        // deploy time, so the template holds no secret and the functions need no Secrets
        // Manager permission or per-cold-start fetch. The value is visible in the Lambda
        // configuration to whoever may read it, an accepted trade-off for this service.
        DATA_KEY: props.dataKey.secretValue.unsafeUnwrap(),
        STAGE: props.stage,
        ALLOW_PUBLIC_WORKSPACE_CREATION: String(props.allowPublicWorkspaceCreation),
        EMBEDDER: props.embedder,
        POWERTOOLS_SERVICE_NAME: 'collab-backend',
        ...Object.fromEntries(
          handler.access.queues.map((name) => [queueUrlEnvName(name), props.queues.queue(name).queueUrl]),
        ),
      },
    });
  }
}
