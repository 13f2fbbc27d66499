/**
 * The notifications domain's routes (`notifications.*`): pure data, composed into the route table
 * (shared/api/routes.ts) that the CDK app reads at synth time. Their contracts are in ./contracts.ts,
 * their examples in ./examples.ts; a route's handler is `functions/notifications/<file>.ts` (see `handlerFile`).
 */
import { domainRoutes } from '../http/route-rows';

export const notificationsRoutes = domainRoutes('notifications', [
  {
    name: 'notifications.add',
    path: '/v2/notifications/add',
    db: 'read-write',
    summary:
      'Notify organization members and/or given users, optionally only those with access to the document.',
  },
  {
    name: 'notifications.get',
    path: '/v2/notifications/get',
    db: 'read',
    summary: "A user's inbox (newest first) or a document's notifications, paged.",
  },
  {
    name: 'notifications.update',
    path: '/v2/notifications/update',
    db: 'read-write',
    summary: 'Mark notifications read per user, or change their content.',
  },
  {
    name: 'notifications.delete',
    path: '/v2/notifications/delete',
    db: 'read-write',
    summary: "Delete notifications by id or document, or from one user's inbox.",
  },
  {
    name: 'notifications.count',
    path: '/v2/notifications/count',
    db: 'read',
    summary: "How many notifications a user's inbox holds, and how many are unread (one read).",
  },
  {
    name: 'notifications.config.get',
    path: '/v2/notifications/config/get',
    db: 'read',
    summary: "A user's notification preferences in force, for the organization and given documents.",
  },
  {
    name: 'notifications.config.update',
    path: '/v2/notifications/config/update',
    db: 'read-write',
    summary: "Set a user's notification preferences for the organization or one document.",
  },
]);
