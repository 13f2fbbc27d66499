import type * as z from 'zod/mini';
import type { endpointPage, endpointSecretView, endpointView } from '../../endpoint-schemas';
import type {
  attemptView,
  endpointStatsView,
  eventTypeView,
  logMessageView,
  messagePayloadView,
  resendView,
} from '../../message-log-schemas';
import type { portalScopeView } from '../../portal-session-schemas';
import type { recoverStartedView, recoverStatusView } from '../../recover-schemas';

/**
 * The portal's calls: every §11 route under `/v2/workspace/advancedwebhook/`, made with the session's
 * bearer token. The token comes from the URL's fragment, which browsers never send to a server; it is
 * taken out of the address bar at once and kept for the tab (a reload keeps working).
 */

export type Endpoint = z.output<typeof endpointView>;
export type EndpointPage = z.output<typeof endpointPage>;
export type Secret = z.output<typeof endpointSecretView>;
export type LogMessage = z.output<typeof logMessageView>;
export type Attempt = z.output<typeof attemptView>;
export type Stats = z.output<typeof endpointStatsView>;
export type EventType = z.output<typeof eventTypeView>;
export type Resent = z.output<typeof resendView>;
export type MessagePayload = z.output<typeof messagePayloadView>;
export type SessionScope = z.output<typeof portalScopeView>;
export type RecoverStarted = z.output<typeof recoverStartedView>;
export type RecoverStatus = z.output<typeof recoverStatusView>;

/** A failed call: the contract's error status (PERMISSION_DENIED, ...) and its message. */
export class CallError extends Error {
  constructor(
    readonly status: string,
    message: string,
  ) {
    super(message);
  }
}

const storageKey = 'portal-token';

/** The session's token: from the fragment (`#token=...`) when there is one, else the tab's copy. */
function takeToken(): string | undefined {
  const fromHash = new URLSearchParams(location.hash.slice(1)).get('token') ?? undefined;
  if (fromHash) {
    sessionStorage.setItem(storageKey, fromHash);
    history.replaceState(null, '', location.pathname + location.search);
    return fromHash;
  }
  return sessionStorage.getItem(storageKey) ?? undefined;
}

export const token = takeToken();

/** Where the routes are: the page is `<service>/portal`, so a mapping under a base path works too. */
const base = `${location.pathname.replace(/\/portal\/?$/, '')}/v2/workspace/advancedwebhook/`;

/** Calls a route (`endpoints/get`, ...) with `data`; answers the success envelope's `result`. */
export async function call<Data>(
  route: string,
  data: object,
): Promise<{ data: Data; nextPageToken?: string }> {
  const response = await fetch(base + route, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token ?? ''}` },
    body: JSON.stringify({ data }),
    cache: 'no-store',
    credentials: 'omit',
  });
  const body = (await response.json().catch(() => undefined)) as
    | { result?: { data: Data; nextPageToken?: string }; error?: { status: string; message: string } }
    | undefined;
  if (!response.ok || !body?.result) {
    throw new CallError(
      body?.error?.status ?? 'UNAVAILABLE',
      body?.error?.message ?? `The service answered ${response.status}.`,
    );
  }
  return body.result;
}

/** What the session may do (portal/session/get: read-only, limited to endpoints). */
export const sessionScope = async (): Promise<SessionScope> =>
  (await call<SessionScope>('portal/session/get', {})).data;
