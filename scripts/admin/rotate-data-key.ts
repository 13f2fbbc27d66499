import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import {
  GetSecretValueCommand,
  PutSecretValueCommand,
  SecretsManagerClient,
} from '@aws-sdk/client-secrets-manager';
import { resealSecrets } from '../../shared/admin/reseal';
import { env } from '../../shared/config/env';
import { installKeyring, keyringMaxAgeMs, parseKeyring } from '../../shared/security/keyring';
import {
  RotationRefused,
  serializeKeyring,
  withNewKey,
  withoutRetiredKeys,
  withWaitingKeyCurrent,
} from '../../shared/security/keyring-rotation';
import { type AdminOutput, defineAdminCommand, UsageError } from './command';
import { describeReseal } from './reseal-secrets';

/** Where the keyring lives: the stack's secret, or the local stack's `DATA_KEY` variable. */
interface KeyringSource {
  /** The keyring text and when it was written (unknown for a variable). */
  read(): Promise<{ text: string; writtenAt?: Date }>;
  write(text: string, output: AdminOutput): Promise<void>;
}

function secretSource(secretId: string): KeyringSource {
  const { AWS_REGION, SECRETS_MANAGER_ENDPOINT } = env();
  const client = new SecretsManagerClient({
    region: AWS_REGION,
    ...(SECRETS_MANAGER_ENDPOINT && { endpoint: SECRETS_MANAGER_ENDPOINT }),
  });
  return {
    async read() {
      const secret = await client.send(new GetSecretValueCommand({ SecretId: secretId }));
      if (secret.SecretString === undefined) throw new Error(`The secret ${secretId} holds no string value`);
      return { text: secret.SecretString, writtenAt: secret.CreatedDate };
    },
    async write(text) {
      await client.send(new PutSecretValueCommand({ SecretId: secretId, SecretString: text }));
    },
  };
}

/** Where `rotate-data-key` writes a `DATA_KEY` keyring: the file `npm start -- --persist` reads. */
export const defaultKeyringFile = '.data/data-key';

/**
 * The local stack reads `DATA_KEY` at start (or, with `--persist` and no `DATA_KEY`, the file
 * `defaultKeyringFile`): the new keyring is written to `file`, readable by its owner only, and only
 * the file's name reaches the output — never key material. A file that holds anything but the
 * keyring being changed is left alone (it may be the only copy of another key).
 */
function variableSource(text: string, file: string): KeyringSource {
  return {
    read: async () => ({ text }),
    async write(next, output) {
      const existing = existsSync(file) ? readFileSync(file, 'utf8').trim() : undefined;
      if (existing !== undefined && existing !== text.trim() && existing !== next) {
        throw new RotationRefused(
          `${file} holds another value than DATA_KEY: move it away (it may be the only copy of a key) or name another --keyring-file.`,
        );
      }
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, next, { mode: 0o600 });
      chmodSync(file, 0o600);
      output.out(
        `DATA_KEY is a variable: the new keyring is in ${file} (owner-only). Set DATA_KEY to its content (or unset DATA_KEY and run npm start -- --persist, which reads ${defaultKeyringFile}), then restart the local stack.`,
      );
    },
  };
}

function keyringSource(keyringFile: string): KeyringSource {
  const { DATA_KEY, DATA_KEY_SECRET_ID } = env();
  if (DATA_KEY_SECRET_ID !== undefined) return secretSource(DATA_KEY_SECRET_ID);
  if (DATA_KEY !== undefined) return variableSource(DATA_KEY, keyringFile);
  throw new UsageError('Set DATA_KEY_SECRET_ID (the DataKeySecretArn output) or DATA_KEY.');
}

/** Minutes between two steps: the oldest keyring a function may still serve (`keyringMaxAgeMs`). */
const waitMinutes = keyringMaxAgeMs / 60_000;

/**
 * Refuses a step until every function has reloaded the keyring written at `writtenAt` (they refetch
 * it every `keyringRefreshMs`, and none serves one older than `keyringMaxAgeMs`); a variable's write time is unknown (a restart reloads it at once).
 */
