import { base64 } from './base64.js';

/**
 * The text frames of addendum §9, spoken by the realtime adapter and the server alike (the server
 * takes this module through shared/sockets/frames.ts; no Node-only APIs): `<base64>` is one
 * y-websocket message; `~<id>:<index>:<count>:<part>` is one part of a message whose base64 is
 * longer than `maxFramePayload`; `{...}` is a JSON object (server to client only). API Gateway
 * refuses binary frames and caps a frame at 32 KB, hence base64 text and 30,000 characters a part.
 */

/** Longest base64 text sent as one frame; longer messages are split into `~` parts of this size. */
export const maxFramePayload = 30_000;

/** Most parts one message may have: 4 MiB of update (the REST limit) in base64, with room to spare. */
export const maxFrameParts = 200;

/** What a received text frame holds. */
export type Frame =
  | { kind: 'message'; bytes: Uint8Array<ArrayBuffer> }
  | { kind: 'part'; messageId: string; index: number; count: number; payload: string }
  | { kind: 'json'; value: Record<string, unknown> }
  | { kind: 'invalid' };

const base64Text = /^[A-Za-z0-9+/]*={0,2}$/;
const partHeader = /^~([A-Za-z0-9_-]{1,64}):(\d{1,5}):(\d{1,5}):/;

/** Decodes standard base64, or undefined when the text is not base64. */
export function decodeBase64(text: string): Uint8Array<ArrayBuffer> | undefined {
  if (text.length === 0 || text.length % 4 !== 0 || !base64Text.test(text)) return undefined;
  return base64.decode(text);
}

/**
 * Reads one text frame; anything that is none of the three forms is `invalid`, and so is a part
 * longer than `maxFramePayload` or announcing more than `maxFrameParts` parts.
 */
export function parseFrame(text: string): Frame {
  if (text.startsWith('~')) {
    const header = partHeader.exec(text);
    if (!header) return { kind: 'invalid' };
    const index = Number(header[2]);
    const count = Number(header[3]);
    const payload = text.slice(header[0].length);
    if (
      count < 1 ||
      count > maxFrameParts ||
      index >= count ||
      payload.length === 0 ||
      payload.length > maxFramePayload
    )
      return { kind: 'invalid' };
    return { kind: 'part', messageId: header[1] as string, index, count, payload };
  }
  if (text.startsWith('{')) {
    try {
      const value: unknown = JSON.parse(text);
      if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
        return { kind: 'json', value: value as Record<string, unknown> };
      }
    } catch {
      // not JSON: invalid below
    }
    return { kind: 'invalid' };
  }
  const bytes = decodeBase64(text);
  return bytes ? { kind: 'message', bytes } : { kind: 'invalid' };
}

/**
 * The frames that carry one message: a single base64 frame, or `~` parts of `maxFramePayload`
 * characters under `messageId` (unique per sender and connection).
 */
export function messageFrames(message: Uint8Array, messageId: string): string[] {
  const text = base64.encode(message);
  if (text.length <= maxFramePayload) return [text];
  const count = Math.ceil(text.length / maxFramePayload);
  return Array.from(
    { length: count },
    (_, index) =>
      `~${messageId}:${index}:${count}:${text.slice(index * maxFramePayload, (index + 1) * maxFramePayload)}`,
  );
}

/**
 * Collects `~` parts per message id and gives back the whole message once every part is in
 * (the client side and the local tests; the server keeps parts in the table, since consecutive
 * frames of one connection may reach different Lambda instances).
 */
export class PartAssembler {
  private readonly pending = new Map<string, string[]>();

  /** Adds a part; returns the joined message's bytes when it was the last missing one. */
  add(part: Extract<Frame, { kind: 'part' }>): Uint8Array<ArrayBuffer> | undefined {
    const parts = this.pending.get(part.messageId) ?? new Array<string>(part.count);
    if (parts.length !== part.count) return undefined;
    parts[part.index] = part.payload;
    this.pending.set(part.messageId, parts);
    for (let index = 0; index < parts.length; index += 1) if (parts[index] === undefined) return undefined;
    this.pending.delete(part.messageId);
    return decodeBase64(parts.join(''));
  }
}
