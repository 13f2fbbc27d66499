/**
 * Every key builder of the table, composed from the areas that define them beside their items
 * (shared/db/entities/<area>.ts, from the parts in shared/db/key-parts.ts): `keys.activity(...)`,
 * `keys.webhookDelivery(...)`. Nothing else spells a key (decisions §48, §55).
 */
import { activityKeys } from './entities/activities';
import { commentKeys } from './entities/comments';
import { crdtKeys } from './entities/crdt';
import { lifecycleKeys } from './entities/lifecycle';
import { judgmentKeys } from './entities/memory';
import { migrationKeys } from './entities/migration';
import { notificationKeys } from './entities/notifications';
import { organizationKeys } from './entities/organizations';
import { quotaKeys } from './entities/quotas';
import { realtimeKeys } from './entities/realtime';
import { webhookKeys } from './entities/webhooks';
import { workspaceKeys } from './entities/workspace';

/** The key builders of every area, by name (test/unit/db/key-layouts.test.ts checks no name is defined twice). */
export const keys = {
  ...workspaceKeys,
  ...webhookKeys,
  ...organizationKeys,
  ...activityKeys,
  ...notificationKeys,
  ...crdtKeys,
  ...realtimeKeys,
  ...commentKeys,
  ...judgmentKeys,
  ...migrationKeys,
  ...lifecycleKeys,
  ...quotaKeys,
};
