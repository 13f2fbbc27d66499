import { type ResealProgress, resealSecrets } from '../../shared/admin/reseal';
import { loadKeyring } from '../../shared/security/keyring';
import { type AdminCommand, UsageError } from './command';

/** One progress line of a re-seal pass. */
export const describeReseal = (progress: ResealProgress) =>
  `${progress.apiKeys} API keys, ${progress.examined} sealed values examined, ${progress.resealed} re-sealed ` +
  `under key ${progress.currentKeyId}, ${progress.changedConcurrently} changed concurrently, ` +
  `${progress.unreadable.length} unreadable`;

/** `reseal-secrets`: moves every stored secret to the keyring's current key (decisions §35). */
export const resealSecretsCommand: AdminCommand = {
  summary:
    'Re-encrypt every stored secret (auth tokens, signing secrets) that an older data key encrypted with the current one.',
  usage: '',
  async run(args, output) {
    if (args.length > 0) throw new UsageError(`reseal-secrets takes no arguments; got ${args.join(' ')}`);
    await loadKeyring();
    const result = await resealSecrets((progress) =>
      output.out(`reseal-secrets: ${describeReseal(progress)}`),
    );
    for (const value of result.unreadable) {
      output.err(`unreadable: pk=${value.pk} sk=${value.sk} attribute=${value.attribute}`);
    }
    if (result.unreadable.length > 0) {
      output.err(
        'Some values open under no key of the keyring: keep their key in DATA_KEY until they are fixed.',
      );
      return 1;
    }
    output.out(
      result.changedConcurrently > 0
        ? 'Done; values changed while it ran: run it again to check them.'
        : `Done: every sealed value is under key ${result.currentKeyId}.`,
    );
    return 0;
  },
};
