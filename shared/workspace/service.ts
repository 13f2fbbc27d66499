import type * as z from 'zod/mini';
import { env } from '../config/env';
import { nowMs } from '../core/clock';
import { ApiError, notFound } from '../core/errors';
import { decodePageToken, encodePageToken } from '../db/page-token';
import type { ApiKeyCaller, WorkspaceCaller } from '../http/caller';
import { decryptSecret, encryptSecret, generateSecret, hashSecret } from '../security/secrets';
import {
  findApiKeyListings,
  findCredential,
  findWorkspaceWithApiKeys,
  insertApiKey,
  insertWorkspace,
  listApiKeys,
  replaceAuthToken,
  startWorkspaceRead,
} from './repository';
import type {
  ApiKeyCredential,
  ApiKeyListing,
  ApiKeySummary,
  apiKeyInput,
  createApiKeyInput,
  createWorkspaceInput,
  listApiKeysInput,
} from './schemas';

/** Name of the one auth token each API key has. */
const authTokenName = 'default';

const summary = (listing: ApiKeyListing): ApiKeySummary => ({
  id: listing.apiKey,
  apiKeyName: listing.apiKeyName,
  type: listing.type,
});

const apiKeyList = (listings: readonly ApiKeyListing[]) =>
  Object.fromEntries(listings.map((listing) => [listing.apiKey, summary(listing)]));

/** The owner an API key's auth token is sealed for: the API key. */
export const authTokenOwner = (apiKey: string) => apiKey;

/** A fresh auth token: the value to show once, and what is stored (hash + encrypted copy). */
function newAuthToken(apiKey: string) {
  const token = generateSecret('at_');
  return {
    token,
    stored: {
      authTokenHash: hashSecret(token),
      authTokenEncrypted: encryptSecret(token, authTokenOwner(apiKey)),
    },
  };
}

function newCredential(
  workspaceId: string,
  input: { type: ApiKeyCredential['type']; apiKeyName: string; ownerEmail?: string; domains: string[] },
  createAuthToken: boolean,
  now: number,
) {
  const apiKey = generateSecret('ak_', 16);
  const token = createAuthToken ? newAuthToken(apiKey) : undefined;
  const credential: ApiKeyCredential = {
    apiKey,
    workspaceId,
    type: input.type,
    apiKeyName: input.apiKeyName,
    ownerEmail: input.ownerEmail,
    authTokenName,
    domains: input.domains,
    createdAt: now,
    updatedAt: now,
    ...token?.stored,
  };
  return { credential, token: token?.token };
}

/**
 * Creates a workspace, its owner, its workspace token and one testing API key with an auth token
 * (addendum §3). Throws PERMISSION_DENIED when public creation is switched off,
 * RESOURCE_EXHAUSTED past the per-owner quota.
 */
export async function createWorkspace(input: z.output<typeof createWorkspaceInput>, now = nowMs()) {
  if (!env().ALLOW_PUBLIC_WORKSPACE_CREATION) {
    throw new ApiError('PERMISSION_DENIED', 'Workspace creation is disabled on this deployment.');
  }
  return (await provisionWorkspace(input, now)).workspace;
}

/**
 * Creates a workspace as `workspace.create` does, whatever `ALLOW_PUBLIC_WORKSPACE_CREATION` says:
 * the operator's way in when public creation is off (`npm run admin -- create-workspace`). Returns
 * the route's answer and the first API key's auth token. Throws RESOURCE_EXHAUSTED past the
 * per-owner quota.
 */
export async function provisionWorkspace(input: z.output<typeof createWorkspaceInput>, now = nowMs()) {
  const ownerName = input.name ?? input.ownerEmail.split('@')[0]!;
  const workspaceId = generateSecret('ws_', 12);
  const workspaceToken = generateSecret('wst_');
  const workspace = {
    workspaceId,
    name: input.workspaceName ?? `${ownerName}'s workspace`,
    ownerId: generateSecret('usr_', 12),
    ownerEmail: input.ownerEmail.toLowerCase(),
    ownerName,
    tokenHash: hashSecret(workspaceToken),
    createdAt: now,
    updatedAt: now,
  };
  const { credential, token } = newCredential(
    workspaceId,
    { type: 'testing', apiKeyName: 'Default testing key', ownerEmail: workspace.ownerEmail, domains: [] },
    true,
    now,
  );
  await insertWorkspace(workspace, credential);
  return {
    workspace: {
      id: workspaceId,
      name: workspace.name,
      owner: { id: workspace.ownerId, email: workspace.ownerEmail, name: ownerName },
      authToken: workspaceToken,
      apiKeyList: apiKeyList([credential]),
    },
    apiKey: credential.apiKey,
    // Asked for above (`createAuthToken`), so always there.
    apiKeyAuthToken: token as string,
  };
}

