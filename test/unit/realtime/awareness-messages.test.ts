import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import {
  type AwarenessEntry,
  awarenessMessage,
  awarenessMessageEntries,
  awarenessMessagesWithin,
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

describe('awareness messages within a byte budget (renewal rounds)', () => {
  const stateOf = (bytes: number) => `"${'x'.repeat(bytes - 2)}"`;
  const sized = (sizes: number[]) =>
    sizes.map((bytes, index) => ({ clientId: index + 1, clock: index + 1, state: stateOf(bytes) }));

  it('keeps every entry, in order, with at most the budget of states per message', () => {
    const all = sized([40, 30, 30, 50, 10, 100, 20]);
    const messages = awarenessMessagesWithin(all, 100);
    const parts = messages.map((message) => awarenessMessageEntries(message) ?? []);
    expect(parts.flat()).toEqual(all);
    expect(parts.map((part) => part.map((entry) => entry.clientId))).toEqual([[1, 2, 3], [4, 5], [6], [7]]);
    for (const part of parts)
      expect(part.reduce((sum, entry) => sum + Buffer.byteLength(entry.state), 0)).toBeLessThanOrEqual(100);
  });

  it('puts an entry larger than the budget alone, and nothing in no message', () => {
    const all = sized([10, 300, 10]);
    expect(awarenessMessagesWithin(all, 100).map((message) => awarenessMessageEntries(message))).toEqual([
      [all[0]],
      [all[1]],
      [all[2]],
    ]);
    expect(awarenessMessagesWithin([], 100)).toEqual([]);
  });
});
