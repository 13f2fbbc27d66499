/**
 * The server's side of addendum §9's text frames. The codec itself (parsing, splitting into parts,
 * base64) is the client package's, so that both ends speak one format; this module re-exports it
 * with the server's bounds on what a client may send in parts.
 */
import { maxFramePayload } from '../../packages/client/src/frames';

export {
  decodeBase64,
  type Frame,
  maxFrameParts,
  maxFramePayload,
  messageFrames,
  PartAssembler,
  parseFrame,
} from '../../packages/client/src/frames';

/** Largest message, in bytes, a client may send in parts: the REST limit of `crdt/add` and `crdt/update`. */
export const maxMessageBytes = 4 * 1024 * 1024;

/** Length of the base64 text of `bytes` bytes. */
export const base64Length = (bytes: number) => Math.ceil(bytes / 3) * 4;

/**
 * Most parts the server joins into one client message: a `maxMessageBytes` message in base64, in
 * `maxFramePayload` parts (187).
 */
export const maxMessageParts = Math.ceil(base64Length(maxMessageBytes) / maxFramePayload);
