import * as z from 'zod/mini';
import { buildSchema } from '../core/build-schema';
import { endpointIdField } from './message-schemas';

/** The schemas of the portal session routes (addendum §11). */

/** Endpoints a session may be limited to, at most (the list rides in the session's item). */
export const maxSessionEndpoints = 100;

export const createPortalSessionInput = /* @__PURE__ */ buildSchema(() =>
  z.strictObject({
    expiresInSeconds: z._default(z.int().check(z.minimum(60), z.maximum(86_400)), 3_600),
    readOnly: z._default(z.boolean(), false),
    endpointIds: z.optional(z.array(endpointIdField).check(z.minLength(1), z.maxLength(maxSessionEndpoints))),
  }),
);
export type CreatePortalSessionInput = z.output<typeof createPortalSessionInput>;

/** A portal token as the service hands it out: longer than any credential header, far below 2 KB. */
export const portalToken = /* @__PURE__ */ buildSchema(() =>
  z.string().check(z.minLength(1), z.maxLength(2048)),
);

export const revokePortalSessionInput = /* @__PURE__ */ buildSchema(() =>
  z.strictObject({ token: portalToken }),
);

/** portal/session `data`: where the portal opens, its token (also in the URL's fragment), when it ends. */
export const portalSessionView = /* @__PURE__ */ buildSchema(() =>
  z.object({
    url: z.string(),
    token: z.string(),
    expiresAt: z.int(),
  }),
);

export const portalScopeInput = /* @__PURE__ */ buildSchema(() => z.strictObject({}));

/**
 * portal/session/get `data`: what the credential may do on the advanced-webhook routes (a portal
 * page shows only what its session allows). API-key credentials may do everything.
 */
export const portalScopeView = /* @__PURE__ */ buildSchema(() =>
  z.object({
    portal: z.boolean(),
    readOnly: z.boolean(),
    endpointIds: z.nullable(z.array(z.string())),
  }),
);
