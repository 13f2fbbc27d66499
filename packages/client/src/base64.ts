/** Standard base64 both ways, for the realtime frames. */
export interface Base64 {
  encode(bytes: Uint8Array): string;
  /** Decodes text already known to be standard base64. */
  decode(text: string): Uint8Array<ArrayBuffer>;
}

/** The part of Node's `Buffer` the codec uses. */
interface NodeBuffer {
  from(bytes: ArrayBufferLike, byteOffset: number, length: number): { toString(encoding: 'base64'): string };
  from(text: string, encoding: 'base64'): Uint8Array;
}

/** Characters turned into one string at a time (`String.fromCharCode` takes them as arguments). */
const chunkSize = 0x8000;

/** Base64 through `btoa`/`atob`, which every browser and Node has. */
export const webBase64: Base64 = {
  encode(bytes) {
    let binary = '';
    for (let start = 0; start < bytes.length; start += chunkSize) {
      binary += String.fromCharCode(...bytes.subarray(start, start + chunkSize));
    }
    return btoa(binary);
  },
  decode: (text) => Uint8Array.from(atob(text), (character) => character.charCodeAt(0)),
};

const nodeBase64 = (buffer: NodeBuffer): Base64 => ({
  encode: (bytes) => buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64'),
  // A copy: a small Buffer is a view on Node's shared pool.
  decode: (text) => new Uint8Array(buffer.from(text, 'base64')),
});

const nodeBuffer = (globalThis as { Buffer?: NodeBuffer }).Buffer;

/**
 * Node's `Buffer` where there is one (the server and Node clients: several times faster than
 * `atob`/`btoa` on megabyte messages), `btoa`/`atob` elsewhere.
 */
export const base64: Base64 = nodeBuffer ? nodeBase64(nodeBuffer) : webBase64;
