import { readAwarenessUpdate } from '../sockets/awareness-messages';
import type { ConnectionRecord } from './schemas';

/**
 * Awareness without a server-side `Awareness` object: a Lambda keeps no state between frames, so
 * each connection's one client id is claimed in its room with its clock and state (the JSON text
 * y-protocols encodes; awareness-repository.ts). Joiners get every stored state; a closing
 * connection's client is removed for everyone with a higher clock and state `null`, exactly what
 * `y-protocols/awareness` `removeAwarenessStates` would send.
 */

/** Whether an awareness state is one a y-protocols client can apply: `null`, or JSON of at most `maxBytes` bytes. */
export function isAcceptableState(state: string, maxBytes: number): boolean {
  if (state === 'null') return true;
  if (Buffer.byteLength(state) > maxBytes) return false;
  try {
    JSON.parse(state);
    return true;
  } catch {
    return false;
  }
}

/**
 * The entry of an awareness update the connection may announce: the one of its bound client id
 * (the first id it announced, when none is bound yet), with a state a client can apply. Entries of
 * other ids (a y-websocket client echoes the states it received) and malformed updates give
 * undefined. Whether its clock is newer than the stored one is the claim's write to decide.
 */
export function ownAwarenessEntry(
  connection: Pick<ConnectionRecord, 'awarenessClientId'>,
  update: Uint8Array,
  maxBytes: number,
): { clientId: number; clock: number; state: string } | undefined {
  let entries: ReturnType<typeof readAwarenessUpdate>;
  try {
    entries = readAwarenessUpdate(update);
  } catch {
    return undefined;
  }
  const clientId = connection.awarenessClientId ?? entries[0]?.clientId;
  const entry = entries.findLast((candidate) => candidate.clientId === clientId);
  return entry && isAcceptableState(entry.state, maxBytes) ? entry : undefined;
}
