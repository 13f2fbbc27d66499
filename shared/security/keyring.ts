import { hkdfSync } from 'node:crypto';
import type { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import * as z from 'zod/mini';
import { env } from '../config/env';
import { nowMs } from '../core/clock';
import { ApiError } from '../core/errors';
import { logger } from '../core/logger';
import { withoutSdkLogging } from '../core/sdk-client';
import { metricNames } from '../observability/metric-names';
import { recordMetric } from '../observability/metrics';
import { open, seal } from './aead';

/** What a derived key is for; each purpose gets an independent 256-bit key from each data key. */
export type KeyPurpose = 'page-token' | 'secret-encryption' | 'portal-session';

/**
 * The id of a data key given as a plain string (not a JSON keyring), and of the key that opens
 * values sealed before sealed values carried a key id. Rotating away from a plain-string
 * `DATA_KEY` keeps the old string in the keyring under this id.
 */
export const legacyKeyId = '0';

/** Separates the key id from the sealed bytes; base64url never contains it. */
const keyIdSeparator = '.';

/** How long a keyring fetched from Secrets Manager serves before the next invocation refetches it. */
export const keyringRefreshMs = 5 * 60 * 1000;

/**
 * The oldest a keyring may be and still serve while its refreshes fail: two refresh periods since
 * the last successful fetch. Past it `loadKeyring` fails closed (UNAVAILABLE), because the secret may
 * have moved on (a rotation step) without this process seeing it; `rotate-data-key` waits this long
 * between steps, so no process that still serves can miss one.
 */
export const keyringMaxAgeMs = 2 * keyringRefreshMs;

const keyId = z
  .string()
  .check(z.regex(/^[A-Za-z0-9_-]{1,32}$/, 'a key id is 1 to 32 letters, digits, _ or -'));
const keyMaterial = z
  .string()
  .check(z.minLength(32, 'a data key holds at least 32 characters of secret material'));
const keyringDocument = z.strictObject({ current: keyId, keys: z.record(keyId, keyMaterial) }).check(
  z.refine((document) => Object.hasOwn(document.keys, document.current), {
    message: 'current must name one of keys',
    path: ['current'],
  }),
);

/** The data keys in use: the one new values are sealed with, and every key an old value may need. */
export interface Keyring {
  readonly current: string;
  readonly keys: ReadonlyMap<string, string>;
}

/**
 * Reads a `DATA_KEY` (the environment variable or the Secrets Manager secret): either a plain
 * string, one key of id `legacyKeyId`, or a JSON keyring `{"current": "<id>", "keys": {"<id>":
 * "<material>", ...}}`. Throws a message naming what is wrong, never the key material.
 */
export function parseKeyring(text: string): Keyring {
  if (!text.trimStart().startsWith('{')) {
    const single = keyMaterial.safeParse(text);
    if (!single.success) throw new Error('DATA_KEY must hold at least 32 characters of secret material');
    return { current: legacyKeyId, keys: new Map([[legacyKeyId, text]]) };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error('DATA_KEY starts with { but is not valid JSON');
  }
  const parsed = keyringDocument.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.') || 'keyring'}: ${issue.message}`,
    );
    throw new Error(`Invalid DATA_KEY keyring: ${problems.join('; ')}`);
  }
  return { current: parsed.data.current, keys: new Map(Object.entries(parsed.data.keys)) };
}

interface InstalledKeyring {
  readonly ring: Keyring;
  readonly loadedAt: number;
  readonly derived: Map<string, Buffer>;
}

let installed: InstalledKeyring | undefined;

/**
 * Makes `text` (a `DATA_KEY` value) the keyring of the process. The loader calls it with the
 * secret it fetched; tests call it to rotate keys.
 */
export function installKeyring(text: string, now = nowMs()): Keyring {
  return install(text, now).ring;
}

function install(text: string, now: number): InstalledKeyring {
  installed = { ring: parseKeyring(text), loadedAt: now, derived: new Map() };
  return installed;
}

function activeKeyring(): InstalledKeyring {
  if (installed) return installed;
  const { DATA_KEY } = env();
  if (DATA_KEY === undefined) {
    throw new Error('The data keyring is not loaded: the handler must await loadKeyring() first');
  }
  return install(DATA_KEY, nowMs());
}

function derivedKey(state: InstalledKeyring, id: string, purpose: KeyPurpose): Buffer | undefined {
  const cacheKey = `${id}/${purpose}`;
  let key = state.derived.get(cacheKey);
  if (!key) {
    const material = state.ring.keys.get(id);
    if (material === undefined) return undefined;
    key = Buffer.from(hkdfSync('sha256', material, 'collab-backend', purpose, 32));
    state.derived.set(cacheKey, key);
  }
  return key;
}

