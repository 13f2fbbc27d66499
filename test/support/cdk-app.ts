import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { App } from 'aws-cdk-lib';

/** The project root, where cdk.json, handler files and package-lock.json live. */
export const projectRoot = path.resolve(__dirname, '../..');

/** The context of cdk.json (the feature flags the CLI gives the app). */
export const cdkJsonContext = (): Record<string, unknown> =>
  JSON.parse(readFileSync(path.join(projectRoot, 'cdk.json'), 'utf8')).context;

/**
 * An app configured as `cdk synth` configures bin/app.ts (cdk.json's feature flags), without
 * bundling (asset hashes are faked), so a template takes about a second.
 */
export function testApp(context: Record<string, unknown> = {}): App {
  return new App({ context: { ...cdkJsonContext(), 'aws:cdk:bundling-stacks': [], ...context } });
}
