import { readFileSync } from 'node:fs';
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { CollabStack } from '../lib/collab-stack';
const flags = JSON.parse(readFileSync('cdk.json', 'utf8')).context;
const app = new App({ context: { ...flags, 'aws:cdk:bundling-stacks': [] } });
new CollabStack(app, 'collab-backend-test', { stage: 'test', projectRoot: process.cwd() });
Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
try { app.synth(); console.log('clean'); } catch (e) { console.log((e as Error).message.slice(0, 20000)); }