/** The id of the key new values are sealed with. */
export function currentKeyId(): string {
  return activeKeyring().ring.current;
}

/**
 * Seals `plaintext` (AES-256-GCM, `context` bound) with the current key's key for `purpose`:
 * `<keyId>.<base64url>`, so the value names the key that opens it after the current key changes.
 */
export function sealWithCurrentKey(purpose: KeyPurpose, plaintext: Buffer, context: string): string {
  const state = activeKeyring();
  const { current } = state.ring;
  return `${current}${keyIdSeparator}${seal(derivedKey(state, current, purpose) as Buffer, plaintext, context)}`;
}

/** The id of the key a sealed value names; `legacyKeyId` for values sealed before key ids. */
export function sealedKeyId(sealed: string): string {
  const separator = sealed.indexOf(keyIdSeparator);
  return separator === -1 ? legacyKeyId : sealed.slice(0, separator);
}

/**
 * Opens a value from `sealWithCurrentKey` (or an older value without a key id) with whichever key
 * of the keyring it names; undefined when that key is not in the keyring, or the value was tampered
 * with or sealed for another context.
 */
export function openWithKeyring(purpose: KeyPurpose, sealed: string, context: string): Buffer | undefined {
  const state = activeKeyring();
  const separator = sealed.indexOf(keyIdSeparator);
  const key = derivedKey(state, sealedKeyId(sealed), purpose);
  return key && open(key, sealed.slice(separator + 1), context);
}

let secretsClient: SecretsManagerClient | undefined;
let pendingFetch: Promise<void> | undefined;

async function fetchKeyring(secretId: string): Promise<void> {
  // Loaded only where the keyring comes from Secrets Manager: local runs and tests never pay for it.
  const { GetSecretValueCommand, SecretsManagerClient } = await import('@aws-sdk/client-secrets-manager');
  const { AWS_REGION, SECRETS_MANAGER_ENDPOINT } = env();
  secretsClient ??= withoutSdkLogging(
    new SecretsManagerClient({
      region: AWS_REGION,
      ...(SECRETS_MANAGER_ENDPOINT && { endpoint: SECRETS_MANAGER_ENDPOINT }),
    }),
  );
  const output = await secretsClient.send(new GetSecretValueCommand({ SecretId: secretId }));
  if (output.SecretString === undefined) throw new Error(`The secret ${secretId} holds no string value`);
  installKeyring(output.SecretString);
}

/**
 * Makes sure the process has its keyring before a handler seals or opens anything. With
 * `DATA_KEY_SECRET_ID` (the stack) the secret is fetched on the first call and again on the first
 * call after `keyringRefreshMs` (concurrent callers share one fetch); a failed refresh keeps the
 * keyring already loaded, is logged and counted (`KeyringRefreshFailures`, outcome `stale`) and is
 * retried by the next call — until the keyring is `keyringMaxAgeMs` old: then every call fails closed
 * with an opaque UNAVAILABLE (outcome `refused`) until a fetch succeeds. With `DATA_KEY` (local stack,
 * tests) the variable is the keyring. Throws when the first fetch fails or the value is not a valid keyring.
 */
export async function loadKeyring(now = nowMs()): Promise<void> {
  const { DATA_KEY_SECRET_ID } = env();
  if (DATA_KEY_SECRET_ID === undefined) {
    activeKeyring();
    return;
  }
  if (installed && now - installed.loadedAt < keyringRefreshMs) return;
  const loaded = installed !== undefined;
  pendingFetch ??= fetchKeyring(DATA_KEY_SECRET_ID).finally(() => {
    pendingFetch = undefined;
  });
  try {
    await pendingFetch;
  } catch (error) {
    if (!installed || !loaded) throw error;
    const ageMs = now - installed.loadedAt;
    const refused = ageMs >= keyringMaxAgeMs;
    recordMetric(metricNames.keyringRefreshFailures, 1, 'Count', { outcome: refused ? 'refused' : 'stale' });
    logger.error(refused ? 'data keyring too old to serve: refusing' : 'data keyring refresh failed', {
      ageMs,
      maxAgeMs: keyringMaxAgeMs,
      error: (error as Error).name,
    });
    if (refused) throw new ApiError('UNAVAILABLE', 'The service is temporarily unavailable; retry later.');
  }
}
