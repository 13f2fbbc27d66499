import * as z from 'zod/mini';
import { buildSchema } from '../core/build-schema';
import { incarnationMap } from '../db/incarnations';
import { normaliseDomain } from './domains';

const label = /* @__PURE__ */ buildSchema(() => z.string().check(z.trim(), z.minLength(1), z.maxLength(200)));

/** An API key as callers send it; service-generated keys are far shorter than the bound. */
export const apiKeyId = /* @__PURE__ */ buildSchema(() => z.string().check(z.minLength(1), z.maxLength(128)));

export const apiKeyType = /* @__PURE__ */ buildSchema(() => z.enum(['testing', 'production']));

/** A domain entry as callers send it (URL or bare host), normalised to the stored form. */
export const domainEntry = /* @__PURE__ */ buildSchema(() =>
  z.pipe(
    z.string().check(z.minLength(1), z.maxLength(2048)),
    z.transform((value, ctx) => {
      const domain = normaliseDomain(value);
      if (!domain) {
        ctx.issues.push({ code: 'custom', message: `not a valid domain: ${value}`, input: value });
        return z.NEVER;
      }
      return domain;
    }),
  ),
);

export const createWorkspaceInput = /* @__PURE__ */ buildSchema(() =>
  z.strictObject({
    ownerEmail: z.email().check(z.maxLength(254)),
    name: z.optional(label),
    workspaceName: z.optional(label),
  }),
);

export const createApiKeyInput = /* @__PURE__ */ buildSchema(() =>
  z.strictObject({
    type: apiKeyType,
    apiKeyName: z.optional(label),
    ownerEmail: z.optional(z.email().check(z.maxLength(254))),
    createAuthToken: z._default(z.boolean(), true),
    allowedDomains: z.optional(z.array(domainEntry).check(z.maxLength(100))),
  }),
);

export const listApiKeysInput = /* @__PURE__ */ buildSchema(() =>
  z.strictObject({
    apiKeys: z.optional(z.array(apiKeyId).check(z.minLength(1), z.maxLength(30))),
    pageSize: z._default(z.int().check(z.minimum(1), z.maximum(100)), 100),
    pageToken: z.optional(z.string().check(z.minLength(1), z.maxLength(4096))),
  }),
);

export const apiKeyInput = /* @__PURE__ */ buildSchema(() => z.strictObject({ apiKey: apiKeyId }));

/** Stored workspace item (keys stripped). */
export const workspaceRecord = /* @__PURE__ */ buildSchema(() =>
  z.object({
    workspaceId: z.string(),
    name: z.string(),
    ownerId: z.string(),
    ownerEmail: z.string(),
    ownerName: z.string(),
    tokenHash: z.string(),
    createdAt: z.number(),
    updatedAt: z.number(),
  }),
);
export type WorkspaceRecord = z.infer<typeof workspaceRecord>;

/** Stored listing of an API key under its workspace. */
export const apiKeyListing = /* @__PURE__ */ buildSchema(() =>
  z.object({
    apiKey: z.string(),
    apiKeyName: z.string(),
    type: apiKeyType,
    createdAt: z.number(),
  }),
);
export type ApiKeyListing = z.infer<typeof apiKeyListing>;

/**
 * An API key's allowed domains as stored: a DynamoDB string set (so domain add/delete are atomic
 * `ADD`/`DELETE` updates), absent when empty; callers see a sorted array (sets have no order).
 */
const allowedDomains = /* @__PURE__ */ buildSchema(() =>
  z.pipe(
    z.optional(z.union([z.set(z.string()), z.array(z.string())])),
    z.transform((domains) => [...(domains ?? [])].sort()),
  ),
);

/** Stored credential of an API key: the item API-key auth reads. No token is stored in plain text. */
export const apiKeyCredential = /* @__PURE__ */ buildSchema(() =>
  z.object({
    apiKey: z.string(),
    workspaceId: z.string(),
    type: apiKeyType,
    apiKeyName: z.string(),
    ownerEmail: z.optional(z.string()),
    authTokenHash: z.optional(z.string()),
    authTokenEncrypted: z.optional(z.string()),
    authTokenName: z.string(),
    domains: allowedDomains,
    /** Copied from the permission-provider config so that access checks know it without reading it. */
    usesPermissionProvider: z.optional(z.boolean()),
    /** Copied from the notification config (0: digests off) so that inbox writes open digest windows without reading it. */
    digestDelayMinutes: z.optional(z.int().check(z.nonnegative())),
    /** Organizations and documents whose erasure runs (shared/plugins/fence.ts); absent when none. */
    erasing: z.optional(z.set(z.string())),
    /** Incarnations of ids re-created while their erasure ran (shared/db/incarnations.ts); absent when none. */
    incarnations: z.optional(incarnationMap),
    createdAt: z.number(),
    updatedAt: z.number(),
  }),
);
export type ApiKeyCredential = z.infer<typeof apiKeyCredential>;

/** What authentication reads of a credential (one projected GetItem per request). */
export const credentialForAuth = /* @__PURE__ */ buildSchema(() =>
  z.pick(apiKeyCredential, {
    authTokenHash: true,
    workspaceId: true,
    type: true,
    domains: true,
    usesPermissionProvider: true,
    digestDelayMinutes: true,
    erasing: true,
    incarnations: true,
  }),
);
export type CredentialForAuth = z.infer<typeof credentialForAuth>;

/** The contract's API key entry: `{ id, apiKeyName, type }`. */
export type ApiKeySummary = { id: string; apiKeyName: string; type: z.infer<typeof apiKeyType> };

// Responses.

/** An API key as responses list it (addendum §3): `{ id, apiKeyName, type }`. */
export const apiKeySummary = /* @__PURE__ */ buildSchema(() =>
  z
    .object({
      id: z.string(),
      apiKeyName: z.string(),
      type: apiKeyType,
    })
    .check(z.meta({ id: 'ApiKeySummary' })),
);

/** workspace/get `data`: the workspace, its owner and its API keys by key. */
export const workspaceView = /* @__PURE__ */ buildSchema(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    owner: z.object({ id: z.string(), email: z.string(), name: z.string() }),
    apiKeyList: z.record(z.string(), apiKeySummary),
  }),
);

/** workspace/create `data`: the workspace view plus its auth token, shown once. */
export const createdWorkspace = /* @__PURE__ */ buildSchema(() =>
  z.extend(workspaceView, {
    authToken: z.string(),
  }),
);

/** workspace/apikey/create `data`. */
export const createdApiKey = /* @__PURE__ */ buildSchema(() => z.object({ apiKey: z.string() }));

/** An auth token as shown to the workspace owner: the token, its name and allowed domains. */
export const authTokenView = /* @__PURE__ */ buildSchema(() =>
  z.object({
    token: z.string(),
    name: z.string(),
    domains: z.array(z.string()),
  }),
);

/** workspace/authtokens/get `data`. */
export const authTokensView = /* @__PURE__ */ buildSchema(() =>
  z.object({
    apiKey: z.string(),
    authTokens: z.array(authTokenView),
  }),
);

/** workspace/authtoken/reset `data`. */
export const resetAuthTokenView = /* @__PURE__ */ buildSchema(() =>
  z.object({
    apiKey: z.string(),
    newAuthToken: authTokenView,
  }),
);

/** workspace/domains/get `data`. */
export const domainsView = /* @__PURE__ */ buildSchema(() =>
  z.object({
    domains: z.array(z.string()),
  }),
);
