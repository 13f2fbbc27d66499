/**
 * y-protocols' awareness messages, read and written without lib0 (the package has no dependencies;
 * the server takes this module through shared/sockets/awareness-messages.ts). A y-websocket
 * message is a variable-length type (1: awareness) and the update as variable-length bytes: a
 * count, then per client its id, its clock and its state as JSON text (`null` when it left).
 * Integers are lib0's unsigned varints: 7 bits a byte, low bits first, the high bit set on every
 * byte but the last.
 */

/** One client's entry in an awareness update. */
export interface AwarenessEntry {
  clientId: number;
  clock: number;
  state: string;
}

const awarenessMessageType = 1;
const utf8Decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const utf8Encoder = new TextEncoder();

/** Reads varints, byte arrays and strings in order; throws past the end and on invalid UTF-8. */
class Reader {
  private position = 0;

  constructor(private readonly bytes: Uint8Array) {}

  varUint(): number {
    let value = 0;
    for (let factor = 1; this.position < this.bytes.length; factor *= 128) {
      const byte = this.bytes[this.position++] ?? 0;
      value += (byte & 0x7f) * factor;
      if (byte < 0x80) return value;
      if (value > Number.MAX_SAFE_INTEGER) throw new RangeError('An integer past 2^53.');
    }
    throw new RangeError('The message ends inside an integer.');
  }

  varBytes(): Uint8Array {
    const length = this.varUint();
    if (this.position + length > this.bytes.length) throw new RangeError('The message ends inside a field.');
    this.position += length;
    return this.bytes.subarray(this.position - length, this.position);
  }

  varString(): string {
    return utf8Decoder.decode(this.varBytes());
  }
}

/** Writes varints, byte arrays and strings in order. */
class Writer {
  private readonly bytes: number[] = [];

  varUint(value: number): this {
    let rest = value;
    while (rest > 0x7f) {
      this.bytes.push(0x80 | (rest % 0x80));
      rest = Math.floor(rest / 0x80);
    }
    this.bytes.push(rest);
    return this;
  }

  varBytes(bytes: Uint8Array): this {
    this.varUint(bytes.length);
    for (const byte of bytes) this.bytes.push(byte);
    return this;
  }

  varString(text: string): this {
    return this.varBytes(utf8Encoder.encode(text));
  }

  toBytes(): Uint8Array<ArrayBuffer> {
    return Uint8Array.from(this.bytes);
  }
}

/** The entries of an awareness update; throws on a malformed one. */
export function readAwarenessUpdate(update: Uint8Array): AwarenessEntry[] {
  const reader = new Reader(update);
  return Array.from({ length: reader.varUint() }, () => ({
    clientId: reader.varUint(),
    clock: reader.varUint(),
    state: reader.varString(),
  }));
}

/**
 * The entries of a y-websocket message when it is an awareness message, else undefined (another
 * type, or malformed).
 */
export function awarenessMessageEntries(message: Uint8Array): AwarenessEntry[] | undefined {
  try {
    const reader = new Reader(message);
    if (reader.varUint() !== awarenessMessageType) return undefined;
    return readAwarenessUpdate(reader.varBytes());
  } catch {
    return undefined;
  }
}

/** An awareness message carrying the given clients' states. */
export function awarenessMessage(clients: readonly AwarenessEntry[]): Uint8Array<ArrayBuffer> {
  const update = new Writer().varUint(clients.length);
  for (const client of clients) update.varUint(client.clientId).varUint(client.clock).varString(client.state);
  return new Writer().varUint(awarenessMessageType).varBytes(update.toBytes()).toBytes();
}
