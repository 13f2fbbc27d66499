import * as path from 'node:path';
import { Duration, Validations } from 'aws-cdk-lib';
import type { IRole } from 'aws-cdk-lib/aws-iam';
import {
  type ApplicationLogLevel,
  Architecture,
  LoggingFormat,
  type RecursiveLoop,
  Runtime,
  SystemLogLevel,
} from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { ILogGroup } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';

export interface ServiceFunctionProps {
  /** Absolute path of the project (holds package-lock.json); entries are relative to it. */
  readonly projectRoot: string;
  /** Project-relative handler file exporting `handler`. */
  readonly handlerFile: string;
  readonly role: IRole;
  readonly environment: Record<string, string>;
  /** Where the function logs (the stack's shared group, which sets the retention). */
  readonly logGroup: ILogGroup;
  /** Lowest application log level Lambda passes on (Powertools reads it too). */
  readonly logLevel: ApplicationLogLevel;
  readonly description?: string;
  /** 10 s unless a slow route (e.g. one calling webhook receivers) needs longer. */
  readonly timeout?: Duration;
  /** Concurrency set aside for (and capping) the function; none when omitted. */
  readonly reservedConcurrentExecutions?: number;
  /** Lambda's recursive-loop detection; Terminate (the default) when omitted. */
  readonly recursiveLoop?: RecursiveLoop;
  /** Asynchronous invocations only (e.g. a schedule): retries after a failure (Lambda's default 2). */
  readonly retryAttempts?: number;
  /** Asynchronous invocations only: how long an event may wait, throttled, before it is dropped. */
  readonly maxEventAge?: Duration;
}

/**
 * The Lambda runtime: Node 22. The tests run on Node 20 here (the code stays Node 20 compatible);
 * Lambda deprecated nodejs20.x, so 22 is the LTS nearest to what the tests exercise. nodejs24.x is
 * newer, but nothing here can run the suite on Node 24 (decisions §35).
 */
export const functionRuntime = Runtime.NODEJS_22_X;

/**
 * Packages left out of every function bundle: none. The AWS SDK is bundled (tree-shaken, with the
 * exact versions the tests run with) instead of loaded from the runtime's copy: the bundled module
 * loads in about half the time (decisions §39). The bench (scripts/bench/bundle.ts) bundles the same way.
 */
export const functionExternalModules: string[] = [];

/**
 * What a bundle is specialised with at build time (esbuild `define`): the embedder the function's
 * environment names (`EMBEDDER`), so a function of a deployment on the hashed embedder holds no
 * Bedrock client (shared/memory/embedders.ts, decisions §93). Without one, nothing is specialised.
 */
export const functionDefines = (environment: Record<string, string>): Record<string, string> =>
  environment.EMBEDDER === undefined
    ? {}
    : { 'process.env.BUNDLED_EMBEDDER': JSON.stringify(environment.EMBEDDER) };

/**
 * A Lambda function with the service's defaults: Node 22 on ARM (cheaper per ms), an ESM bundle
 * built by the local esbuild with the AWS SDK inside, source maps, JSON logs into the
 * stack's log group at the configured level.
 */
export class ServiceFunction extends NodejsFunction {
  constructor(scope: Construct, id: string, props: ServiceFunctionProps) {
    super(scope, id, {
      entry: path.join(props.projectRoot, props.handlerFile),
      projectRoot: props.projectRoot,
      depsLockFilePath: path.join(props.projectRoot, 'package-lock.json'),
      handler: 'handler',
      description: props.description,
      runtime: functionRuntime,
      architecture: Architecture.ARM_64,
      memorySize: 512,
      timeout: props.timeout ?? Duration.seconds(10),
      role: props.role,
      reservedConcurrentExecutions: props.reservedConcurrentExecutions,
      recursiveLoop: props.recursiveLoop,
      retryAttempts: props.retryAttempts,
      maxEventAge: props.maxEventAge,
      loggingFormat: LoggingFormat.JSON,
      logGroup: props.logGroup,
      applicationLogLevelV2: props.logLevel,
      systemLogLevelV2: SystemLogLevel.INFO,
      environment: { NODE_OPTIONS: '--enable-source-maps', ...props.environment },
      bundling: {
        minify: true,
        sourceMap: true,
        format: OutputFormat.ESM,
        target: 'node22',
        // Prefer ESM builds of dependencies so they tree-shake.
        mainFields: ['module', 'main'],
        // Without it NodejsFunction leaves `@aws-sdk/*` to the runtime's copy.
        externalModules: functionExternalModules,
        // CommonJS dependencies inside an ESM bundle still call `require` for Node built-ins.
        banner: "import { createRequire } from 'module'; const require = createRequire(import.meta.url);",
        define: functionDefines(props.environment),
      },
    });
    Validations.of(this).acknowledge({
      id: 'AwsSolutions-L1',
      reason: 'Node 22 on purpose: the LTS nearest to the Node 20 the tests run on (see functionRuntime).',
    });
  }
}
