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

/** The contract of a route that answers `data` alone in the success envelope. */
const answering = <Input extends z.ZodType, Data extends z.ZodType>(input: Input, data: Data) => ({
  input,
  output: success({ data }),
});

// One schema each, shared by every route answering it.
const batchAnswer = success({ data: batchResult });
const acknowledgement = success();

/** The contract of a batch operation: `data` holds each submitted item's outcome (base rule 5). */
const answeringBatch = <Input extends z.ZodType>(input: Input) => ({ input, output: batchAnswer });

/** The contract of a route that answers the status and message only. */
const acknowledging = <Input extends z.ZodType>(input: Input) => ({ input, output: acknowledgement });

/**
 * The contract of a paged read: one page as `data`, beside it the next page's token under the name
 * the contract gives it for this route (`nextPageToken` or `pageToken`).
 */
const answeringPage = <
  Input extends z.ZodType,
  Data extends z.ZodType,
  Token extends 'nextPageToken' | 'pageToken',
>(
  input: Input,
  data: Data,
  token: Token,
) => ({
  input,
  // The cast keeps the one literal key that a computed key would widen to an index signature.
  output: success({ data, ...({ [token]: nextPage } as Record<Token, typeof nextPage>) }),
});

const { noInput } = workspace;

export const routeContracts = {
  'workspace.create': answering(workspace.createWorkspaceInput, workspace.createdWorkspace),
  'workspace.get': answering(noInput, workspace.workspaceView),
  'workspace.apikey.create': answering(workspace.createApiKeyInput, workspace.createdApiKey),
  'workspace.apikeys.get': answeringPage(
    workspace.listApiKeysInput,
    z.array(workspace.apiKeySummary),
    'nextPageToken',
  ),
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
  'workspace.webhooks.test': answering(messages.testWebhookInput, messages.testEventView),
  'organizations.add': answeringBatch(organizations.addOrganizationsInput),
  'organizations.get': answeringPage(
    organizations.getOrganizationsInput,
    z.array(organizations.organizationView),
    'nextPageToken',
  ),
  'organizations.delete': answeringBatch(organizations.deleteOrganizationsInput),
  'organizations.folders.add': answeringBatch(organizations.addFoldersInput),
  'organizations.folders.get': answering(organizations.getFoldersInput, z.array(organizations.folderView)),
  'organizations.folders.update': answeringBatch(organizations.updateFoldersInput),
  'organizations.folders.delete': acknowledging(organizations.deleteFolderInput),
  'organizations.documents.add': answeringBatch(organizations.addDocumentsInput),
  'organizations.documents.get': answeringPage(
    organizations.getDocumentsInput,
    z.array(organizations.documentView),
    'pageToken',
  ),
  'organizations.documents.delete': answeringBatch(organizations.deleteDocumentsInput),
  'organizations.documents.migrate': answering(migration.migrateDocumentInput, migration.startedMigration),
  'organizations.documents.migrate.status': answering(
    migration.migrationStatusInput,
    migration.migrationStatusView,
  ),
  'organizations.usergroups.add': answeringBatch(access.addGroupsInput),
  'organizations.usergroups.get': answering(access.getGroupsInput, z.array(access.groupView)),
  'organizations.usergroups.users.add': answeringBatch(access.addGroupUsersInput),
  'organizations.usergroups.users.delete': answeringBatch(access.deleteGroupUsersInput),
  'users.add': answeringBatch(access.addUsersInput),
  'users.get': answeringPage(access.getUsersInput, z.array(access.userView), 'nextPageToken'),
  'users.update': answeringBatch(access.updateUsersInput),
  'users.delete': answeringBatch(access.deleteUsersInput),
  'users.data.get': answeringPage(lifecycle.getUserDataInput, lifecycle.userDataPage, 'nextPageToken'),
  'users.data.delete': answering(lifecycle.deleteUserDataInput, lifecycle.startedUserErasure),
  'users.data.delete.status': answering(
    lifecycle.userDataDeletionStatusInput,
    lifecycle.userErasureStatusView,
  ),
  'auth.permissions.get': answering(access.getPermissionsInput, access.userPermissions),
  'auth.permissions.add': acknowledging(access.addPermissionsInput),
  'auth.permissions.remove': acknowledging(access.removePermissionsInput),
  'auth.token.generate': answering(access.generateTokenInput, access.generatedToken),
  'activities.add': answeringBatch(activities.addActivitiesInput),
  'activities.get': answeringPage(
    activities.getActivitiesInput,
    z.array(activities.activityView),
    'pageToken',
  ),
  'activities.update': answeringBatch(activities.updateActivitiesInput),
  'activities.delete': answeringBatch(activities.deleteActivitiesInput),
  'notifications.add': answering(notifications.addNotificationInput, notifications.addedNotification),
  'notifications.get': answeringPage(
    notifications.getNotificationsInput,
    z.array(notifications.notificationView),
    'pageToken',
  ),
  'notifications.update': answeringBatch(notifications.updateNotificationsInput),
  'notifications.delete': answeringBatch(notifications.deleteNotificationsInput),
  'crdt.add': acknowledging(crdt.writeEditorInput),
  'crdt.get': answering(crdt.getEditorsInput, z.array(crdt.editorView)),
  'crdt.update': acknowledging(crdt.writeEditorInput),
  'livestate.broadcast': acknowledging(realtime.broadcastLiveStateInput),
  'memory.search': { input: memory.searchInput, output: memory.searchResult },
  'memory.judgments.query': { input: memory.queryJudgmentsInput, output: memory.judgmentsQueryResult },
  'commentannotations.add': answering(comments.addAnnotationsInput, comments.addedAnnotations),
  'commentannotations.get': answeringPage(
    comments.getAnnotationsInput,
    z.array(comments.annotationWithCommentsView),
    'pageToken',
  ),
  'commentannotations.update': answering(comments.updateAnnotationInput, comments.annotationView),
  'commentannotations.delete': answeringBatch(comments.deleteAnnotationsInput),
  'commentannotations.comments.add': answering(
    comments.addCommentsInput,
    z.array(z.string()).meta({ description: 'The new comment ids.' }),
  ),
  'commentannotations.comments.update': acknowledging(comments.updateCommentInput),
  'commentannotations.comments.delete': answeringBatch(comments.deleteCommentsInput),
  'commentannotations.reactions.add': acknowledging(comments.reactionInput),
  'commentannotations.reactions.delete': acknowledging(comments.reactionInput),
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
