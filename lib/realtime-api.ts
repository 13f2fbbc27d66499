import { type CfnElement, Duration, Stack, Validations } from 'aws-cdk-lib';
import { WebSocketApi, WebSocketStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { type IRole, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import type { FunctionAccess } from './function-roles';
import type { ServiceFunction } from './service-function';
import type { ServiceFunctions } from './service-functions';

/** The realtime routes (addendum §9) and their handler files. */
export const realtimeRoutes = [
  {
    routeKey: '$connect',
    id: 'Connect',
    file: 'functions/realtime/connect.ts',
    description: 'Realtime $connect: token, Origin, access and room-size checks; stores the connection.',
  },
  {
    routeKey: '$disconnect',
    id: 'Disconnect',
    file: 'functions/realtime/disconnect.ts',
    description: 'Realtime $disconnect: deletes the connection and removes its awareness states.',
  },
  {
    routeKey: '$default',
    id: 'Message',
    file: 'functions/realtime/message.ts',
    description: 'Realtime frames: y-websocket sync and awareness over base64 text frames.',
  },
] as const;

/** What the realtime functions may touch: the table, and posting to connections. */
export const realtimeAccess: FunctionAccess = { db: 'read-write', queues: [], realtime: true };

/**
 * `$connect` has a role of its own: besides what the other realtime functions may do, it invokes
 * the greeter, which no other function may.
 */
export const connectAccess: FunctionAccess = { ...realtimeAccess, dedicated: 'realtime-connect' };

/**
 * The greeter (decisions §80): invoked asynchronously by `$connect`, it posts a new connection's
 * sync step 1, awareness and live state once API Gateway has opened it. It reads and posts only.
 */
export const greeter = {
  id: 'Greet',
  file: 'functions/realtime/greet.ts',
  description: 'Realtime greeting: posts a new connection its sync step 1, awareness and live state.',
  access: { db: 'read', queues: [], realtime: true } satisfies FunctionAccess,
  // It waits for the socket to open (up to about 10 s of retries) and reads a document of up to 8 MiB.
  timeout: Duration.seconds(30),
  // A greeting is worth nothing a minute late: no retries (the client's own step 1 is answered anyway).
  retryAttempts: 0,
  maxEventAge: Duration.minutes(1),
} as const;

export interface RealtimeApiProps {
  readonly stage: string;
  readonly functions: ServiceFunctions;
  /** Stage throttling (connects and messages per second), the same settings as the HTTP API's. */
  readonly throttle: { readonly rateLimit: number; readonly burstLimit: number };
}

/**
 * The WebSocket API of addendum §9: `$connect`, `$disconnect` and `$default` Lambdas on one stage.
 * Functions whose access declares `realtime` get the stage's management endpoint as
 * `REALTIME_ENDPOINT` and `execute-api:ManageConnections` on this API's connections only.
 */
export class RealtimeApi extends Construct {
  readonly api: WebSocketApi;
  readonly stage: WebSocketStage;
  /** Functions by route key. */
  readonly functions = new Map<string, ServiceFunction>();
  /** The function `$connect` invokes to greet a new connection. */
  readonly greeter: ServiceFunction;

  constructor(scope: Construct, id: string, props: RealtimeApiProps) {
    super(scope, id);
    this.api = new WebSocketApi(this, 'Api', { apiName: `collab-backend-realtime-${props.stage}` });
    this.stage = new WebSocketStage(this, 'Stage', {
      webSocketApi: this.api,
      stageName: props.stage,
      autoDeploy: true,
      throttle: props.throttle,
    });
    Validations.of(this.api).acknowledge({
      id: 'AwsSolutions-APIG4',
      reason:
        '$connect checks the user token, Origin and document access inside its function (addendum §9), with the same resolver as REST; an authorizer would be a second Lambda call per connect to check the same. $default and $disconnect only serve connections $connect accepted.',
    });
    Validations.of(this.stage).acknowledge({
      id: 'AwsSolutions-APIG1',
      reason:
        'WebSocket access logs need the account-wide API Gateway CloudWatch role (AWS::ApiGateway::Account), which one stack must not set for a whole account; every connect, message and disconnect is logged by its function in the shared log group (decisions §33).',
    });
    // Built from the API id (not the stage resource) so roles and functions need no stage first.
    const endpoint = `https://${this.api.apiId}.execute-api.${Stack.of(this).region}.${Stack.of(this).urlSuffix}/${props.stage}`;
    const apiId = Stack.of(this).getLogicalId(this.api.node.defaultChild as CfnElement);
    props.functions.enableRealtime({
      endpoint,
      grant: (role: IRole) => {
        this.api.grantManageConnections(role);
        Validations.of(role).acknowledge({
          id: `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:execute-api:<AWS::Region>:<AWS::AccountId>:<${apiId}>/*/*/@connections/*]`,
          reason:
            "execute-api:ManageConnections on this API's own connections (`@connections/*`): connection ids are made by API Gateway at run time, so no narrower resource exists.",
        });
      },
    });
    this.greeter = props.functions.create(this, greeter.id, greeter);
    for (const route of realtimeRoutes) {
      const connect = route.routeKey === '$connect';
      const fn = props.functions.create(this, route.id, {
        file: route.file,
        access: connect ? connectAccess : realtimeAccess,
        description: route.description,
        ...(connect && { environment: { REALTIME_GREETER_FUNCTION: this.greeter.functionName } }),
      });
      // The function's own ARN only (no `:*` for versions and aliases: `$connect` invokes it by name).
      if (connect) {
        fn.addToRolePolicy(
          new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [this.greeter.functionArn] }),
        );
      }
      this.functions.set(route.routeKey, fn);
      this.api.addRoute(route.routeKey, {
        integration: new WebSocketLambdaIntegration(`${route.id}Integration`, fn),
      });
    }
  }
}
