import { workspaceArea } from '../workspace';
import { documentArea } from './definition';

/** What docs/data-model.md says of `workspaceArea`: its title, item layouts and attributes, access patterns. */
export const workspaceDocs = documentArea(workspaceArea, {
  title: 'Workspaces and API keys',
  entities: {
    workspace: {
      pk: 'WS#<id>',
      sk: 'WORKSPACE',
      attributes:
        'workspaceId, name, ownerId, ownerEmail, ownerName, tokenHash (SHA-256), createdAt, updatedAt',
    },
    workspaceApiKey: {
      pk: 'WS#<id>',
      sk: 'APIKEY#<apiKey>',
      attributes: 'apiKey, apiKeyName, type, createdAt',
    },
    apiKeyCredential: {
      pk: 'AK#<apiKey>',
      sk: 'CREDENTIAL',
      attributes:
        'apiKey, workspaceId, type, apiKeyName, ownerEmail?, authTokenHash, authTokenEncrypted (AES-256-GCM), authTokenName, domains (string set, absent when empty), usesPermissionProvider?, digestDelayMinutes? (from the notification config: 0 when digests are off), erasing? (fence entries), incarnations? (decisions §41), createdAt, updatedAt',
    },
    owner: { pk: 'OWNER#<email>', sk: 'OWNER', attributes: 'workspaceCount, updatedAt' },
    apiKeyConfig: {
      pk: 'AK#<apiKey>',
      sk: 'CONFIG#<kind>',
      keyNote: '(`webhook`, `advancedWebhook`, `activity`, `permissionProvider`)',
      attributes: 'kind, sealed (AES-256-GCM of the config JSON), version, createdAt, updatedAt',
    },
    tokenSigningSecret: {
      pk: 'AK#<ak>',
      sk: 'TOKEN_SIGNING_SECRET',
      attributes: 'encrypted (AES-256-GCM), createdAt',
    },
  },
  accessPatterns: {
    workspaceById: {
      pattern: 'workspace by id',
      pk: '`WS#<workspaceId>`',
      sk: '`WORKSPACE`',
      operation: 'GetItem (projection `tokenHash`, consistent)',
      usedBy: 'workspace-level auth',
    },
    workspaceWithApiKeys: {
      pattern: 'workspace with its API keys',
      pk: '`WS#<workspaceId>`',
      sk: '(whole partition)',
      operation: 'Query',
      usedBy: '`workspace.get`',
    },
    apiKeysOfWorkspace: {
      pattern: 'API keys of a workspace',
      pk: '`WS#<workspaceId>`',
      sk: 'begins_with `APIKEY#`',
      operation: 'Query (page size + 1)',
      usedBy: '`workspace.apikeys.get`',
    },
    givenApiKeysOfWorkspace: {
      pattern: 'given API keys of a workspace',
      pk: '`WS#<workspaceId>`',
      sk: '`APIKEY#<apiKey>`',
      operation: 'BatchGetItem',
      usedBy: '`workspace.apikeys.get` with `apiKeys`',
    },
    apiKeyCredential: {
      pattern: 'API key credential',
      pk: '`AK#<apiKey>`',
      sk: '`CREDENTIAL`',
      operation: 'GetItem (projection, consistent)',
      usedBy: 'API-key auth (every K route), `domains.get`',
    },
    apiKeyCredentialWhole: {
      pattern: 'API key credential, whole',
      pk: '`AK#<apiKey>`',
      sk: '`CREDENTIAL`',
      operation: 'GetItem (consistent)',
      usedBy: '`workspace.authtokens.get`',
    },
    replaceAuthToken: {
      pattern: 'replace auth token',
      pk: '`AK#<apiKey>`',
      sk: '`CREDENTIAL`',
      operation: 'UpdateItem, condition `workspaceId = :caller`',
      usedBy: '`workspace.authtoken.reset`',
    },
    workspacesPerOwner: {
      pattern: 'workspaces per owner email',
      pk: '`OWNER#<email>`',
      sk: '`OWNER`',
      operation: 'UpdateItem `ADD workspaceCount`, condition `< 5`',
      usedBy: '`workspace.create` (in its transaction)',
    },
    allowedDomains: {
      pattern: 'add / remove allowed domains',
      pk: '`AK#<apiKey>`',
      sk: '`CREDENTIAL`',
      operation: 'UpdateItem `ADD`/`DELETE domains`, `UPDATED_OLD`',
      usedBy: '`workspace.domains.add`, `workspace.domains.delete`',
    },
    apiKeyConfig: {
      pattern: 'a config of an API key',
      pk: '`AK#<apiKey>`',
      sk: '`CONFIG#<kind>`',
      operation: 'GetItem (consistent)',
      usedBy: '`workspace.*config.get`, before every config update',
    },
    writeApiKeyConfig: {
      pattern: 'write a config',
      pk: '`AK#<apiKey>`',
      sk: '`CONFIG#<kind>`',
      operation: 'PutItem, condition `version = :read`',
      usedBy: '`workspace.*config.update`',
    },
    tokenSigningSecret: {
      pattern: 'JWT signing secret',
      pk: '`AK#<ak>`',
      sk: '`TOKEN_SIGNING_SECRET`',
      operation: 'GetItem, PutItem `attribute_not_exists` (on losing that race, a consistent GetItem)',
      usedBy: '`auth.token.generate`',
    },
  },
});
