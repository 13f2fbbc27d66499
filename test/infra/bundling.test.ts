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
function bundleOf(handlerFile: string, environment: Record<string, string> = {}): string {
  const outdir = mkdtempSync(path.join(tmpdir(), 'bundling-test-'));
  try {
    const app = new App({ outdir });
    const stack = new Stack(app, 'bundling-test');
    new ServiceFunction(stack, 'Fn', {
      projectRoot,
      handlerFile,
      role: new Role(stack, 'Role', { assumedBy: new ServicePrincipal('lambda.amazonaws.com') }),
      environment,
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

describe('a function that may embed judgments', () => {
  const bedrockClient = /"(InvokeModel|BedrockRuntime)"/;
  const commentsWrite = 'functions/comments/commentannotations-add.ts';

  it('holds no Bedrock client when bundled for the hashed embedder its environment names (decisions §93)', () => {
    expect(bundleOf(commentsWrite, { EMBEDDER: 'hashed' })).not.toMatch(bedrockClient);
  });

  it('holds the Bedrock client when its environment names Bedrock', () => {
    expect(bundleOf(commentsWrite, { EMBEDDER: 'bedrock' })).toMatch(bedrockClient);
  });
});

/** The functions that serve no route: realtime, queue workers, the unrouted answer. */
const otherFunctionFiles = ['functions/realtime', 'functions/workers', 'functions/http'].flatMap((dir) =>
  readdirSync(path.join(projectRoot, dir))
    .filter((name) => name.endsWith('.ts'))
    .map((name) => `${dir}/${name}`),
);

describe('route bundles', () => {
  // One esbuild run over every function's handler (unminified, so declarations keep their names),
  // with the metafile that names each bundle's modules.
  const entryPoints = Object.fromEntries([
    ...routes.map((route) => [route.name, handlerFile(route)]),
    ...otherFunctionFiles.map((file) => [file.replace(/\.ts$/, ''), file]),
  ]);
  const outdir = path.join(tmpdir(), 'route-bundles-test');
  const { metafile, outputFiles } = buildSync({
    absWorkingDir: projectRoot,
    entryPoints,
    bundle: true,
    platform: 'node',
    format: 'esm',
    mainFields: ['module', 'main'],
    external: [...functionExternalModules],
    outdir,
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const outputOf = (name: string) => {
    const entry = Object.entries(metafile.outputs).find(
      ([, bundle]) => bundle.entryPoint === entryPoints[name],
    );
    if (!entry) throw new Error(`no bundle for ${name}`);
    return { path: entry[0], inputs: Object.keys(entry[1].inputs) };
  };
  const sourceOf = (name: string): string => {
    const file = path.join(projectRoot, outputOf(name).path);
    const output = outputFiles.find((candidate) => candidate.path === file);
    if (!output) throw new Error(`no output for ${name}`);
    return output.text;
  };
  /** The schema constants of `names` a route's bundle declares (builds when the function loads). */
  const declared = (route: string, names: readonly string[]) => {
    const source = sourceOf(route);
    return names.filter((name) => new RegExp(`\\bvar ${name} = `).test(source));
  };

  /** The modules a bundle evaluates when it loads: those its entry reaches by static imports. */
  const evaluatedAtLoad = (name: string): string[] => {
    const reached = new Set<string>([entryPoints[name] as string]);
    for (const file of reached) {
      for (const imported of metafile.inputs[file]?.imports ?? []) {
        if (imported.kind !== 'dynamic-import' && !imported.external) reached.add(imported.path);
      }
    }
    return [...reached];
  };
  /** The modules a bundle wraps to evaluate when first used (esbuild's `__esm`): parsed twice when they are. */
  const wrappedForFirstUse = (name: string): string[] =>
    [...sourceOf(name).matchAll(/= __esm\(\{\n\s*"([^"]+)"/g)].map(([, module]) => module as string);
  const addressRules = /^node_modules\/ipaddr\.js\//;

  it.each(routes.map((route) => route.name))(
    '%s carries no route contracts: its handler gives its input schema alone',
    (name) => {
      const contracts = outputOf(name).inputs.filter((input) => /contracts?\.ts$/.test(input));
      expect(contracts).toEqual([]);
    },
  );

  it.each(routes.map((route) => [route.name, route.domain]))(
    "%s carries its own domain's route rows, not the composed table of every domain's (decisions §93)",
    (name, domain) => {
      const tables = outputOf(name).inputs.filter((input) => /^shared\/[^/]+\/routes\.ts$/.test(input));
      expect(tables).toEqual([`shared/${domain}/routes.ts`]);
    },
  );

  it.each(Object.keys(entryPoints))(
    "%s carries zod/mini, not zod's classic API, whose every method comes with each schema (decisions §92)",
    (name) => {
      const classic = outputOf(name).inputs.filter((input) => input.includes('node_modules/zod/v4/classic/'));
      expect(classic).toEqual([]);
    },
  );

  it.each(routes.map((route) => route.name))(
    '%s evaluates the outbound address rules only when it first calls out (decisions §96)',
    (name) => {
      expect(evaluatedAtLoad(name).filter((input) => addressRules.test(input))).toEqual([]);
    },
  );

  it('holds the address rules still where a request may call out, wrapped for first use', () => {
    const name = 'workspace.advancedwebhook.endpoints.create';
    expect(outputOf(name).inputs).toEqual(expect.arrayContaining([expect.stringMatching(addressRules)]));
    expect(wrappedForFirstUse(name)).toContain('shared/security/public-address.ts');
  });

  it.each(routes.map((route) => route.name))(
    '%s wraps neither zod nor the environment for first use, which would parse them twice (decisions §96)',
    (name) => {
      const twice = wrappedForFirstUse(name).filter((module) =>
        /node_modules\/zod\/|^shared\/config\//.test(module),
      );
      expect(twice).toEqual([]);
    },
  );

  it("builds its own route's input schema, not its domain's other routes' schemas", () => {
    const commentInputs = [
      'addAnnotationsInput',
      'deleteAnnotationsInput',
      'addCommentsInput',
      'reactionInput',
    ];
    expect(declared('commentannotations.comments.update', ['updateCommentInput', ...commentInputs])).toEqual([
      'updateCommentInput',
    ]);
    const workspaceInputs = ['createWorkspaceInput', 'createApiKeyInput', 'listApiKeysInput', 'apiKeyInput'];
    expect(declared('workspace.get', workspaceInputs)).toEqual([]);
  });
});
