import { deriveBaseline } from '../../scripts/bench/baseline-bundle';
import { functionBuildSettings as settings } from '../../scripts/bench/bundle';
import { projectRoot } from '../support/cdk-app';

/** The bench's load-time baseline of a function (scripts/bench/baseline-bundle.ts, decisions §66, §93). */

describe('a function’s load-time baseline', () => {
  it('imports the SDK clients and middleware the function loads, and those it reaches only by import() on first use, as it does', async () => {
    // The migration route sends an SQS message at load-time reach; its connection closes load the
    // management API client, and the keyring the Secrets Manager client, only when first used.
    const { packages, firstUsePackages, source } = await deriveBaseline(
      projectRoot,
      'functions/migration/organizations-documents-migrate.ts',
      settings,
    );
    expect(packages).toEqual([
      '@aws-sdk/client-dynamodb',
      '@aws-sdk/client-sqs',
      '@aws-sdk/lib-dynamodb',
      '@middy/core',
    ]);
    expect(source).toMatch(/import \{[^}]*\bSendMessageCommand\b[^}]*\} from "@aws-sdk\/client-sqs"/);
    expect(source).toMatch(/import middy from "@middy\/core"/);
    expect(source).not.toMatch(/zod|powertools|shared\//);
    expect(source).toMatch(/^export \{ .*\bSendMessageCommand\b.* \};$/m);
    expect(firstUsePackages).toEqual([
      '@aws-sdk/client-apigatewaymanagementapi',
      '@aws-sdk/client-secrets-manager',
    ]);
    // Bundled whole and evaluated when called, as esbuild bundles the function's own import().
    expect(source).not.toMatch(
      /^import .* from "@aws-sdk\/client-(apigatewaymanagementapi|secrets-manager)"/m,
    );
    expect(source).toMatch(
      /^export const firstUse1 = \(\) => import\("@aws-sdk\/client-secrets-manager"\);$/m,
    );
  });

  it('follows what each function imports: a read route carries no SQS client', async () => {
    const { packages } = await deriveBaseline(projectRoot, 'functions/access/users-get.ts', settings);
    expect(packages).toEqual(['@aws-sdk/client-dynamodb', '@aws-sdk/lib-dynamodb', '@middy/core']);
  });
});
