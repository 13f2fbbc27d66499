import { fileURLToPath } from 'node:url';
import { App, Tags, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { CollabStack } from '../lib/collab-stack';
import { collabStackProps, parseStackContext } from '../lib/stack-context';

const app = new App();

// Every setting comes from typed, validated context (`lib/stack-context.ts`, README "Deploying"):
// an unknown name or a mistyped value fails the synth with a message naming it.
const settings = parseStackContext(app.node.getAllContext());

// No env: the stack is environment-agnostic so `cdk synth` needs neither credentials nor lookups.
new CollabStack(app, `collab-backend-${settings.stage}`, {
  ...collabStackProps(settings),
  projectRoot: fileURLToPath(new URL('..', import.meta.url)),
});

// cdk-nag's AwsSolutions pack runs on every synth: a finding fails it unless acknowledged, with its
// reason, next to the construct it concerns (lib/).
Validations.of(app).addPlugins(new AwsSolutionsChecks(app));

Tags.of(app).add('service', 'collab-backend');
Tags.of(app).add('stage', settings.stage);
