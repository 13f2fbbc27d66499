/**
 * The contract registry: every route's input schema (`data` sent) paired with its output schema
 * (`result` answered), once. `defineEndpoint` validates and types handlers from it, the docs
 * generator writes OpenAPI from it, the typed client derives its methods from it and the
 * integration tests check every response against it. It imports schema modules only (no AWS SDK,
 * no repositories), so the client can bundle it.
 */
import * as z from 'zod';
import * as access from '../access/schemas';
import * as activities from '../activities/schemas';
import * as comments from '../comments/schemas';
import * as crdt from '../crdt/schemas';
import { batchResult, nextPage, success } from '../http/response-schemas';
import type { RouteName } from '../http/routes';
import * as lifecycle from '../lifecycle/schemas';
import * as memory from '../memory/schemas';
import * as migration from '../migration/schemas';
import * as notifications from '../notifications/schemas';
import * as organizations from '../organizations/schemas';
import * as realtime from '../realtime/schemas';
import * as settings from '../settings/schemas';
import * as webhookConfigs from '../webhooks/config-schemas';
import * as endpoints from '../webhooks/endpoint-schemas';
import * as messages from '../webhooks/message-schemas';
import * as workspace from '../workspace/schemas';

/** What a route accepts as `data` and answers as `result`. */
export interface RouteContract {
  readonly input: z.ZodType;
  /** The whole `result`: the success envelope's fields, or the bare body of the memory routes. */
  readonly output: z.ZodObject;
}

const batch = success({ data: batchResult });

/** The contract of a route that answers `data` alone in the success envelope. */
const answering = <Input extends z.ZodType, Data extends z.ZodType>(input: Input, data: Data) => ({
  input,
  output: success({ data }),
});
const done = success();
const { noInput } = workspace;