function requireSettled(writtenAt: Date | undefined, step: string, force: boolean): void {
  if (writtenAt === undefined || force) return;
  const age = Date.now() - writtenAt.getTime();
  if (age >= keyringMaxAgeMs) return;
  throw new RotationRefused(
    `The keyring was changed ${Math.floor(age / 1000)} s ago and a function may serve a keyring up to ${waitMinutes} minutes old: run --stage ${step} again in ${Math.ceil((keyringMaxAgeMs - age) / 1000)} s (--force skips the wait, at the risk of values sealed under a key some functions lack).`,
  );
}

const stages = ['add', 'activate', 'retire'] as const;

/**
 * `rotate-data-key --stage add|activate|retire`: the three keyring edits of a data key rotation
 * (decisions §35, §38), each a separate run at least `keyringMaxAgeMs` apart; `reseal-secrets` runs
 * between activate and retire (retire runs it again and drops keys only if it leaves none behind).
 */
export const rotateDataKeyCommand = defineAdminCommand({
  summary:
    'Replace the data key that encrypts stored secrets, in three steps: add a new key, make it current, retire the old ones.',
  options: [
    {
      name: 'stage',
      value: '<add|activate|retire>',
      required: true,
      description: `add: a new random key beside the current one; activate: the added key becomes current (${waitMinutes} min after add); retire: re-encrypt every stored secret, then drop every other key (${waitMinutes} min after activate).`,
    },
    {
      name: 'force',
      description: `Skip the ${waitMinutes}-minute wait that lets every running function load the new keys.`,
    },
    {
      name: 'keyring-file',
      value: '<path>',
      description: `Local stack only: the file the new keys are written to, readable by you alone (default ${defaultKeyringFile}); nothing secret is printed.`,
    },
  ],
  async run(values, output) {
    const stage = stages.find((name) => name === values.stage);
    if (!stage) throw new UsageError(`--stage must be one of ${stages.join(', ')}.`);
    const keyringFile =
      typeof values['keyring-file'] === 'string' ? values['keyring-file'] : defaultKeyringFile;
    const source = keyringSource(keyringFile);
    const { text, writtenAt } = await source.read();
    const ring = parseKeyring(text);
    const force = values.force === true;
    if (stage === 'add') {
      const { ring: next, added } = withNewKey(ring);
      await source.write(serializeKeyring(next), output);
      output.out(`Added key ${added}; key ${ring.current} stays current.`);
      output.out(
        `In ${waitMinutes} minutes every function has the new key: then run rotate-data-key --stage activate.`,
      );
      return 0;
    }
    if (stage === 'activate') {
      const { ring: next, activated } = withWaitingKeyCurrent(ring);
      requireSettled(writtenAt, stage, force);
      await source.write(serializeKeyring(next), output);
      output.out(`Key ${activated} is current: new values are sealed with it.`);
      output.out(
        `In ${waitMinutes} minutes every function seals with it: then run rotate-data-key --stage retire.`,
      );
      return 0;
    }
    const { ring: next, retired } = withoutRetiredKeys(ring);
    requireSettled(writtenAt, stage, force);
    installKeyring(text);
    const resealed = await resealSecrets((progress) =>
      output.out(`reseal-secrets: ${describeReseal(progress)}`),
    );
    if (resealed.unreadable.length > 0 || resealed.changedConcurrently > 0) {
      output.err(
        resealed.unreadable.length > 0
          ? `${resealed.unreadable.length} values open under no key of the keyring (run reseal-secrets to list them): no key retired.`
          : 'Values changed while re-sealing: no key retired; run --stage retire again.',
      );
      return 1;
    }
    await source.write(serializeKeyring(next), output);
    output.out(
      `Retired key ${retired.join(', ')}: every stored secret is under key ${ring.current}, the only key left.`,
    );
    return 0;
  },
});
