import {
  keyOfQuarantineId,
  releaseAllQuarantined,
  releaseQuarantinedItems,
} from '../../shared/reconcile/quarantine';
import { type AdminCommand, type AdminOption, parseArguments, UsageError } from './command';

const options: readonly AdminOption[] = [
  { name: 'all', description: 'Retry every job quarantined lists instead of the ids given.' },
];

/**
 * `release-quarantined <id>... | --all`: puts quarantined due items back in the due index, due now
 * (decisions §62); each release is conditional, so a concurrent one cannot release an item twice.
 */
export const releaseQuarantinedCommand: AdminCommand = {
  summary: 'Retry jobs listed by quarantined (give their ids, or --all) now, after the cause is fixed.',
  usage: '<id>... | --all',
  options,
  async run(args, output) {
    const { values, positionals } = parseArguments(args, options);
    if (values.all === true) {
      if (positionals.length > 0) throw new UsageError('Give ids or --all, not both.');
      const released = await releaseAllQuarantined((count) =>
        output.out(`release-quarantined: ${count} released…`),
      );
      output.out(`${released} released.`);
      return 0;
    }
    if (positionals.length === 0)
      throw new UsageError('Give the ids to release (from `quarantined`), or --all.');
    const keys = positionals.map((id) => {
      const key = keyOfQuarantineId(id);
      if (!key) throw new UsageError(`"${id}" is not an id printed by quarantined.`);
      return key;
    });
    const released = await releaseQuarantinedItems(keys);
    const left = keys.length - released;
    output.out(
      `${released} released${left > 0 ? `; ${left} not in the quarantine (released already, or moved by its own work)` : ''}.`,
    );
    return 0;
  },
};