export const routeContracts = {
  'workspace.create': answering(workspace.createWorkspaceInput, workspace.createdWorkspace),
  'workspace.get': answering(noInput, workspace.workspaceView),
  'workspace.apikey.create': answering(workspace.createApiKeyInput, workspace.createdApiKey),
  'workspace.apikeys.get': {
    input: workspace.listApiKeysInput,
    output: success({ data: z.array(workspace.apiKeySummary), nextPageToken: nextPage }),
  },
  'workspace.authtokens.get': answering(workspace.apiKeyInput, workspace.authTokensView),
  'workspace.authtoken.reset': answering(workspace.apiKeyInput, workspace.resetAuthTokenView),
  'workspace.domains.get': answering(noInput, workspace.domainsView),
  'workspace.domains.add': answering(settings.domainsInput, settings.domainsAdded),
  'workspace.domains.delete': answering(settings.domainsInput, settings.domainsRemoved),
  'workspace.webhookconfig.get': answering(noInput, webhookConfigs.webhookConfig),
  'workspace.webhookconfig.update': answering(
    webhookConfigs.updateWebhookConfigInput,
    webhookConfigs.webhookConfig,
  ),
  'workspace.advancedwebhookconfig.get': answering(noInput, webhookConfigs.advancedWebhookConfig),
  'workspace.advancedwebhookconfig.update': answering(
    webhookConfigs.updateAdvancedWebhookConfigInput,
    webhookConfigs.advancedWebhookConfig,
  ),
  'workspace.activityconfig.get': answering(noInput, settings.activityConfigView),
  'workspace.activityconfig.update': answering(
    settings.updateActivityConfigInput,
    settings.activityConfigView,
  ),
  'workspace.permissionproviderconfig.get': answering(noInput, settings.permissionProviderConfig),
  'workspace.permissionproviderconfig.update': answering(
    settings.updatePermissionProviderConfigInput,
    settings.permissionProviderConfig,
  ),
  'workspace.advancedwebhook.endpoints.get': answering(endpoints.listEndpointsInput, endpoints.endpointPage),
  'workspace.advancedwebhook.endpoints.create': answering(
    endpoints.createEndpointInput,
    endpoints.endpointView,
  ),
  'workspace.advancedwebhook.endpoints.update': answering(
    endpoints.updateEndpointInput,
    endpoints.endpointView,
  ),
  'workspace.advancedwebhook.endpoints.delete': { input: endpoints.endpointIdInput, output: done },
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
  'workspace.webhooks.test': answering(messages.testWebhookInput, messages.testEventView),
  'organizations.add': { input: organizations.addOrganizationsInput, output: batch },
  'organizations.get': {
    input: organizations.getOrganizationsInput,
    output: success({ data: z.array(organizations.organizationView), nextPageToken: nextPage }),
  },
  'organizations.delete': { input: organizations.deleteOrganizationsInput, output: batch },
  'organizations.folders.add': { input: organizations.addFoldersInput, output: batch },
  'organizations.folders.get': answering(organizations.getFoldersInput, z.array(organizations.folderView)),
  'organizations.folders.update': { input: organizations.updateFoldersInput, output: batch },
  'organizations.folders.delete': { input: organizations.deleteFolderInput, output: done },
  'organizations.documents.add': { input: organizations.addDocumentsInput, output: batch },
  'organizations.documents.get': {
    input: organizations.getDocumentsInput,
    output: success({ data: z.array(organizations.documentView), pageToken: nextPage }),
  },
  'organizations.documents.delete': { input: organizations.deleteDocumentsInput, output: batch },
  'organizations.documents.migrate': answering(migration.migrateDocumentInput, migration.startedMigration),
  'organizations.documents.migrate.status': answering(
    migration.migrationStatusInput,
    migration.migrationStatusView,
  ),
  'organizations.usergroups.add': { input: access.addGroupsInput, output: batch },
  'organizations.usergroups.get': answering(access.getGroupsInput, z.array(access.groupView)),
  'organizations.usergroups.users.add': { input: access.addGroupUsersInput, output: batch },
  'organizations.usergroups.users.delete': { input: access.deleteGroupUsersInput, output: batch },
  'users.add': { input: access.addUsersInput, output: batch },
  'users.get': {
    input: access.getUsersInput,
    output: success({ data: z.array(access.userView), nextPageToken: nextPage }),
  },
  'users.update': { input: access.updateUsersInput, output: batch },
  'users.delete': { input: access.deleteUsersInput, output: batch },
  'users.data.get': {
    input: lifecycle.getUserDataInput,
    output: success({ data: lifecycle.userDataPage, nextPageToken: nextPage }),
  },
  'users.data.delete': answering(lifecycle.deleteUserDataInput, lifecycle.startedUserErasure),
  'users.data.delete.status': answering(
    lifecycle.userDataDeletionStatusInput,
    lifecycle.userErasureStatusView,
  ),
  'auth.permissions.get': answering(access.getPermissionsInput, access.userPermissions),
  'auth.permissions.add': { input: access.addPermissionsInput, output: done },
  'auth.permissions.remove': { input: access.removePermissionsInput, output: done },
  'auth.token.generate': answering(access.generateTokenInput, access.generatedToken),
  'activities.add': { input: activities.addActivitiesInput, output: batch },
  'activities.get': {
    input: activities.getActivitiesInput,
    output: success({ data: z.array(activities.activityView), pageToken: nextPage }),
  },
  'activities.update': { input: activities.updateActivitiesInput, output: batch },
  'activities.delete': { input: activities.deleteActivitiesInput, output: batch },
  'notifications.add': answering(notifications.addNotificationInput, notifications.addedNotification),
  'notifications.get': {
    input: notifications.getNotificationsInput,
    output: success({ data: z.array(notifications.notificationView), pageToken: nextPage }),
  },
  'notifications.update': { input: notifications.updateNotificationsInput, output: batch },
  'notifications.delete': { input: notifications.deleteNotificationsInput, output: batch },
  'crdt.add': { input: crdt.writeEditorInput, output: done },
  'crdt.get': answering(crdt.getEditorsInput, z.array(crdt.editorView)),
  'crdt.update': { input: crdt.writeEditorInput, output: done },
  'livestate.broadcast': { input: realtime.broadcastLiveStateInput, output: done },
  'memory.search': { input: memory.searchInput, output: memory.searchResult },
  'memory.judgments.query': { input: memory.queryJudgmentsInput, output: memory.judgmentsQueryResult },
  'commentannotations.add': answering(comments.addAnnotationsInput, comments.addedAnnotations),
  'commentannotations.get': {
    input: comments.getAnnotationsInput,
    output: success({ data: z.array(comments.annotationWithCommentsView), pageToken: nextPage }),
  },
  'commentannotations.update': answering(comments.updateAnnotationInput, comments.annotationView),
  'commentannotations.delete': { input: comments.deleteAnnotationsInput, output: batch },
  'commentannotations.comments.add': {
    input: comments.addCommentsInput,
    output: success({ data: z.array(z.string()).meta({ description: 'The new comment ids.' }) }),
  },
  'commentannotations.comments.update': { input: comments.updateCommentInput, output: done },
  'commentannotations.comments.delete': { input: comments.deleteCommentsInput, output: batch },
  'commentannotations.reactions.add': { input: comments.reactionInput, output: done },
  'commentannotations.reactions.delete': { input: comments.reactionInput, output: done },
} as const satisfies Record<RouteName, RouteContract>;

export type RouteContracts = typeof routeContracts;

/** The schema of `data` a route accepts. */
export type RouteInput<Name extends RouteName> = z.input<RouteContracts[Name]['input']>;

/** The `result` a route answers, as parsed. */
export type RouteOutput<Name extends RouteName> = z.output<RouteContracts[Name]['output']>;

/** A route's contract; throws on an unknown name (a programming error). */
export function contractOf<Name extends RouteName>(name: Name): RouteContracts[Name] {
  const contract = routeContracts[name];
  if (!contract) throw new Error(`Unknown route ${name}`);
  return contract;
}

/** Whether a route answers the success envelope (`status`, `message`), unlike the memory routes. */
export const isEnveloped = (contract: RouteContract): boolean => 'status' in contract.output.shape;
