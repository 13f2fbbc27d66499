import { Duration, Validations } from 'aws-cdk-lib';
import { type CfnStage, CorsHttpMethod, HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { ILogGroup } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { handlerFile, type RouteDefinition, routeId } from '../shared/api/routes';
import { corsPolicy } from '../shared/http/cors';
import { type PageDefinition, pageHandlerFile, pageId, pageRouteKey } from '../shared/http/pages';
import type { FunctionAccess } from './function-roles';
import { addNestedLambdaRoute, RouteStacks } from './route-stacks';
import type { ServiceFunction } from './service-function';
import type { ServiceFunctions } from './service-functions';

/** The handler of API Gateway's `$default` route: every request no route matches. */
const unroutedHandlerFile = 'functions/http/unrouted.ts';

export interface ServiceHttpApiProps {
  readonly stage: string;
  readonly routes: readonly RouteDefinition[];
  /** The pages the service serves (`GET <path>`, shared/http/pages.ts). */
  readonly pages: readonly PageDefinition[];
  /** `PORTAL_FRAME_ANCESTORS` of the page functions; the env module's default (`'none'`) when omitted. */
  readonly portalFrameAncestors?: string;
  readonly functions: ServiceFunctions;
  /** Requests per second (steady and burst) the stage admits across all callers; 429 past them. */
  readonly throttle: { readonly rateLimit: number; readonly burstLimit: number };
  /** Where the stage writes one JSON access-log line per request. */
  readonly accessLog: ILogGroup;
}

/**
 * One JSON line per request: enough to trace a request (its id is the `x-request-id` the function
 * logs under) and to see throttling and integration failures, and no header or body (credentials).
 */
const accessLogFormat = JSON.stringify({
  requestId: '$context.requestId',
  ip: '$context.identity.sourceIp',
  requestTime: '$context.requestTimeEpoch',
  routeKey: '$context.routeKey',
  path: '$context.path',
  status: '$context.status',
  responseLength: '$context.responseLength',
  latencyMs: '$context.responseLatency',
  integrationLatencyMs: '$context.integrationLatency',
  integrationError: '$context.integrationErrorMessage',
  error: '$context.error.message',
});

/**
 * The HTTP API: one Lambda function and one `POST <path>` route per entry of the route table, one
 * function and `GET <path>` route per page the service serves (the webhook portal), plus a `$default` route answering everything else with the contract's envelope. Each function gets the
 * role of its route's declared access profile, never more. Route functions live in one nested stack
 * per domain (`RouteStacks`); the API, its routes and the fallback stay in this stack.
 */
export class ServiceHttpApi extends Construct {
  readonly api: HttpApi;
  /**
   * Functions by route name, by route key for pages (`GET /portal`), `$default` for the fallback.
   * Lets tests find a route's resources.
   */
  readonly functions = new Map<string, ServiceFunction>();
  /** The nested stacks holding the route functions, by domain. */
  readonly routeStacks: RouteStacks;

  constructor(scope: Construct, id: string, props: ServiceHttpApiProps) {
    super(scope, id);
    const functionFor = (constructId: string, file: string, access: FunctionAccess, description: string) =>
      props.functions.create(this, constructId, { file, access, description });

    const unrouted = functionFor(
      'Unrouted',
      unroutedHandlerFile,
      { db: 'none', queues: [] },
      'Answers requests no route serves (405 or NOT_FOUND).',
    );
    this.functions.set('$default', unrouted);

    this.api = new HttpApi(this, 'Api', {
      apiName: `collab-backend-${props.stage}`,
      // API Gateway answers preflight itself; browsers then call the POST routes directly. The
      // dev server answers from the same policy (shared/http/cors.ts).
      corsPreflight: {
        allowOrigins: [...corsPolicy.allowOrigins],
        allowMethods: corsPolicy.allowMethods.map((method) => CorsHttpMethod[method]),
        allowHeaders: [...corsPolicy.allowHeaders],
        exposeHeaders: [...corsPolicy.exposeHeaders],
        maxAge: Duration.seconds(corsPolicy.maxAgeSeconds),
      },
      defaultIntegration: new HttpLambdaIntegration('UnroutedIntegration', unrouted),
    });
    Validations.of(this.api).acknowledge({
      id: 'AwsSolutions-APIG4',
      reason:
        'Callers authenticate inside each function (API key + auth token or workspace token, checked against the table; addendum §2); an API Gateway authorizer would add a second Lambda call per request to check the same.',
    });
    // Set on the default stage's resource: replacing the stage construct would re-create `$default`.
    const stage = this.api.defaultStage?.node.defaultChild as CfnStage;
    stage.defaultRouteSettings = {
      throttlingRateLimit: props.throttle.rateLimit,
      throttlingBurstLimit: props.throttle.burstLimit,
    };
    stage.accessLogSettings = { destinationArn: props.accessLog.logGroupArn, format: accessLogFormat };

    this.routeStacks = new RouteStacks(this, 'Routes', { stage: props.stage });
    for (const route of props.routes) {
      const id = routeId(route);
      const fn = props.functions.create(this.routeStacks.stackFor(route), id, {
        file: handlerFile(route),
        access: route,
        description: route.summary,
      });
      this.functions.set(route.name, fn);
      addNestedLambdaRoute(this.api, { id, path: route.path, handler: fn });
    }
    for (const page of props.pages) {
      const id = pageId(page);
      const fn = props.functions.create(this.routeStacks.stackFor(page), id, {
        file: pageHandlerFile(page),
        // A page is static HTML: no table, no queue.
        access: { db: 'none', queues: [] },
        description: page.summary,
        ...(props.portalFrameAncestors !== undefined && {
          environment: { PORTAL_FRAME_ANCESTORS: props.portalFrameAncestors },
        }),
      });
      this.functions.set(pageRouteKey(page), fn);
      addNestedLambdaRoute(this.api, { id, path: page.path, handler: fn, method: 'GET' });
    }
  }
}
