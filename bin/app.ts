import { fileURLToPath } from 'node:url';
import { App, Tags } from 'aws-cdk-lib';
import { CollabStack } from '../lib/collab-stack';

const app = new App();

const stage: unknown = app.node.tryGetContext('stage') ?? 'dev';
// The stage names the stack and the API, so it must be a valid CloudFormation name fragment.
if (typeof stage !== 'string' || !/^[a-z][a-z0-9-]{0,30}$/.test(stage)) {
  throw new Error(`Context "stage" must be lower-case letters, digits and hyphens; got ${String(stage)}`);
}

// `-c allowPublicWorkspaceCreation=false` closes workspace/create on a deployment.
const allowPublicWorkspaceCreation = app.node.tryGetContext('allowPublicWorkspaceCreation') !== 'false';

// `-c embedder=bedrock` makes judgment search embed with Amazon Titan Text Embeddings v2 (Bedrock).
const embedder = app.node.tryGetContext('embedder') === 'bedrock' ? 'bedrock' : 'hashed';

// `-c reservedConcurrency=false` deploys without reserved concurrency for the background functions
// (36 by default): for accounts whose concurrency limit cannot spare it.
const reservedConcurrencyContext: unknown = app.node.tryGetContext('reservedConcurrency');
const reservedConcurrency = reservedConcurrencyContext !== 'false' && reservedConcurrencyContext !== false;

// `-c maxWebhookEndpointsPerApiKey=<n>` sets MAX_WEBHOOK_ENDPOINTS_PER_API_KEY (the stack checks it is
// a positive integer); unset keeps the env module's default.
const maxEndpoints: unknown = app.node.tryGetContext('maxWebhookEndpointsPerApiKey');
const maxWebhookEndpointsPerApiKey = maxEndpoints === undefined ? undefined : Number(maxEndpoints);

// No env: the stack is environment-agnostic so `cdk synth` needs neither credentials nor lookups.
new CollabStack(app, `collab-backend-${stage}`, {
  stage,
  projectRoot: fileURLToPath(new URL('..', import.meta.url)),
  allowPublicWorkspaceCreation,
  embedder,
  reservedConcurrency,
  maxWebhookEndpointsPerApiKey,
  description: `collab-backend (${stage}): HTTP API, functions, table and queues`,
});

Tags.of(app).add('service', 'collab-backend');
Tags.of(app).add('stage', stage);
