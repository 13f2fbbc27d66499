import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import type { ConnectionRecord } from './schemas';

/**
 * Awareness without a server-side `Awareness` object: a Lambda keeps no state between frames, so
 * each connection's one client id is claimed in its room with its clock and state (the JSON text
 * y-protocols encodes; awareness-repository.ts). Joiners get every stored state; a closing
 * connection's client is removed for everyone with a higher clock and state `null`, exactly what
 * `y-protocols/awareness` `removeAwarenessStates` would send.
 */

/** The entries of an awareness update (`y-protocols` encoding); throws on a malformed one. */
export function readAwarenessUpdate(
  update: Uint8Array,
): { clientId: number; clock: number; state: string }[] {
  const decoder = decoding.createDecoder(update);
  const count = decoding.readVarUint(decoder);
  const entries = [];
  for (let index = 0; index < count; index += 1) {
    entries.push({
      clientId: decoding.readVarUint(decoder),
      clock: decoding.readVarUint(decoder),
      state: decoding.readVarString(decoder),
    });
  }
  return entries;
}

/**
 * The entries of a y-websocket message when it is an awareness message (type 1), else undefined
 * (another type, or malformed).
 */
export function awarenessMessageEntries(
  message: Uint8Array,
): { clientId: number; clock: number; state: string }[] | undefined {
  try {
    const decoder = decoding.createDecoder(message);
    if (decoding.readVarUint(decoder) !== 1) return undefined;
    return readAwarenessUpdate(decoding.readVarUint8Array(decoder));
  } catch {
    return undefined;
  }
}

/** An awareness message (type 1) carrying the given clients' states. */
export function awarenessMessage(
  clients: readonly { clientId: number; clock: number; state: string }[],
): Uint8Array {
  const update = encoding.createEncoder();
  encoding.writeVarUint(update, clients.length);
  for (const client of clients) {
    encoding.writeVarUint(update, client.clientId);
    encoding.writeVarUint(update, client.clock);
    encoding.writeVarString(update, client.state);
  }
  const message = encoding.createEncoder();
  encoding.writeVarUint(message, 1);
  encoding.writeVarUint8Array(message, encoding.toUint8Array(update));
  return encoding.toUint8Array(message);
}

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
