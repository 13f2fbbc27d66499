import * as z from 'zod/mini';
import { frameAncestors } from '../shared/config/env';
import type { CollabStackProps } from './collab-stack';

/** Retention periods CloudWatch Logs accepts, in days. */
const retentionDays = [
  1, 3, 5, 7, 14, 30, 60, 90, 120, 150, 180, 365, 400, 545, 731, 1096, 1827, 2192, 2557, 2922, 3288, 3653,
] as const;

/** `-c name=value` arrives as a string; cdk.json and tests may give the typed value. */
const flag = z.union([
  z.boolean(),
  z.pipe(
    z.enum(['true', 'false']),
    z.transform((value) => value === 'true'),
  ),
]);
const positiveInteger = z.coerce.number().check(z.int(), z.positive());
/** Digits only when given as a string: an empty `-c name=` must not read as 0 (which turns a rate off). */
const nonNegativeInteger = z.pipe(
  z.transform((value) => (typeof value === 'string' && /^[0-9]+$/.test(value) ? Number(value) : value)),
  z
    .number({ error: 'a non-negative integer' })
    .check(z.int('a non-negative integer'), z.minimum(0, 'a non-negative integer')),
);

/**
 * The deployment settings read from CDK context (`cdk.json` or `-c name=value`), every one typed and
 * checked: a mistyped name or value fails the synth instead of silently deploying the default.
 */
export const stackContextSchema = z.strictObject({
  /** Names the stack, the API and the queues; `dev` relaxes table deletion protection. */
  stage: z._default(
    z
      .string()
      .check(
        z.regex(/^[a-z][a-z0-9-]{0,30}$/, 'lower-case letters, digits and hyphens, starting with a letter'),
      ),
    'dev',
  ),
  /** `false` closes `workspace/create` (addendum §3); when unset, closed on `prod` only. */
  allowPublicWorkspaceCreation: z.optional(flag),
  /** Judgment-search embedder; `bedrock` also grants Titan v2 InvokeModel. */
  embedder: z._default(z.enum(['hashed', 'bedrock']), 'hashed'),
  /** `false` deploys the background functions without reserved concurrency (small accounts). */
  reservedConcurrency: z._default(flag, true),
  /** `MAX_WEBHOOK_ENDPOINTS_PER_API_KEY`; the env module's default (50) when unset. */
  maxWebhookEndpointsPerApiKey: z.optional(positiveInteger),
  /** `MAX_DOCUMENT_BYTES`, the most one CRDT editor may hold encoded (addendum §12); 8 MiB when unset. */
  maxDocumentBytes: z.optional(positiveInteger),
  /** `API_KEY_REQUEST_RATE`, HTTP requests per second of one API key (0: off); the env's 50 when unset. */
  apiKeyRequestRate: z.optional(nonNegativeInteger),
  /** `API_KEY_REALTIME_RATE`, realtime connects and frames per second of one key (0: off); 500 when unset. */
  apiKeyRealtimeRate: z.optional(nonNegativeInteger),
  /** `API_KEY_JOB_SLOTS`, background jobs of one API key running at once (≥ 1); 2 when unset. */
  apiKeyJobSlots: z.optional(positiveInteger),
  /** `PORTAL_FRAME_ANCESTORS`: who may frame the portal page (`'none'` when unset). */
  portalFrameAncestors: z.optional(frameAncestors),
  /** Days the functions' and the API's logs are kept. */
  logRetentionDays: z._default(
    z.coerce.number().check(
      z.refine((days) => (retentionDays as readonly number[]).includes(days), {
        message: `one of CloudWatch Logs' retention periods: ${retentionDays.join(', ')}`,
      }),
    ),
    30,
  ),
  /** Application log level of every function (Lambda's advanced logging controls and Powertools). */
  logLevel: z._default(z.enum(['DEBUG', 'INFO', 'WARN', 'ERROR']), 'INFO'),
  /** Steady-state requests per second the API stage admits across all callers (429 past it). */
  apiRateLimit: z._default(positiveInteger, 200),
  /** Requests the API stage admits in a burst above the rate. */
  apiBurstLimit: z._default(positiveInteger, 400),
  /** An address subscribed to the alarm topic (it must confirm); none when unset. */
  alarmEmail: z.optional(z.email()),
  /** Table deletion protection; on unless the stage is `dev` when unset. */
  tableDeletionProtection: z.optional(flag),
});

/** The parsed deployment settings. */
export type StackContext = z.output<typeof stackContextSchema>;

/** Context keys that belong to the CDK toolkit, not to this app (feature flags contain `/` or `:`). */
const toolkitKeys = new Set(['acknowledged-issue-numbers', 'cli-telemetry']);
const isToolkitKey = (key: string) => toolkitKeys.has(key) || /[:/@]/.test(key);

/**
 * Parses the app's context (`app.node.getAllContext()`): the CDK's own keys are ignored, every
 * other key must be a known setting with a valid value. Throws one message listing every problem.
 */
export function parseStackContext(context: Record<string, unknown>): StackContext {
  const ours = Object.fromEntries(Object.entries(context).filter(([key]) => !isToolkitKey(key)));
  const parsed = stackContextSchema.safeParse(ours);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) =>
    issue.code === 'unrecognized_keys'
      ? `unknown setting(s) ${issue.keys.map((key) => `"${key}"`).join(', ')} (known: ${Object.keys(stackContextSchema.shape).join(', ')})`
      : `"${issue.path.join('.')}": ${issue.message} (got ${JSON.stringify(ours[String(issue.path[0])])})`,
  );
  throw new Error(`Invalid CDK context: ${problems.join('; ')}`);
}

/** The stack's props for the parsed settings (all but `projectRoot`, which the app knows). */
export function collabStackProps(settings: StackContext): Omit<CollabStackProps, 'projectRoot'> {
  return {
    stage: settings.stage,
    allowPublicWorkspaceCreation: settings.allowPublicWorkspaceCreation,
    embedder: settings.embedder,
    reservedConcurrency: settings.reservedConcurrency,
    maxWebhookEndpointsPerApiKey: settings.maxWebhookEndpointsPerApiKey,
    maxDocumentBytes: settings.maxDocumentBytes,
    apiKeyFairShare: {
      requestRate: settings.apiKeyRequestRate,
      realtimeRate: settings.apiKeyRealtimeRate,
      jobSlots: settings.apiKeyJobSlots,
    },
    portalFrameAncestors: settings.portalFrameAncestors,
    logRetentionDays: settings.logRetentionDays,
    logLevel: settings.logLevel,
    apiThrottle: { rateLimit: settings.apiRateLimit, burstLimit: settings.apiBurstLimit },
    alarmEmail: settings.alarmEmail,
    tableDeletionProtection: settings.tableDeletionProtection,
    description: `collab-backend (${settings.stage}): HTTP API, functions, table and queues`,
  };
}
