import type { Incarnations } from '../db/incarnations';
import type { AuthLevel } from './route-rows';

/** The API-key types of addendum §3. */
export type ApiKeyType = 'testing' | 'production';

/** What a portal session's token lets its holder do (addendum §11). */
export interface PortalScope {
  readonly sessionId: string;
  /** Only the routes whose `portal` access is `read`. */
  readonly readOnly: boolean;
  /** The endpoints the session sees and changes; undefined: every endpoint of the key. */
  readonly endpointIds?: readonly string[];
}

/**
 * A caller authenticated with `x-svc-api-key` + `x-svc-auth-token`, or on a portal route with a
 * portal session's bearer token (then `portal` holds what the session may do).
 */
export interface ApiKeyCaller {
  readonly level: 'apiKey';
  readonly apiKey: string;
  readonly workspaceId: string;
  readonly keyType: ApiKeyType;
  readonly domains: readonly string[];
  /** Whether the key's permission provider decides access (addendum §4 rule 7). */
  readonly usesPermissionProvider: boolean;
  /** Minutes before unread inbox entries are digested when notification digests are on; 0 when off. */
  readonly digestDelayMinutes: number;
  /** Fence entries of the organizations and documents being erased (shared/plugins/fence.ts). */
  readonly erasing: ReadonlySet<string>;
  /** Incarnations of ids re-created while their erasure ran (shared/db/incarnations.ts). */
  readonly incarnations: Incarnations;
  /** Whether the credential holds an incarnation map at all (the first re-creation writes it whole). */
  readonly storesIncarnations: boolean;
  /** Set when a portal session's token authenticated the request. */
  readonly portal?: PortalScope;
}

/** A caller authenticated with `x-svc-workspace-id` + `x-svc-workspace-auth-token`. */
export interface WorkspaceCaller {
  readonly level: 'workspace';
  readonly workspaceId: string;
}

/** A caller of a public route. */
export interface AnonymousCaller {
  readonly level: 'none';
}

/** The caller a route of the given auth level receives. */
export type CallerFor<Level extends AuthLevel> = Level extends 'apiKey'
  ? ApiKeyCaller
  : Level extends 'workspace'
    ? WorkspaceCaller
    : AnonymousCaller;

export type Caller = ApiKeyCaller | WorkspaceCaller | AnonymousCaller;

/** Longest credential header accepted before any lookup (generated values are far shorter). */
const maxCredentialLength = 256;

/** Whether a credential header is worth a lookup: present and no longer than any generated value. */
export const usableCredential = (value: string | undefined): value is string =>
  value !== undefined && value.length > 0 && value.length <= maxCredentialLength;

/**
 * The shape of every generated credential (`generateSecret`: a short prefix such as `ak_`, then
 * base64url), with room to spare: at least 16 and at most 256 of `A–Z a–z 0–9 _ -`.
 */
const credentialShape = /^[A-Za-z0-9_-]{16,256}$/;

/**
 * Whether a credential header could be one the service generated: checked before a request starts
 * any read beside its auth read (a route's prefetch), so a missing or malformed one costs nothing.
 */
export const wellFormedCredential = (value: string | undefined): value is string =>
  value !== undefined && credentialShape.test(value);

/**
 * How credential headers become a caller. The checks read the workspace domain's credential items,
 * so the composition root (shared/api/define-endpoint.ts) hands them to `authenticate`: http imports
 * no domain. Each throws PERMISSION_DENIED for wrong or missing credentials.
 */
export interface Authenticator {
  apiKey(
    apiKey: string | undefined,
    authToken: string | undefined,
    origin: string | undefined,
  ): Promise<ApiKeyCaller>;
  workspace(workspaceId: string | undefined, token: string | undefined): Promise<WorkspaceCaller>;
  /**
   * The API key a portal session's token names, when the token opens and has not expired (no
   * read: it is sealed); undefined otherwise.
   */
  portalTokenKey(token: string): string | undefined;
  /** The caller of a portal session's token; UNAUTHENTICATED when it is expired, tampered or revoked. */
  portal(token: string): Promise<ApiKeyCaller>;
}

/** Longest bearer token read (a portal token is a few hundred characters). */
const maxBearerLength = 2048;

/** The token of an `Authorization: Bearer <token>` header, if the header is one. */
export function bearerToken(headers: Record<string, string>): string | undefined {
  const match = /^Bearer +(\S+)$/i.exec(headers.authorization ?? '');
  const token = match?.[1];
  return token !== undefined && token.length <= maxBearerLength ? token : undefined;
}
