import { backfillLifecycleIndexesCommand } from './backfill-lifecycle-indexes';
import type { AdminCommand } from './command';
import { resealSecretsCommand } from './reseal-secrets';

/** The admin commands by name: add a command by adding its module here. */
export const adminCommands: Readonly<Record<string, AdminCommand>> = {
  'backfill-lifecycle-indexes': backfillLifecycleIndexesCommand,
  'reseal-secrets': resealSecretsCommand,
};
