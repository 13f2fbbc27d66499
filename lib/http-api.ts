import { CorsHttpMethod, HttpApi, HttpMethod } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { handlerFile, type RouteDefinition, routeId } from '../shared/http/routes';
import { queueUrlEnvName } from '../shared/queues/queues';
import { type FunctionAccess, FunctionRoles } from './function-roles';
import type { ServiceQueues } from './queues';
import { ServiceFunction } from './service-function';

/** The handler of API Gateway's `$default` route: every request no route matches. */
const unroutedHandlerFile = 'functions/http/unrouted.ts';

/** Longest description Lambda accepts. */
const maxDescriptionLength = 256;

export interface ServiceHttpApiProps {
  readonly stage: string;
  readonly projectRoot: string;
  readonly routes: readonly RouteDefinition[];
  readonly table: ITableV2;
  readonly queues: ServiceQueues;
  /** The master secret; resolved into each function's `DATA_KEY` at deploy time. */
  readonly dataKey: ISecret;
  readonly allowPublicWorkspaceCreation: boolean;
}

/**
 * The HTTP API: one Lambda function and one `POST <path>` route per entry of the route table, plus
 * a `$default` route answering everything else with the contract's envelope. Each function gets the
 * role of its route's declared access profile, never more.
 */
export class ServiceHttpApi extends Construct {
  readonly api: HttpApi;
  /** Functions by route name; `$default` for the fallback. Lets tests find a route's resources. */
  readonly functions = new Map<string, ServiceFunction>();

  constructor(scope: Construct, id: string, props: ServiceHttpApiProps) {
    super(scope, id);
    const roles = new FunctionRoles(this, 'Roles', { table: props.table, queues: props.queues });

    const functionFor = (
      constructId: string,
      file: string,
      access: FunctionAccess,
      description: string,
    ): ServiceFunction =>
      new ServiceFunction(this, constructId, {
        projectRoot: props.projectRoot,
        handlerFile: file,
        role: roles.roleFor(access),
        description: description.slice(0, maxDescriptionLength),
        environment: {
          TABLE_NAME: props.table.tableName,
          // A `{{resolve:secretsmanager:...}}` dynamic reference: CloudFormation resolves it at
          // deploy time, so the template holds no secret and the functions need no Secrets
          // Manager permission or per-cold-start fetch. The value is visible in the Lambda
          // configuration to whoever may read it, an accepted trade-off for this service.
          DATA_KEY: props.dataKey.secretValue.unsafeUnwrap(),
          STAGE: props.stage,
          ALLOW_PUBLIC_WORKSPACE_CREATION: String(props.allowPublicWorkspaceCreation),
          POWERTOOLS_SERVICE_NAME: 'collab-backend',
          ...Object.fromEntries(
            access.queues.map((name) => [queueUrlEnvName(name), props.queues.queue(name).queueUrl]),
          ),
        },
      });

    const unrouted = functionFor(
      'Unrouted',
      unroutedHandlerFile,
      { db: 'none', queues: [] },
      'Answers requests no route serves (405 or NOT_FOUND).',
    );
    this.functions.set('$default', unrouted);

    this.api = new HttpApi(this, 'Api', {
      apiName: `collab-backend-${props.stage}`,
      // API Gateway answers preflight itself; browsers then call the POST routes directly.
      corsPreflight: {
        allowOrigins: ['*'],
        allowMethods: [CorsHttpMethod.POST],
        allowHeaders: [
          'content-type',
          'x-svc-api-key',
          'x-svc-auth-token',
          'x-svc-workspace-id',
          'x-svc-workspace-auth-token',
        ],
        exposeHeaders: ['x-request-id'],
      },
      defaultIntegration: new HttpLambdaIntegration('UnroutedIntegration', unrouted),
    });

    for (const route of props.routes) {
      const id = routeId(route);
      const fn = functionFor(id, handlerFile(route), route, route.summary);
      this.functions.set(route.name, fn);
      this.api.addRoutes({
        path: route.path,
        methods: [HttpMethod.POST],
        integration: new HttpLambdaIntegration(`${id}Integration`, fn),
      });
    }
  }
}
