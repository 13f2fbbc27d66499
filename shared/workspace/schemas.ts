import * as z from 'zod';
import { incarnationMap } from '../db/incarnations';
import { normaliseDomain } from './domains';

const label = /* @__PURE__ */ z.string().trim().min(1).max(200);

/** An API key as callers send it; service-generated keys are far shorter than the bound. */
export const apiKeyId = /* @__PURE__ */ z.string().min(1).max(128);

export const apiKeyType = /* @__PURE__ */ z.enum(['testing', 'production']);

/** A domain entry as callers send it (URL or bare host), normalised to the stored form. */
export const domainEntry = /* @__PURE__ */ z
  .string()
  .min(1)
  .max(2048)
  .transform((value, ctx) => {
    const domain = normaliseDomain(value);
    if (!domain) {
      ctx.addIssue({ code: 'custom', message: `not a valid domain: ${value}` });
      return z.NEVER;
    }
    return domain;
  });

export const createWorkspaceInput = /* @__PURE__ */ z
  .object({
    ownerEmail: z.email().max(254),
    name: label.optional(),
    workspaceName: label.optional(),
  })
  .strict();

export const createApiKeyInput = /* @__PURE__ */ z
  .object({
    type: apiKeyType,
    apiKeyName: label.optional(),
    ownerEmail: z.email().max(254).optional(),
    createAuthToken: z.boolean().default(true),
    allowedDomains: z.array(domainEntry).max(100).optional(),
  })
  .strict();

export const listApiKeysInput = /* @__PURE__ */ z
  .object({
    apiKeys: z.array(apiKeyId).min(1).max(30).optional(),
    pageSize: z.number().int().min(1).max(100).default(100),
    pageToken: z.string().min(1).max(4096).optional(),
  })
  .strict();

export const apiKeyInput = /* @__PURE__ */ z.object({ apiKey: apiKeyId }).strict();

/** Stored workspace item (keys stripped). */
export const workspaceRecord = /* @__PURE__ */ z.object({
  workspaceId: z.string(),
  name: z.string(),
  ownerId: z.string(),
  ownerEmail: z.string(),
  ownerName: z.string(),
  tokenHash: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type WorkspaceRecord = z.infer<typeof workspaceRecord>;

/** Stored listing of an API key under its workspace. */
export const apiKeyListing = /* @__PURE__ */ z.object({
  apiKey: z.string(),
  apiKeyName: z.string(),
  type: apiKeyType,
  createdAt: z.number(),
});
export type ApiKeyListing = z.infer<typeof apiKeyListing>;

/**
 * An API key's allowed domains as stored: a DynamoDB string set (so domain add/delete are atomic
 * `ADD`/`DELETE` updates), absent when empty; callers see a sorted array (sets have no order).
 */
const allowedDomains = /* @__PURE__ */ z
  .union([z.set(z.string()), z.array(z.string())])
  .optional()
  .transform((domains) => [...(domains ?? [])].sort());

/** Stored credential of an API key: the item API-key auth reads. No token is stored in plain text. */
export const apiKeyCredential = /* @__PURE__ */ z.object({
  apiKey: z.string(),
  workspaceId: z.string(),
  type: apiKeyType,
  apiKeyName: z.string(),
  ownerEmail: z.string().optional(),
  authTokenHash: z.string().optional(),
  authTokenEncrypted: z.string().optional(),
  authTokenName: z.string(),
  domains: allowedDomains,
  /** Copied from the permission-provider config so that access checks know it without reading it. */
  usesPermissionProvider: z.boolean().optional(),
  /** Copied from the notification config (0: digests off) so that inbox writes open digest windows without reading it. */
  digestDelayMinutes: z.number().int().nonnegative().optional(),
  /** Organizations and documents whose erasure runs (shared/plugins/fence.ts); absent when none. */
  erasing: z.set(z.string()).optional(),
  /** Incarnations of ids re-created while their erasure ran (shared/db/incarnations.ts); absent when none. */
  incarnations: incarnationMap.optional(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type ApiKeyCredential = z.infer<typeof apiKeyCredential>;

/** The contract's API key entry: `{ id, apiKeyName, type }`. */
export type ApiKeySummary = { id: string; apiKeyName: string; type: z.infer<typeof apiKeyType> };

// Responses.

/** An API key as responses list it (addendum §3): `{ id, apiKeyName, type }`. */
export const apiKeySummary = /* @__PURE__ */ z
  .object({
    id: z.string(),
    apiKeyName: z.string(),
    type: apiKeyType,
  })
  .meta({ id: 'ApiKeySummary' });

/** workspace/get `data`: the workspace, its owner and its API keys by key. */
export const workspaceView = /* @__PURE__ */ z.object({
  id: z.string(),
  name: z.string(),
  owner: z.object({ id: z.string(), email: z.string(), name: z.string() }),
  apiKeyList: z.record(z.string(), apiKeySummary),
});

/** workspace/create `data`: the workspace view plus its auth token, shown once. */
export const createdWorkspace = /* @__PURE__ */ workspaceView.extend({
  authToken: z.string(),
});

/** workspace/apikey/create `data`. */
export const createdApiKey = /* @__PURE__ */ z.object({ apiKey: z.string() });

/** An auth token as shown to the workspace owner: the token, its name and allowed domains. */
export const authTokenView = /* @__PURE__ */ z.object({
  token: z.string(),
  name: z.string(),
  domains: z.array(z.string()),
});

/** workspace/authtokens/get `data`. */
export const authTokensView = /* @__PURE__ */ z.object({
  apiKey: z.string(),
  authTokens: z.array(authTokenView),
});

/** workspace/authtoken/reset `data`. */
export const resetAuthTokenView = /* @__PURE__ */ z.object({
  apiKey: z.string(),
  newAuthToken: authTokenView,
});

/** workspace/domains/get `data`. */
export const domainsView = /* @__PURE__ */ z.object({
  domains: z.array(z.string()),
});
