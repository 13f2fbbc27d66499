/** The contracts of the webhooks domain's routes (./routes.ts): the `data` each accepts and the `result` it answers. */
import * as z from 'zod/mini';
import { acknowledging, answering, answeringPage, type ContractsOf } from '../http/route-contract';
import * as endpoints from './endpoint-schemas';
import * as log from './message-log-schemas';
import * as messages from './message-schemas';
import * as portal from './portal-session-schemas';
import * as recover from './recover-schemas';
import type { webhookEndpointRoutes } from './routes';

export const webhooksContracts = {
  'workspace.advancedwebhook.endpoints.get': answering(endpoints.listEndpointsInput, endpoints.endpointPage),
  'workspace.advancedwebhook.endpoints.create': answering(
    endpoints.createEndpointInput,
    endpoints.endpointView,
  ),
  'workspace.advancedwebhook.endpoints.update': answering(
    endpoints.updateEndpointInput,
    endpoints.endpointView,
  ),
  'workspace.advancedwebhook.endpoints.delete': acknowledging(endpoints.endpointIdInput),
  'workspace.advancedwebhook.endpoints.secret.get': answering(
    endpoints.endpointIdInput,
    endpoints.endpointSecretView,
  ),
  'workspace.advancedwebhook.endpoints.secret.rotate': answering(
    endpoints.endpointIdInput,
    endpoints.endpointSecretView,
  ),
  'workspace.advancedwebhook.endpoints.messages.get': answering(
    messages.listMessagesInput,
    messages.endpointMessagePage,
  ),
  'workspace.advancedwebhook.endpoints.messages.replay': answering(
    messages.replayMessageInput,
    messages.endpointMessageView,
  ),
  'workspace.advancedwebhook.endpoints.recover': answering(
    recover.recoverEndpointInput,
    recover.recoverStartedView,
  ),
  'workspace.advancedwebhook.endpoints.recover.status': answering(
    recover.recoverStatusInput,
    recover.recoverStatusView,
  ),
  'workspace.advancedwebhook.endpoints.stats': answering(log.endpointStatsInput, log.endpointStatsView),
  'workspace.advancedwebhook.messages.get': answeringPage(
    log.listLogMessagesInput,
    z.array(log.logMessageView),
    'nextPageToken',
  ),
  'workspace.advancedwebhook.messages.attempts.get': answering(
    log.messageAttemptsInput,
    z.array(log.attemptView),
  ),
  'workspace.advancedwebhook.messages.payload.get': answering(
    log.messagePayloadInput,
    log.messagePayloadView,
  ),
  'workspace.advancedwebhook.messages.resend': answering(log.resendMessageInput, log.resendView),
  'workspace.advancedwebhook.eventtypes.get': answering(log.eventTypesInput, z.array(log.eventTypeView)),
  'workspace.advancedwebhook.portal.session': answering(
    portal.createPortalSessionInput,
    portal.portalSessionView,
  ),
  'workspace.advancedwebhook.portal.session.get': answering(portal.portalScopeInput, portal.portalScopeView),
  'workspace.advancedwebhook.portal.session.revoke': acknowledging(portal.revokePortalSessionInput),
  'workspace.webhooks.test': answering(messages.testWebhookInput, messages.testEventView),
} as const satisfies ContractsOf<typeof webhookEndpointRoutes>;
