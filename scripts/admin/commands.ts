import { backfillLifecycleIndexesCommand } from './backfill-lifecycle-indexes';
import type { AdminCommand } from './command';
import { createWorkspaceCommand } from './create-workspace';
import { listWorkspacesCommand } from './list-workspaces';
import { quarantinedCommand } from './quarantined';
import { recountThreadCountersCommand } from './recount-thread-counters';
import { redriveDeadLettersCommand } from './redrive-dead-letters';
import { releaseQuarantinedCommand } from './release-quarantined';
import { resealSecretsCommand } from './reseal-secrets';
import { rotateDataKeyCommand } from './rotate-data-key';

/** The admin commands by name: add a command by adding its module here. */
export const adminCommands: Readonly<Record<string, AdminCommand>> = {
  'backfill-lifecycle-indexes': backfillLifecycleIndexesCommand,
  'create-workspace': createWorkspaceCommand,
  'list-workspaces': listWorkspacesCommand,
  quarantined: quarantinedCommand,
  'recount-thread-counters': recountThreadCountersCommand,
  'redrive-dead-letters': redriveDeadLettersCommand,
  'release-quarantined': releaseQuarantinedCommand,
  'reseal-secrets': resealSecretsCommand,
  'rotate-data-key': rotateDataKeyCommand,
};
