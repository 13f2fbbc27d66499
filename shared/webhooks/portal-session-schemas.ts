import * as z from 'zod';
import { endpointIdField } from './message-schemas';

/** The schemas of the portal session routes (addendum §11). */

/** Endpoints a session may be limited to, at most (the list rides in the session's item). */
export const maxSessionEndpoints = 100;

export const createPortalSessionInput = /* @__PURE__ */ z
  .object({
    expiresInSeconds: z.number().int().min(60).max(86_400).default(3_600),
    readOnly: z.boolean().default(false),
    endpointIds: z.array(endpointIdField).min(1).max(maxSessionEndpoints).optional(),
  })
  .strict();
export type CreatePortalSessionInput = z.output<typeof createPortalSessionInput>;

/** A portal token as the service hands it out: longer than any credential header, far below 2 KB. */
export const portalToken = /* @__PURE__ */ z.string().min(1).max(2048);

export const revokePortalSessionInput = /* @__PURE__ */ z.object({ token: portalToken }).strict();

/** portal/session `data`: where the portal opens, its token (also in the URL's fragment), when it ends. */
export const portalSessionView = /* @__PURE__ */ z.object({
  url: z.string(),
  token: z.string(),
  expiresAt: z.number().int(),
});

export const portalScopeInput = /* @__PURE__ */ z.object({}).strict();

/**
 * portal/session/get `data`: what the credential may do on the advanced-webhook routes (a portal
 * page shows only what its session allows). API-key credentials may do everything.
 */
export const portalScopeView = /* @__PURE__ */ z.object({
  portal: z.boolean(),
  readOnly: z.boolean(),
  endpointIds: z.array(z.string()).nullable(),
});
