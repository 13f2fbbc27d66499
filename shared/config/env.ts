import * as z from 'zod/mini';
import '../core/zod-messages';

const booleanFlag = z.pipe(
  z.enum(['true', 'false', '1', '0']),
  z.transform((value) => value === 'true' || value === '1'),
);

/** One CSP source that may frame a page: `'self'`, a scheme (`https:`) or a host (`https://*.example.com:8443`). */
const frameSource =
  /^(?:'self'|[a-z][a-z0-9+.-]*:|(?:[a-z][a-z0-9+.-]*:\/\/)?(?:\*|(?:\*\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)*)(?::(?:\d{1,5}|\*))?(?:\/[^\s;,']*)?)$/i;

/**
 * A CSP `frame-ancestors` source list: `'none'`, or sources separated by spaces. Checked so that no
 * value can add a directive of its own to the page's policy (no `;`, `,` or stray quotes).
 */
export const frameAncestors = z.string().check(
  z.trim(),
  z.refine(
    (value) =>
      value === "'none'" || (value !== '' && value.split(/ +/).every((source) => frameSource.test(source))),
    "'none', or CSP sources separated by spaces ('self', https:, https://app.example.com, https://*.example.com)",
  ),
);

// Shared by the variables below: a variable then builds no schema of its own (or one, its
// optional), which every function would pay for when it loads.
const present = z.string().check(z.minLength(1));
const endpointUrl = z.url();
const positiveInteger = z.coerce.number().check(z.int(), z.positive());
const wholeNumber = z.coerce.number().check(z.int(), z.minimum(0));
const nonNegative = z.coerce.number().check(z.minimum(0));

/**
 * A variable with its value where it is unset, spelled as the environment would spell it: filled in
 * before parsing and parsed like a value set, rather than a `z._default` per variable, each a
 * schema that every function would build when it loads (decisions §96).
 */
type Defaulted = readonly [schema: z.ZodMiniType, unset: string];

/** The variables' schemas, a defaulted one's its own. */
type Shape<Variables> = {
  [Name in keyof Variables]: Variables[Name] extends Defaulted ? Variables[Name][0] : Variables[Name];
};

/** Splits the variables into the object schema's shape and the values of the defaulted ones. */
function withDefaults<const Variables extends Record<string, z.ZodMiniType | Defaulted>>(
  variables: Variables,
) {
  const shape: Record<string, z.ZodMiniType> = {};
  const unset: Record<string, string> = {};
  for (const [name, variable] of Object.entries(variables)) {
    if (Array.isArray(variable)) {
      const [schema, value] = variable as Defaulted;
      shape[name] = schema;
      unset[name] = value;
    } else {
      shape[name] = variable as z.ZodMiniType;
    }
  }
  return { shape: shape as Shape<Variables>, unset };
}

/** The service's configuration variables; `envSchema` adds the checks across them. */
const envVariables = withDefaults({
  TABLE_NAME: present,
  /** The data keyring itself: a key of ≥ 32 characters or a JSON keyring (checked when first used). */
  DATA_KEY: z.optional(present),
  /** ARN or name of the Secrets Manager secret holding the keyring. */
  DATA_KEY_SECRET_ID: z.optional(present),
  /** Endpoint override for Secrets Manager (tests); unset in AWS. */
  SECRETS_MANAGER_ENDPOINT: z.optional(endpointUrl),
  AWS_REGION: [present, 'us-east-1'],
  /** Endpoint override for DynamoDB Local; unset in AWS. */
  DYNAMODB_ENDPOINT: z.optional(endpointUrl),
  /** Endpoint override for the SQS emulator; unset in AWS. */
  SQS_ENDPOINT: z.optional(endpointUrl),
  /** Deployments can switch public workspace creation off. */
  ALLOW_PUBLIC_WORKSPACE_CREATION: [booleanFlag, 'true'],
  /** Adds per-request DynamoDB call and capacity headers (local stack and benchmark only). */
  EXPOSE_DB_METRICS: [booleanFlag, 'false'],
  /** How long the permission provider may take before access is denied (addendum §4: 5 s). */
  PERMISSION_PROVIDER_TIMEOUT_MS: [positiveInteger, '5000'],
  /**
   * Lets outbound calls (webhooks, the permission provider) reach loopback addresses (127.0.0.0/8,
   * ::1) as well as public ones. Only for the local stack and tests, whose receivers listen on
   * 127.0.0.1; every other non-public address (private, link-local, metadata, ...) stays refused.
   */
  ALLOW_LOOPBACK_TARGETS: [booleanFlag, 'false'],
  /** Advanced webhook endpoints one API key may hold (RESOURCE_EXHAUSTED past it). */
  MAX_WEBHOOK_ENDPOINTS_PER_API_KEY: [positiveInteger, '50'],
  /**
   * Requests per second one API key may make over HTTP (issue 27, fair shares; 0: no limit). Counted
   * in windows of a second in the table, beside the auth read; over it RESOURCE_EXHAUSTED with
   * `Retry-After`. A quarter of the stage throttle (200 rps), so no single tenant can take it whole.
   */
  API_KEY_REQUEST_RATE: [wholeNumber, '50'],
  /**
   * Realtime connects and frames per second one API key may send over all its connections (0: no
   * limit): a frame over it closes its socket with 1013, a connect over it is refused with 429.
   */
  API_KEY_REALTIME_RATE: [wholeNumber, '500'],
  /**
   * Background jobs (erasures, user-data erasures, migrations) of one API key that run at the same
   * time; its further jobs wait (their messages come back later) while other keys' jobs take the
   * remaining worker slots (5 in the stack).
   */
  API_KEY_JOB_SLOTS: [positiveInteger, '2'],
  /** Connections one realtime room may hold (addendum §9: 500; the next is refused with 429); tests lower it. */
  MAX_REALTIME_CONNECTIONS_PER_ROOM: [positiveInteger, '500'],
  /** Connections one user may hold in one realtime room (the next `$connect` is refused with 429). */
  MAX_REALTIME_CONNECTIONS_PER_USER: [positiveInteger, '10'],
  /**
   * Frames per second one realtime connection may send, averaged over a 10 s window (so a burst of
   * one 4 MiB message's 187 parts fits); past it the connection is closed with 1008.
   */
  REALTIME_FRAMES_PER_SECOND: [positiveInteger, '30'],
  /** Chunked messages one realtime connection may have unfinished at once (further parts are dropped). */
  REALTIME_MAX_UNFINISHED_MESSAGES: [positiveInteger, '2'],
  /** Parts of unfinished chunked messages one realtime connection may have stored (2 × 187: two 4 MiB messages). */
  REALTIME_MAX_UNFINISHED_PARTS: [positiveInteger, '374'],
  /** Bytes (UTF-8) of one awareness client's state; a bigger state is dropped. */
  REALTIME_MAX_AWARENESS_BYTES: [positiveInteger, '4096'],
  /** Bytes of awareness states one query-awareness or sync-step-1 answer carries for a whole room. */
  REALTIME_MAX_ROOM_AWARENESS_BYTES: [positiveInteger, String(64 * 1024)],
  /**
   * Live-state ids (`liveStateDataId`) one document may hold at once, all of which a joining
   * connection is sent (a new id past them: RESOURCE_EXHAUSTED; expired ids do not count).
   */
  REALTIME_MAX_LIVE_STATES_PER_DOCUMENT: [positiveInteger, '16'],
  /**
   * Seconds an open realtime connection's access check holds before its next message checks the
   * organization's access stamp again (one small read); tests set 0 to check at every message.
   */
  REALTIME_ACCESS_RECHECK_SECONDS: [nonNegative, '30'],
  /**
   * Largest content of one CRDT editor, as `Y.encodeStateAsUpdate` encodes it
   * (`maxDocumentBytes`: 8 MiB). A change that would pass it is refused; tests lower it.
   */
  MAX_DOCUMENT_BYTES: [positiveInteger, String(8 * 1024 * 1024)],
  /**
   * Automatic versions one CRDT editor keeps: making one past it deletes the oldest (decisions
   * §83). Manual versions are kept until deleted.
   */
  MAX_AUTO_VERSIONS: [positiveInteger, '100'],
  /** Seconds between webhook attempts after the first (addendum §8); tests shorten it. */
  WEBHOOK_RETRY_SCHEDULE: [
    z.pipe(
      z.string().check(z.regex(/^\d+(\.\d+)?(,\d+(\.\d+)?)*$/)),
      z.transform((value) => value.split(',').map(Number)),
    ),
    '5,300,1800,7200,18000,36000,36000',
  ],
  /** Least wait after a 429 or a timeout, in seconds (addendum §8: 60). */
  WEBHOOK_MIN_BACKOFF_SECONDS: [nonNegative, '60'],
  /**
   * How long work that has a queue message on its way may stay overdue before the reconciler sends
   * another (the message is taken as lost): longer than a queue's visibility timeout (6 minutes for
   * deliveries), so a message still in flight is not doubled. Tests shorten it.
   */
  RECONCILE_GRACE_SECONDS: [nonNegative, '600'],
  /**
   * Failures in a row after which the reconciler quarantines a due item (decisions: due-item
   * isolation); each earlier failure puts it back `RECONCILE_BACKOFF_SECONDS` × 2^(failures − 1) later.
   */
  RECONCILE_MAX_FAILURES: [positiveInteger, '5'],
  RECONCILE_BACKOFF_SECONDS: [nonNegative, '60'],
  /** How long an outbox event may wait for the table stream before the reconciler fans it out. */
  FANOUT_GRACE_SECONDS: [nonNegative, '300'],
  /** How long a webhook receiver may take to answer (addendum §8: 15 s). */
  WEBHOOK_TIMEOUT_MS: [positiveInteger, '15000'],
  /**
   * Embedder of judgment search (memory): `hashed` (default, local, deterministic) or `bedrock`
   * (Amazon Titan Text Embeddings v2 via Bedrock in `AWS_REGION`; the stack grants InvokeModel).
   * Stored vectors carry their embedder's id: switching embedders needs the judgments re-embedded.
   */
  EMBEDDER: [z.enum(['hashed', 'bedrock']), 'hashed'],
  /**
   * How long a document-migration job may go without progress before the reconciler resumes it
   * (decisions §28). A healthy worker renews the lease at least every half lease and hands over to a
   * fresh message every 5 minutes, so 15 minutes without a renewal means the chain of messages broke.
   */
  JOB_LEASE_SECONDS: [positiveInteger, '900'],
  /**
   * Records one document-migration batch moves at most, in each domain that moves in batches;
   * unset, the domain's own batch (activities and comments 100, judgments 50, CRDT items 25,
   * notifications 10). Lower, a large document's writes spread over more and smaller transactions:
   * less write capacity taken at once, more calls and a longer run.
   */
  MIGRATION_BATCH_RECORDS: z.optional(positiveInteger),
  /**
   * How long after a deletion an erasure job makes its last pass (decisions §34): longer than any
   * API request runs, so a write that passed the fence check just before the delete has landed.
   */
  ERASE_SETTLE_SECONDS: [nonNegative, '60'],
  /**
   * The WebSocket API's management endpoint (`https://<api>.execute-api.<region>.amazonaws.com/<stage>`)
   * that functions broadcasting to connected clients post through; unset locally, where the dev
   * server installs its own poster, and in functions that never broadcast.
   */
  REALTIME_ENDPOINT: z.optional(endpointUrl),
  /**
   * The function `$connect` invokes asynchronously to greet a new connection (decisions §80): set
   * on `$connect` alone in the stack; unset locally, where the dev server greets in its own process.
   */
  REALTIME_GREETER_FUNCTION: z.optional(present),
  /**
   * Who may show the webhook portal page (`GET /portal`) in a frame: its CSP's `frame-ancestors`.
   * `'none'` by default; an app that embeds the portal in an iframe sets its own origin
   * (`https://app.example.com`; stack: `-c portalFrameAncestors=...`).
   */
  PORTAL_FRAME_ANCESTORS: [frameAncestors, "'none'"],
  /** Stage name reported in logs and used for queue names. */
  STAGE: [present, 'local'],
});

/**
 * The service's configuration, parsed once from the environment at cold start.
 * The data keyring (the master secret(s) from which the page-token and secret-encryption keys are
 * derived, `shared/security/keyring.ts`) comes from exactly one of `DATA_KEY` (the value itself:
 * `npm start` and the tests generate one) or `DATA_KEY_SECRET_ID` (a Secrets Manager secret fetched
 * at run time: the stack, which never puts key material in a function's configuration).
 */
const envSchema = z.object(envVariables.shape).check(
  z.refine((parsed) => (parsed.DATA_KEY === undefined) !== (parsed.DATA_KEY_SECRET_ID === undefined), {
    message: 'set exactly one of DATA_KEY and DATA_KEY_SECRET_ID',
    path: ['DATA_KEY'],
  }),
);

export type Env = z.infer<typeof envSchema>;

/** Parses variables as the environment holds them, those unset taking their defaults. */
export function parseEnvironment(variables: Readonly<Record<string, string | undefined>>) {
  const set = Object.entries(variables).filter(([, value]) => value !== undefined);
  return envSchema.safeParse({ ...envVariables.unset, ...Object.fromEntries(set) });
}

let cached: Env | undefined;

/**
 * Returns the parsed environment, parsing it on first use (so modules can be imported by tooling
 * such as the docs generator without a configured environment). Throws when a variable is invalid.
 */
export function env(): Env {
  if (!cached) {
    const parsed = parseEnvironment(process.env);
    if (!parsed.success) {
      const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
      throw new Error(`Invalid environment: ${problems.join('; ')}`);
    }
    cached = parsed.data;
  }
  return cached;
}
