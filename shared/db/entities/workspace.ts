import { apiKeyPartition, encodeKeyPart, type ItemKey, join } from '../key-parts';
import { defineArea } from './definition';

/** Workspaces, their API keys, each key's credential, configs and signing secret, and the owner quota. */
export const workspaceArea = defineArea({
  entities: {
    workspace: {},
    workspaceApiKey: {},
    apiKeyCredential: {},
    owner: {},
    apiKeyConfig: {},
    tokenSigningSecret: {},
  },
  accessPatterns: {
    workspaceById: { index: 'table' },
    workspaceWithApiKeys: { index: 'table' },
    apiKeysOfWorkspace: { index: 'table' },
    givenApiKeysOfWorkspace: { index: 'table' },
    apiKeyCredential: { index: 'table' },
    apiKeyCredentialWhole: { index: 'table' },
    replaceAuthToken: { index: 'table' },
    workspacesPerOwner: { index: 'table' },
    allowedDomains: { index: 'table' },
    apiKeyConfig: { index: 'table' },
    writeApiKeyConfig: { index: 'table' },
    tokenSigningSecret: { index: 'table' },
  },
});

/** The configuration documents an API key holds, one item each (so their updates never conflict). */
export type ConfigKind = 'webhook' | 'advancedWebhook' | 'activity' | 'permissionProvider' | 'notification';

/** The keys of workspaces, API keys and their configs, and owners. */
export const workspaceKeys = {
  workspace: (workspaceId: string): ItemKey => ({
    pk: join('WS', encodeKeyPart(workspaceId)),
    sk: 'WORKSPACE',
  }),
  workspaceApiKey: (workspaceId: string, apiKey: string): ItemKey => ({
    pk: join('WS', encodeKeyPart(workspaceId)),
    sk: join('APIKEY', encodeKeyPart(apiKey)),
  }),
  /** Sort-key prefix selecting a workspace's API-key items. */
  workspaceApiKeyPrefix: 'APIKEY#',
  apiKeyCredential: (apiKey: string): ItemKey => ({ pk: apiKeyPartition(apiKey), sk: 'CREDENTIAL' }),
  owner: (email: string): ItemKey => ({ pk: join('OWNER', encodeKeyPart(email.toLowerCase())), sk: 'OWNER' }),
  apiKeyConfig: (apiKey: string, kind: ConfigKind): ItemKey => ({
    pk: apiKeyPartition(apiKey),
    sk: join('CONFIG', kind),
  }),
  /** The API key's JWT signing secret (generate_token), encrypted. */
  tokenSigningSecret: (apiKey: string): ItemKey => ({
    pk: apiKeyPartition(apiKey),
    sk: 'TOKEN_SIGNING_SECRET',
  }),
} as const;
