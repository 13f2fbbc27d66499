import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { ApplicationLogLevel } from 'aws-cdk-lib/aws-lambda';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { buildSync } from 'esbuild';
import { functionExternalModules, ServiceFunction } from '../../lib/service-function';
import { handlerFile, routes } from '../../shared/api/routes';
import { projectRoot } from '../support/cdk-app';

const packageVersion = (name: string): string =>
  JSON.parse(readFileSync(path.join(projectRoot, 'node_modules', name, 'package.json'), 'utf8')).version;

/** Synthesises one ServiceFunction with real bundling and returns its bundle's source. */
function bundleOf(handlerFile: string): string {
  const outdir = mkdtempSync(path.join(tmpdir(), 'bundling-test-'));
  try {
    const app = new App({ outdir });
    const stack = new Stack(app, 'bundling-test');
    new ServiceFunction(stack, 'Fn', {
      projectRoot,
      handlerFile,
      role: new Role(stack, 'Role', { assumedBy: new ServicePrincipal('lambda.amazonaws.com') }),
      environment: {},
      logGroup: new LogGroup(stack, 'Logs'),
      logLevel: ApplicationLogLevel.INFO,
    });
    const assembly = app.synth();
    const assetDir = readdirSync(assembly.directory).find((name) => name.startsWith('asset.'));
    if (!assetDir) throw new Error('no bundled asset');
    return readFileSync(path.join(assembly.directory, assetDir, 'index.mjs'), 'utf8');
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

describe('function bundles', () => {
  // One real esbuild run (a few seconds): the other infra tests skip bundling. users.get reads only,
  // while its service module's writes close realtime connections (the management API client): what
  // its bundle carries shows tree-shaking at work on a module's other operations.
  const source = bundleOf('functions/access/users-get.ts');
  /** The first match in the bundle, or null (a failure shows the match, not the whole bundle). */
  const firstMatch = (pattern: RegExp) => source.match(pattern)?.[0] ?? null;

  it('carry the AWS SDK inside instead of importing the runtime copy (decisions §39)', () => {
    expect(firstMatch(/from\s*["']@aws-sdk\/[^"']*/)).toBeNull();
    expect(firstMatch(/import\(\s*["']@aws-sdk\/[^"']*/)).toBeNull();
    expect(firstMatch(/DynamoDB_20120810/)).not.toBeNull();
  });

  it('carry the SDK version the tests run with', () => {
    // The client stamps its package version into its user agent.
    expect(
      firstMatch(new RegExp(`"${packageVersion('@aws-sdk/client-dynamodb').replaceAll('.', '\\.')}"`)),
    ).not.toBeNull();
  });

  it('do not import clients the function never uses, though other operations of its modules do', () => {
    expect(firstMatch(/"(AmazonSQS|ApiGatewayManagementApi|InvokeModel|BedrockRuntime)"/)).toBeNull();
  });

  it('carry only the parts of zod they use, not its every-language error messages (decisions §45)', () => {
    // One reference to the namespace as a whole (`z.z`) kept all of zod: 444 KiB of 1.1 MiB.
    // esbuild writes non-ASCII characters as escapes: look for Cyrillic and Hebrew ones.
    expect(firstMatch(/\\u04[0-9A-F]{2}|\\u05[9A-F][0-9A-F]/i)).toBeNull();
  });
});

describe('route bundles', () => {
  // One esbuild run over every route's handler, with the metafile that names each bundle's modules.
  const entryPoints = Object.fromEntries(routes.map((route) => [route.name, handlerFile(route)]));
  const { metafile } = buildSync({
    absWorkingDir: projectRoot,
    entryPoints,
    bundle: true,
    platform: 'node',
    format: 'esm',
    mainFields: ['module', 'main'],
    external: [...functionExternalModules],
    outdir: path.join(tmpdir(), 'route-bundles-test'),
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const modulesOf = (name: string): string[] => {
    const output = Object.values(metafile.outputs).find((bundle) => bundle.entryPoint === entryPoints[name]);
    if (!output) throw new Error(`no bundle for ${name}`);
    return Object.keys(output.inputs).filter((input) => input.startsWith('shared/'));
  };

  it.each(routes.map((route) => [route.name, route.domain] as const))(
    '%s carries its own domain’s route contracts only, not the registry of every route',
    (name, domain) => {
      const contracts = modulesOf(name).filter((input) => /contracts?\.ts$/.test(input));
      expect(contracts).not.toContain('shared/api/route-contracts.ts');
      expect(contracts.filter((input) => input.endsWith('/contracts.ts'))).toEqual([
        `shared/${domain}/contracts.ts`,
      ]);
    },
  );
});
