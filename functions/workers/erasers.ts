import { accessEraser } from '../../shared/access/scope-eraser';
import { activityEraser } from '../../shared/activities/scope-eraser';
import { commentEraser } from '../../shared/comments/scope-eraser';
import { crdtEraser } from '../../shared/crdt/scope-eraser';
import { judgmentEraser } from '../../shared/memory/scope-eraser';
import { migrationEraser } from '../../shared/migration/scope-eraser';
import { notificationPreferenceEraser } from '../../shared/notifications/preference-plugins';
import { notificationEraser } from '../../shared/notifications/scope-eraser';
import { organizationEraser } from '../../shared/organizations/scope-eraser';
import type { ScopeEraser } from '../../shared/plugins/eraser';
import { realtimeEraser } from '../../shared/realtime/scope-eraser';

/**
 * Every domain's eraser of organization- and document-scoped records, in the order an erasure job
 * runs them (see `shared/plugins/eraser.ts` for how to add one), handed to the worker by
 * `./document-migration.ts`. Activities before judgments: deleting an activity removes its
 * judgment, so the judgment eraser only meets leftovers. The organization's own partition goes last.
 */
export const scopeErasers: readonly ScopeEraser[] = [
  realtimeEraser,
  accessEraser,
  activityEraser,
  judgmentEraser,
  notificationEraser,
  notificationPreferenceEraser,
  commentEraser,
  crdtEraser,
  migrationEraser,
  organizationEraser,
];
