import { NestedStack, Stack } from 'aws-cdk-lib';
import {
  CfnRoute,
  type HttpApi,
  HttpIntegration,
  HttpIntegrationType,
  PayloadFormatVersion,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import type { RouteDefinition } from '../shared/api/routes';

/** The construct id of a domain's nested stack: `workspace` → `Workspace`, `user-data` → `UserData`. */
export const routeGroupId = (domain: string): string =>
  domain
    .split(/[^a-zA-Z0-9]+/)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');

export interface RouteStacksProps {
  readonly stage: string;
}

/**
 * One nested stack per domain of the route table (`route.domain`), holding the route functions of
 * that domain with their integrations and invoke permissions: 3 resources per route, so each stack
 * stays far below CloudFormation's 500 however the domains grow, while the parent keeps one resource
 * (the API route) per route. Nested stacks deploy with the parent in one `cdk deploy`, take their
 * references as parameters (no cross-stack exports to lock), and are created on first use, in the
 * order of the route table.
 */
export class RouteStacks extends Construct {
  /** Nested stacks by domain. */
  readonly stacks = new Map<string, NestedStack>();

  constructor(
    scope: Construct,
    id: string,
    private readonly props: RouteStacksProps,
  ) {
    super(scope, id);
  }

  /** The nested stack of a route's domain, created the first time a route of it asks. */
  stackFor(route: Pick<RouteDefinition, 'domain'>): NestedStack {
    const existing = this.stacks.get(route.domain);
    if (existing) return existing;
    const stack = new NestedStack(this, routeGroupId(route.domain), {
      description: `collab-backend (${this.props.stage}): the ${route.domain} routes' functions`,
    });
    this.stacks.set(route.domain, stack);
    return stack;
  }
}

/**
 * `POST <path>` (or a page's `GET <path>`) on the HTTP API, served by a function that lives in a nested stack. The integration
 * and the invoke permission sit beside the function; the route stays in the API's stack at the
 * construct path `HttpApi.addRoutes` gives it, so it keeps the logical id deployed stacks know. A
 * route key is unique per API: a route re-created in another stack would be created before the old
 * one is deleted (CloudFormation deletes last) and collide with it, whereas a kept route is only
 * updated to its new integration.
 */
export function addNestedLambdaRoute(
  api: HttpApi,
  route: {
    readonly id: string;
    readonly path: string;
    readonly handler: IFunction;
    /** `POST` (every route of the route table) unless given. */
    readonly method?: 'GET' | 'POST';
  },
): void {
  const method = route.method ?? 'POST';
  const integration = new HttpIntegration(Stack.of(route.handler), `${route.id}Integration`, {
    httpApi: api,
    integrationType: HttpIntegrationType.AWS_PROXY,
    integrationUri: route.handler.functionArn,
    payloadFormatVersion: PayloadFormatVersion.VERSION_2_0,
  });
  route.handler.addPermission('ApiPermission', {
    principal: new ServicePrincipal('apigateway.amazonaws.com'),
    sourceArn: Stack.of(route.handler).formatArn({
      service: 'execute-api',
      resource: api.apiId,
      resourceName: `*/*${route.path}`,
    }),
  });
  // The path `HttpRoute` has under `addRoutes`: `<api>/POST<path>/Resource`.
  new CfnRoute(new Construct(api, `${method}${route.path}`), 'Resource', {
    apiId: api.apiId,
    routeKey: `${method} ${route.path}`,
    target: `integrations/${integration.integrationId}`,
    authorizationType: 'NONE',
  });
}