/** Starts `getWorkspace`'s read by the workspace id alone (a route's prefetch: one Query page). */
export const readWorkspace = (workspaceId: string) => startWorkspaceRead(workspaceId);

/**
 * The workspace as created, without its token (one Query). `started` is `readWorkspace`'s read of
 * the caller's workspace, when already started.
 */
export async function getWorkspace(caller: WorkspaceCaller, started?: ReturnType<typeof readWorkspace>) {
  const found = await findWorkspaceWithApiKeys(caller.workspaceId, started);
  if (!found) throw notFound('Workspace not found.');
  const { workspace, apiKeys } = found;
  return {
    id: workspace.workspaceId,
    name: workspace.name,
    owner: { id: workspace.ownerId, email: workspace.ownerEmail, name: workspace.ownerName },
    apiKeyList: apiKeyList(apiKeys),
  };
}

/** Creates an API key in the caller's workspace (one transaction). */
export async function createApiKey(caller: WorkspaceCaller, input: z.output<typeof createApiKeyInput>) {
  const now = nowMs();
  const { credential } = newCredential(
    caller.workspaceId,
    {
      type: input.type,
      apiKeyName: input.apiKeyName ?? `${input.type === 'testing' ? 'Testing' : 'Production'} key`,
      ownerEmail: input.ownerEmail?.toLowerCase(),
      domains: [...new Set(input.allowedDomains ?? [])],
    },
    input.createAuthToken,
    now,
  );
  await insertApiKey(credential);
  return { apiKey: credential.apiKey };
}

/**
 * Lists the caller's API keys a page at a time, or the given keys (one BatchGet); a given key that
 * is not the workspace's is NOT_FOUND.
 */
export async function getApiKeys(
  caller: Pick<WorkspaceCaller, 'workspaceId'>,
  input: z.output<typeof listApiKeysInput>,
) {
  if (input.apiKeys) {
    const listings = await findApiKeyListings(caller.workspaceId, input.apiKeys);
    const found = new Set(listings.map((listing) => listing.apiKey));
    const missing = input.apiKeys.filter((apiKey) => !found.has(apiKey));
    if (missing.length > 0) throw notFound(`API key not found in this workspace: ${missing.join(', ')}.`);
    return { data: listings.map(summary), nextPageToken: undefined };
  }
  const binding = { owner: `workspace:${caller.workspaceId}`, query: { list: 'apiKeys' } };
  const startKey = input.pageToken ? decodePageToken(input.pageToken, binding) : undefined;
  const page = await listApiKeys(caller.workspaceId, input.pageSize, startKey);
  return {
    data: page.apiKeys.map(summary),
    nextPageToken: page.nextKey ? encodePageToken(page.nextKey, binding) : undefined,
  };
}

const tokenView = (token: string, credential: ApiKeyCredential) => ({
  token,
  name: credential.authTokenName,
  domains: credential.domains,
});

/** Reads the credential `getAuthTokens` shows, by the input alone (a route's prefetch: one GetItem). */
export const readAuthTokens = (input: z.output<typeof apiKeyInput>) => findCredential(input.apiKey);

/**
 * Shows an API key's auth token (decrypted), its name and domains. NOT_FOUND outside the workspace.
 * `credential` is `readAuthTokens`' read, when already started.
 */
export async function getAuthTokens(
  caller: WorkspaceCaller,
  input: z.output<typeof apiKeyInput>,
  started = readAuthTokens(input),
) {
  const credential = await started;
  if (!credential || credential.workspaceId !== caller.workspaceId) {
    throw notFound(`API key ${input.apiKey} not found in this workspace.`);
  }
  const authTokens = credential.authTokenEncrypted
    ? [tokenView(decryptSecret(credential.authTokenEncrypted, authTokenOwner(credential.apiKey)), credential)]
    : [];
  return { apiKey: credential.apiKey, authTokens };
}

/**
 * Issues a new auth token for an API key of the caller's workspace; the old one fails from the
 * next request on (one conditional write). NOT_FOUND outside the workspace.
 */
export async function resetAuthToken(caller: WorkspaceCaller, input: z.output<typeof apiKeyInput>) {
  const { token, stored } = newAuthToken(input.apiKey);
  const credential = await replaceAuthToken(caller.workspaceId, input.apiKey, stored, nowMs());
  if (!credential) throw notFound(`API key ${input.apiKey} not found in this workspace.`);
  return { apiKey: credential.apiKey, newAuthToken: tokenView(token, credential) };
}

/** The API key's allowed domains, already read by authentication (no further DynamoDB call). */
export function listDomains(caller: ApiKeyCaller) {
  return { domains: [...caller.domains] };
}
