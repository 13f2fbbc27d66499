import { setTimeout as sleep } from 'node:timers/promises';
import { env } from '../config/env';
import { nowMs } from '../core/clock';
import { logger } from '../core/logger';
import { docFromUpdates } from '../crdt/codec';
import { loadEditors } from '../crdt/repository';
import { withIncarnations } from '../db/incarnations';
import { framesOf, syncStepOneMessage } from '../sockets/broadcast';
import type { PostOutcome } from '../sockets/connection-poster';
import { connectionPoster } from '../sockets/poster';
import { findConnection } from '../sockets/repository';
import { roomAwarenessMessage } from './awareness-updates';
import { listLiveStates } from './live-state-repository';
import type { ConnectionRecord } from './schemas';

/**
 * The greeting (addendum §9 and §12, decisions §80): what a new connection receives without
 * speaking first — the server's sync step 1, the room's awareness states and the document's live
 * state values. `$connect` cannot post to its own connection (API Gateway answers 410 until
 * `$connect` has returned), so `$connect` asks for the greeting (`requestGreeting`: an
 * asynchronous invocation of the greeter function in AWS, a task of the dev server locally) and
 * the greeter posts it once the connection is open.
 */

/** How `$connect` starts a greeting: installed by the dev server; in AWS the Lambda invoke below. */
export type GreetingRequester = (connectionId: string) => Promise<void>;

let installed: GreetingRequester | undefined;

/** Replaces how greetings are requested (the dev server runs the greeter in its own process). */
export function installGreetingRequester(requester: GreetingRequester | undefined): void {
  installed = requester;
}

/**
 * Asks for a new connection's greeting: the installed requester, else an asynchronous invocation
 * (`InvocationType: 'Event'`, answered once queued) of `REALTIME_GREETER_FUNCTION`; neither in a
 * process without realtime. A failure is logged, not thrown: the connection is accepted anyway,
 * and a client that speaks (every y-websocket client) is answered with the server's step 1.
 */
export async function requestGreeting(connectionId: string): Promise<void> {
  try {
    if (installed) return await installed(connectionId);
    const functionName = env().REALTIME_GREETER_FUNCTION;
    if (!functionName) return;
    const { invokeAsync } = await import('./greeter-invoke');
    await invokeAsync(functionName, { connectionId });
  } catch (error) {
    logger.warn('realtime greeting not requested', { connectionId, error: error as Error });
  }
}

/** Close code for an open socket the server no longer serves (RFC 6455: unexpected condition); clients reconnect. */
export const unservedCloseCode = 1011;

/**
 * A connection API Gateway reports gone may still be opening (`$connect` has not returned): the
 * greeter tries again, waiting a little longer each time, until it has waited this long in all
 * (counted in waits, not read from the clock, which tests may hold still).
 */
const openingMs = 10_000;
const firstRetryMs = 20;
const longestRetryMs = 500;

/** The greeting's messages: the server's step 1, the room's awareness, then each live state value. */
async function greetingFrames(connection: ConnectionRecord): Promise<string[]> {
  const now = nowMs();
  const [[editor], awareness, liveStates] = await Promise.all([
    loadEditors(connection.apiKey, connection.organizationId, connection.documentId, connection.editorId),
    roomAwarenessMessage(connection, now),
    listLiveStates(
      connection.apiKey,
      connection.organizationId,
      connection.documentId,
      now,
      env().REALTIME_MAX_LIVE_STATES_PER_DOCUMENT,
    ),
  ]);
  const step1 = syncStepOneMessage(docFromUpdates(editor?.records.map((record) => record.bytes) ?? []));
  return [...framesOf(step1), ...framesOf(awareness), ...liveStates.map((state) => JSON.stringify(state))];
}

/**
 * The greeter: posts the greeting to a connection once it is open. A connection whose item is
 * gone while its socket is open was deleted by a closing rule (an access change, a deletion)
 * while `$connect` still ran, when no close could reach it: it is closed now
 * (`unservedCloseCode`), so that no accepted socket stays open unserved; the client reconnects,
 * and `$connect` decides again. Each attempt reads the connection again, so a rule that closes it
 * meanwhile is seen. Gives up when still gone after `openingMs` of waiting (the client left).
 */
export async function greet(connectionId: string): Promise<void> {
  const poster = await connectionPoster();
  if (!poster) return;
  let frames: string[] | undefined;
  for (let waited = 0, wait = firstRetryMs; ; waited += wait, wait = Math.min(wait * 2, longestRetryMs)) {
    const connection = await findConnection(connectionId, nowMs());
    let outcome: PostOutcome;
    if (connection) {
      const current = connection;
      frames ??= await withIncarnations(connection.incarnations ?? {}, () => greetingFrames(current));
      outcome = await postAll(poster, connectionId, frames);
    } else {
      outcome = await poster.close(
        connectionId,
        unservedCloseCode,
        'The connection was not served; reconnect.',
      );
    }
    if (outcome === 'sent') return;
    if (waited >= openingMs) {
      logger.info('realtime greeting found the connection gone', { connectionId });
      return;
    }
    await sleep(wait);
  }
}

/** Posts frames in order; `gone` as soon as one finds the connection not (or no longer) open. */
async function postAll(
  poster: NonNullable<Awaited<ReturnType<typeof connectionPoster>>>,
  connectionId: string,
  frames: readonly string[],
): Promise<PostOutcome> {
  for (const frame of frames) if ((await poster.post(connectionId, frame)) === 'gone') return 'gone';
  return 'sent';
}
