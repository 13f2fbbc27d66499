/**
 * The settings domain's routes (`workspace.*`): pure data, composed into the route table
 * (shared/api/routes.ts) that the CDK app reads at synth time. Their contracts are in ./contracts.ts,
 * their examples in ./examples.ts; a route's handler is `functions/settings/<file>.ts` (see `handlerFile`).
 */
import { domainRoutes } from '../http/route-rows';

export const settingsRoutes = domainRoutes('settings', [
  {
    name: 'workspace.domains.add',
    path: '/v2/workspace/domains/add',
    db: 'read-write',
    summary: 'Add up to 100 allowed domains (normalised); entries already present are reported as skipped.',
  },
  {
    name: 'workspace.domains.delete',
    path: '/v2/workspace/domains/delete',
    db: 'read-write',
    summary: 'Remove up to 100 allowed domains; entries not present are reported as skipped.',
  },
  {
    name: 'workspace.webhookconfig.get',
    tag: 'webhooks',
    path: '/v2/workspace/webhookconfig/get',
    db: 'read',
    summary: 'Read the basic-webhook config, triggers included.',
  },
  {
    name: 'workspace.webhookconfig.update',
    tag: 'webhooks',
    path: '/v2/workspace/webhookconfig/update',
    db: 'read-write',
    summary: 'Partially update the basic-webhook config; the first enable seeds the default triggers.',
  },
  {
    name: 'workspace.advancedwebhookconfig.get',
    tag: 'webhooks',
    path: '/v2/workspace/advancedwebhookconfig/get',
    db: 'read',
    summary: 'Read the advanced-webhook config (defaults when never configured).',
  },
  {
    name: 'workspace.advancedwebhookconfig.update',
    tag: 'webhooks',
    path: '/v2/workspace/advancedwebhookconfig/update',
    db: 'read-write',
    summary: 'Partially update the advanced-webhook config; the first update must enable it.',
  },
  {
    name: 'workspace.activityconfig.get',
    path: '/v2/workspace/activityconfig/get',
    db: 'read',
    summary: 'Read the activity-log config.',
  },
  {
    name: 'workspace.activityconfig.update',
    path: '/v2/workspace/activityconfig/update',
    db: 'read-write',
    summary:
      'Partially update the activity-log config; the first enable seeds comment triggers and immutability.',
  },
  {
    name: 'workspace.notificationconfig.get',
    path: '/v2/workspace/notificationconfig/get',
    db: 'read',
    summary: 'Read the notification config (the digest of unread inbox entries).',
  },
  {
    name: 'workspace.notificationconfig.update',
    path: '/v2/workspace/notificationconfig/update',
    db: 'read-write',
    summary: "Partially update the notification config; the digest's fields merge.",
  },
  {
    name: 'workspace.permissionproviderconfig.get',
    path: '/v2/workspace/permissionproviderconfig/get',
    db: 'read',
    summary: 'Read the permission-provider config.',
  },
  {
    name: 'workspace.permissionproviderconfig.update',
    path: '/v2/workspace/permissionproviderconfig/update',
    db: 'read-write',
    summary: 'Partially update the permission-provider config.',
  },
]);
