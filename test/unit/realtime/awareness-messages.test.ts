import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import {
  type AwarenessEntry,
  awarenessMessage,
  awarenessMessageEntries,
  readAwarenessUpdate,
} from '../../../shared/sockets/awareness-messages';

/** The message as lib0 (which y-protocols' own awareness code uses) writes it. */
function lib0Message(entries: AwarenessEntry[]): Uint8Array {
  const update = encoding.createEncoder();
  encoding.writeVarUint(update, entries.length);
  for (const entry of entries) {
    encoding.writeVarUint(update, entry.clientId);
    encoding.writeVarUint(update, entry.clock);
    encoding.writeVarString(update, entry.state);
  }
  const message = encoding.createEncoder();
  encoding.writeVarUint(message, 1);
  encoding.writeVarUint8Array(message, encoding.toUint8Array(update));
  return encoding.toUint8Array(message);
}

const entries: AwarenessEntry[] = [
  { clientId: 0, clock: 0, state: 'null' },
  { clientId: 127, clock: 128, state: '{"user":{"name":"Zoë 🚀"}}' },
  { clientId: 2 ** 32 + 5, clock: Number.MAX_SAFE_INTEGER, state: `{"note":"${'x'.repeat(300)}"}` },
];

describe('awareness messages (y-protocols, without lib0)', () => {
  it('writes the bytes lib0 writes and reads what lib0 writes, past 2^32 and in multi-byte UTF-8', () => {
    expect([...awarenessMessage(entries)]).toEqual([...lib0Message(entries)]);
    expect(awarenessMessageEntries(lib0Message(entries))).toEqual(entries);
    const decoder = decoding.createDecoder(lib0Message(entries));
    decoding.readVarUint(decoder);
    expect(readAwarenessUpdate(decoding.readVarUint8Array(decoder))).toEqual(entries);
  });

  it.each([
    ['another message type (sync)', Uint8Array.from([0, 0, 1, 0])],
    ['a message ending inside an integer', Uint8Array.from([1, 0x80])],
    ['an update longer than the message', Uint8Array.from([1, 9, 1, 1])],
    ['a state that is not UTF-8', Uint8Array.from([1, 5, 1, 1, 1, 1, 0xff])],
    ['an empty message', new Uint8Array()],
  ])('reads %s as no awareness entries', (_name, message) => {
    expect(awarenessMessageEntries(message)).toBeUndefined();
  });

  it('throws on an update claiming more entries than it holds', () => {
    expect(() => readAwarenessUpdate(Uint8Array.from([2, 1, 1, 0]))).toThrow(RangeError);
  });
});
