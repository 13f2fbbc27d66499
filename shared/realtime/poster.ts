import { env } from '../config/env';

/** What sending to a connection found: delivered, or the connection is gone (API Gateway's 410). */
export type PostOutcome = 'sent' | 'gone';

/**
 * How the service reaches a connected client: in AWS the API Gateway management API
 * (PostToConnection / DeleteConnection), locally the dev server's open sockets. Handlers are the
 * same code in both places; only this differs.
 */
export interface ConnectionPoster {
  /** Sends one text frame. */
  post(connectionId: string, frame: string): Promise<PostOutcome>;
  /**
   * Closes a connection with a close code (addendum §9: 4404 deleted, 4403 access removed).
   * API Gateway cannot choose the close code, so the AWS poster first sends a
   * `{ "type": "close", code, reason }` frame that the client adapter turns into that close code.
   */
  close(connectionId: string, code: number, reason: string): Promise<void>;
}

let installed: ConnectionPoster | undefined;

/** Replaces the poster (the dev server installs its own; tests may install a failing one). */
export function installConnectionPoster(poster: ConnectionPoster | undefined): void {
  installed = poster;
}

/**
 * The poster of this process: the installed one, else the management API at `REALTIME_ENDPOINT`
 * (loaded on first use, so functions that never broadcast never load its SDK client). Undefined
 * when neither exists (a process without realtime, such as a test of REST alone): broadcasts then
 * reach nobody, and closing only deletes the connection items.
 */
export async function connectionPoster(): Promise<ConnectionPoster | undefined> {
  if (installed) return installed;
  const endpoint = env().REALTIME_ENDPOINT;
  if (!endpoint) return undefined;
  const { managementApiPoster } = await import('./management-api-poster');
  installed = managementApiPoster(endpoint);
  return installed;
}
