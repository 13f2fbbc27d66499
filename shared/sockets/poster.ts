import { env } from '../config/env';
import type { ConnectionPoster } from './connection-poster';

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
