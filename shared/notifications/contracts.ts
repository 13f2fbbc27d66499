/** The contracts of the notifications domain's routes (./routes.ts): the `data` each accepts and the `result` it answers. */
import * as z from 'zod/mini';
import { answering, answeringBatch, answeringPage, type ContractsOf } from '../http/route-contract';
import * as preferences from './preference-schemas';
import type { notificationsRoutes } from './routes';
import * as notifications from './schemas';

export const notificationsContracts = {
  'notifications.add': answering(notifications.addNotificationInput, notifications.addedNotification),
  'notifications.get': answeringPage(
    notifications.getNotificationsInput,
    z.array(notifications.notificationView),
    'pageToken',
  ),
  'notifications.update': answeringBatch(notifications.updateNotificationsInput),
  'notifications.delete': answeringBatch(notifications.deleteNotificationsInput),
  'notifications.count': answering(notifications.countNotificationsInput, notifications.notificationCounts),
  'notifications.config.get': answering(
    preferences.getNotificationPreferencesInput,
    preferences.notificationPreferencesView,
  ),
  'notifications.config.update': answering(
    preferences.updateNotificationPreferencesInput,
    preferences.notificationPreferencesView,
  ),
} as const satisfies ContractsOf<typeof notificationsRoutes>;
