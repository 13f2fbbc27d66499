/**
 * The webhooks domain's routes (`workspace.*`): pure data, composed into the route table
 * (shared/api/routes.ts) that the CDK app reads at synth time. Their contracts are in ./contracts.ts,
 * their examples in ./examples.ts; a route's handler is `functions/webhooks/<file>.ts` (see `handlerFile`).
 */
import { domainRoutes } from '../http/route-rows';

export const webhookEndpointRoutes = domainRoutes('webhooks', [
  {
    name: 'workspace.advancedwebhook.endpoints.get',
    portal: 'read',
    path: '/v2/workspace/advancedwebhook/endpoints/get',
    db: 'read',
    summary: 'List advanced-webhook endpoints, newest first, with Svix-style iterators.',
  },
  {
    name: 'workspace.advancedwebhook.endpoints.create',
    portal: 'write',
    path: '/v2/workspace/advancedwebhook/endpoints/create',
    db: 'read-write',
    summary: 'Create an advanced-webhook endpoint with a service-generated id and signing secret.',
  },
  {
    name: 'workspace.advancedwebhook.endpoints.update',
    portal: 'write',
    path: '/v2/workspace/advancedwebhook/endpoints/update',
    db: 'read-write',
    summary: 'Partially update an advanced-webhook endpoint; returns its state after the write.',
  },
  {
    name: 'workspace.advancedwebhook.endpoints.delete',
    portal: 'write',
    path: '/v2/workspace/advancedwebhook/endpoints/delete',
    db: 'read-write',
    summary: 'Delete an advanced-webhook endpoint.',
  },
  {
    name: 'workspace.advancedwebhook.endpoints.secret.get',
    portal: 'write',
    path: '/v2/workspace/advancedwebhook/endpoints/secret/get',
    db: 'read',
    summary: "Show an endpoint's current signing secret.",
  },
  {
    name: 'workspace.advancedwebhook.endpoints.secret.rotate',
    portal: 'write',
    path: '/v2/workspace/advancedwebhook/endpoints/secret/rotate',
    db: 'read-write',
    summary: "Replace an endpoint's signing secret; the previous one keeps signing for 24 hours.",
  },
  {
    name: 'workspace.advancedwebhook.endpoints.messages.get',
    portal: 'read',
    path: '/v2/workspace/advancedwebhook/endpoints/messages/get',
    db: 'read',
    summary: "List an endpoint's messages, newest first, with their delivery attempts; paged.",
  },
  {
    name: 'workspace.advancedwebhook.endpoints.messages.replay',
    portal: 'write',
    path: '/v2/workspace/advancedwebhook/endpoints/messages/replay',
    db: 'read-write',
    queues: ['webhook-delivery'],
    summary: 'Replay a dead-lettered message to its endpoint (same webhook-id, fresh retry schedule).',
  },
  {
    name: 'workspace.advancedwebhook.endpoints.recover',
    portal: 'write',
    path: '/v2/workspace/advancedwebhook/endpoints/recover',
    db: 'read-write',
    queues: ['document-migration'],
    summary:
      "Send every dead message of an endpoint in a window again, oldest first, under the endpoint's rate limit (a background task).",
  },
  {
    name: 'workspace.advancedwebhook.endpoints.recover.status',
    portal: 'read',
    path: '/v2/workspace/advancedwebhook/endpoints/recover/status',
    db: 'read',
    summary: 'Show how far a recover task has come.',
  },
  {
    name: 'workspace.advancedwebhook.endpoints.stats',
    portal: 'read',
    path: '/v2/workspace/advancedwebhook/endpoints/stats',
    db: 'read',
    summary: "Count an endpoint's messages since a time by status (success, fail, pending, sending).",
  },
  {
    name: 'workspace.advancedwebhook.messages.get',
    portal: 'read',
    path: '/v2/workspace/advancedwebhook/messages/get',
    db: 'read',
    summary:
      "List the API key's messages across its endpoints, newest first, each with every endpoint's status; filtered, paged.",
  },
  {
    name: 'workspace.advancedwebhook.messages.attempts.get',
    portal: 'read',
    path: '/v2/workspace/advancedwebhook/messages/attempts/get',
    db: 'read',
    summary: "List a message's delivery attempts, to one endpoint or to all, newest first.",
  },
  {
    name: 'workspace.advancedwebhook.messages.payload.get',
    portal: 'read',
    path: '/v2/workspace/advancedwebhook/messages/payload/get',
    db: 'read',
    summary: 'Show a message as its endpoint receives it: the whole payload.',
  },
  {
    name: 'workspace.advancedwebhook.messages.resend',
    portal: 'write',
    path: '/v2/workspace/advancedwebhook/messages/resend',
    db: 'read-write',
    queues: ['webhook-delivery'],
    summary:
      'Send a message to an endpoint once more now (a manual attempt, same webhook-id), whatever its status.',
  },
  {
    name: 'workspace.advancedwebhook.eventtypes.get',
    portal: 'read',
    path: '/v2/workspace/advancedwebhook/eventtypes/get',
    db: 'read',
    summary: 'List every event type the service sends, with the JSON Schema of its message and an example.',
  },
  {
    name: 'workspace.advancedwebhook.portal.session',
    path: '/v2/workspace/advancedwebhook/portal/session',
    db: 'read-write',
    summary:
      "Open a portal session: a bearer token for the advanced-webhook routes, and the portal page's URL.",
  },
  {
    name: 'workspace.advancedwebhook.portal.session.get',
    portal: 'read',
    path: '/v2/workspace/advancedwebhook/portal/session/get',
    db: 'read',
    summary: "Show what the caller's credentials may do on these routes: a portal session's scope.",
  },
  {
    name: 'workspace.advancedwebhook.portal.session.revoke',
    path: '/v2/workspace/advancedwebhook/portal/session/revoke',
    db: 'read-write',
    summary: 'End a portal session at once.',
  },
  {
    name: 'workspace.webhooks.test',
    path: '/v2/workspace/webhooks/test',
    db: 'read-write',
    queues: ['webhook-delivery'],
    summary: 'Send a `webhook.test` event to one endpoint (signed) or to the basic-webhook URLs.',
  },
]);
