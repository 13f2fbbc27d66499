import * as path from 'node:path';
import { Duration } from 'aws-cdk-lib';
import type { IRole } from 'aws-cdk-lib/aws-iam';
import { Architecture, LoggingFormat, type RecursiveLoop, Runtime } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { Construct } from 'constructs';

export interface ServiceFunctionProps {
  /** Absolute path of the project (holds package-lock.json); entries are relative to it. */
  readonly projectRoot: string;
  /** Project-relative handler file exporting `handler`. */
  readonly handlerFile: string;
  readonly role: IRole;
  readonly environment: Record<string, string>;
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
 * A Lambda function with the service's defaults: Node 22 on ARM (cheaper per ms), an ESM bundle
 * built by the local esbuild with the AWS SDK left to the runtime, source maps, JSON logs.
 */
export class ServiceFunction extends NodejsFunction {
  constructor(scope: Construct, id: string, props: ServiceFunctionProps) {
    super(scope, id, {
      entry: path.join(props.projectRoot, props.handlerFile),
      projectRoot: props.projectRoot,
      depsLockFilePath: path.join(props.projectRoot, 'package-lock.json'),
      handler: 'handler',
      description: props.description,
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: 512,
      timeout: props.timeout ?? Duration.seconds(10),
      role: props.role,
      reservedConcurrentExecutions: props.reservedConcurrentExecutions,
      recursiveLoop: props.recursiveLoop,
      retryAttempts: props.retryAttempts,
      maxEventAge: props.maxEventAge,
      loggingFormat: LoggingFormat.JSON,
      environment: { NODE_OPTIONS: '--enable-source-maps', ...props.environment },
      bundling: {
        minify: true,
        sourceMap: true,
        format: OutputFormat.ESM,
        target: 'node22',
        // Prefer ESM builds of dependencies so they tree-shake.
        mainFields: ['module', 'main'],
        // The Node 22 runtime ships SDK v3; bundling it would add ~0.5 MB per function.
        externalModules: ['@aws-sdk/*'],
        // CommonJS dependencies inside an ESM bundle still call `require` for Node built-ins.
        banner: "import { createRequire } from 'module'; const require = createRequire(import.meta.url);",
      },
    });
  }
}
