/**
 * The table's definition, one area per domain of items (shared/db/entities/): every item type
 * and every named access pattern, written once. Repositories take an item's `entity` from
 * `entities` and a Query's index from `accessPatterns`; table.ts derives from the same areas, and
 * docs/data-model.md from them with their docs (shared/db/entities/docs; decisions §48, §55).
 */
import { activitiesArea } from './entities/activities';
import { commentsArea } from './entities/comments';
import { crdtArea } from './entities/crdt';
import { lifecycleArea } from './entities/lifecycle';
import { memoryArea } from './entities/memory';
import { migrationArea } from './entities/migration';
import { notificationsArea } from './entities/notifications';
import { organizationsArea } from './entities/organizations';
import { quotasArea } from './entities/quotas';
import { realtimeArea } from './entities/realtime';
import { webhooksArea } from './entities/webhooks';
import { workspaceArea } from './entities/workspace';

/** Every item type by name; `entities.x.name` is the value of the `entity` attribute its items carry. */
export const entities = {
  ...workspaceArea.entities,
  ...webhooksArea.entities,
  ...organizationsArea.entities,
  ...activitiesArea.entities,
  ...notificationsArea.entities,
  ...crdtArea.entities,
  ...realtimeArea.entities,
  ...commentsArea.entities,
  ...memoryArea.entities,
  ...migrationArea.entities,
  ...lifecycleArea.entities,
  ...quotasArea.entities,
};

/** The name of an item type (the `entity` attribute's values). */
export type EntityName = keyof typeof entities;

/** Every named access pattern; `accessPatterns.x.index` is the index a Query for it names. */
export const accessPatterns = {
  ...workspaceArea.accessPatterns,
  ...webhooksArea.accessPatterns,
  ...organizationsArea.accessPatterns,
  ...activitiesArea.accessPatterns,
  ...notificationsArea.accessPatterns,
  ...crdtArea.accessPatterns,
  ...realtimeArea.accessPatterns,
  ...commentsArea.accessPatterns,
  ...memoryArea.accessPatterns,
  ...migrationArea.accessPatterns,
  ...lifecycleArea.accessPatterns,
  ...quotasArea.accessPatterns,
};
