import { accessEraser } from '../access/scope-eraser';
import { activityEraser } from '../activities/scope-eraser';
import { commentEraser } from '../comments/scope-eraser';
import { crdtEraser } from '../crdt/scope-eraser';
import { judgmentEraser } from '../memory/scope-eraser';
import { migrationEraser } from '../migration/scope-eraser';
import { notificationEraser } from '../notifications/scope-eraser';
import { organizationEraser } from '../organizations/scope-eraser';
import { realtimeEraser } from '../realtime/scope-eraser';
import type { ScopeEraser } from './eraser';

/**
 * Every domain's eraser of organization- and document-scoped records, in the order an erasure job
 * runs them (see `./eraser.ts` for how to add one). Activities before judgments: deleting an
 * activity removes its judgment, so the judgment eraser only meets leftovers. The organization's
 * own partition goes last.
 */
export const scopeErasers: readonly ScopeEraser[] = [
  realtimeEraser,
  accessEraser,
  activityEraser,
  judgmentEraser,
  notificationEraser,
  commentEraser,
  crdtEraser,
  migrationEraser,
  organizationEraser,
];
