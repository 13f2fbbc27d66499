import {
  GetSecretValueCommand,
  PutSecretValueCommand,
  SecretsManagerClient,
} from '@aws-sdk/client-secrets-manager';
import { resealSecrets } from '../../shared/admin/reseal';
import { env } from '../../shared/config/env';
import { installKeyring, keyringRefreshMs, parseKeyring } from '../../shared/security/keyring';
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

/** The local stack reads `DATA_KEY` at start: the new value is printed for the operator to set. */
function variableSource(text: string): KeyringSource {
  return {
    read: async () => ({ text }),
    async write(next, output) {
      output.out('DATA_KEY is a variable: set it to this value, then restart the local stack:');
      output.out(next);
    },
  };
}

function keyringSource(): KeyringSource {
  const { DATA_KEY, DATA_KEY_SECRET_ID } = env();
  if (DATA_KEY_SECRET_ID !== undefined) return secretSource(DATA_KEY_SECRET_ID);
  if (DATA_KEY !== undefined) return variableSource(DATA_KEY);
  throw new UsageError('Set DATA_KEY_SECRET_ID (the DataKeySecretArn output) or DATA_KEY.');
}

/**
 * Refuses a step until every function has reloaded the keyring written at `writtenAt` (they refetch
 * it every `keyringRefreshMs`); a variable's write time is unknown (a restart reloads it at once).
 */
function requireSettled(writtenAt: Date | undefined, step: string, force: boolean): void {
  if (writtenAt === undefined || force) return;
  const age = Date.now() - writtenAt.getTime();
  if (age >= keyringRefreshMs) return;
  throw new RotationRefused(
    `The keyring was changed ${Math.floor(age / 1000)} s ago and functions reload it every ${keyringRefreshMs / 60_000} minutes: run --stage ${step} again in ${Math.ceil((keyringRefreshMs - age) / 1000)} s (--force skips the wait, at the risk of values sealed under a key some functions lack).`,
  );
}

const stages = ['add', 'activate', 'retire'] as const;

/**
 * `rotate-data-key --stage add|activate|retire`: the three keyring edits of a data key rotation
 * (decisions §35, §38), each a separate run at least `keyringRefreshMs` apart; `reseal-secrets` runs
 * between activate and retire (retire runs it again and drops keys only if it leaves none behind).
 */
export const rotateDataKeyCommand = defineAdminCommand({
  summary: 'Rotate the data key in three steps: add a new key, make it current, retire the old ones.',
  options: [
    {
      name: 'stage',
      value: '<add|activate|retire>',
      required: true,
      description:
        'add: a new random key beside the current one; activate: the added key becomes current (5 min after add); retire: re-seal every stored secret, then drop every other key (5 min after activate).',
    },
    { name: 'force', description: 'Skip the 5-minute wait for every function to reload the keyring.' },
  ],
  async run(values, output) {
    const stage = stages.find((name) => name === values.stage);
    if (!stage) throw new UsageError(`--stage must be one of ${stages.join(', ')}.`);
    const source = keyringSource();
    const { text, writtenAt } = await source.read();
    const ring = parseKeyring(text);
    const force = values.force === true;
    if (stage === 'add') {
      const { ring: next, added } = withNewKey(ring);
      await source.write(serializeKeyring(next), output);
      output.out(`Added key ${added}; key ${ring.current} stays current.`);
      output.out('In 5 minutes every function has the new key: then run rotate-data-key --stage activate.');
      return 0;
    }
    if (stage === 'activate') {
      const { ring: next, activated } = withWaitingKeyCurrent(ring);
      requireSettled(writtenAt, stage, force);
      await source.write(serializeKeyring(next), output);
      output.out(`Key ${activated} is current: new values are sealed with it.`);
      output.out('In 5 minutes every function seals with it: then run rotate-data-key --stage retire.');
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
