import { activitiesDocs } from './activities';
import { commentsDocs } from './comments';
import { crdtDocs } from './crdt';
import { lifecycleDocs } from './lifecycle';
import { memoryDocs } from './memory';
import { migrationDocs } from './migration';
import { notificationsDocs } from './notifications';
import { organizationsDocs } from './organizations';
import { quotasDocs } from './quotas';
import { realtimeDocs } from './realtime';
import { webhooksDocs } from './webhooks';
import { workspaceDocs } from './workspace';

/** Every area with its docs, in the order docs/data-model.md lists them (docs and tests only). */
export const documentedAreas = [
  workspaceDocs,
  webhooksDocs,
  organizationsDocs,
  activitiesDocs,
  notificationsDocs,
  crdtDocs,
  realtimeDocs,
  commentsDocs,
  memoryDocs,
  migrationDocs,
  lifecycleDocs,
  quotasDocs,
] as const;
