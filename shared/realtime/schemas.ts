import * as z from 'zod/mini';
import { buildSchema } from '../core/build-schema';
import { resourceId } from '../http/common-schemas';

export type { ConnectionRecord, Room, RoomMember } from '../sockets/schemas';
export { connectionRecord } from '../sockets/schemas';

/** The `$connect` query parameters (addendum §9); anything malformed is a 401 like a bad token. */
export const connectParameters = /* @__PURE__ */ buildSchema(() =>
  z.object({
    apiKey: z.string().check(z.minLength(1), z.maxLength(256)),
    token: z.string().check(z.minLength(1), z.maxLength(8192)),
    organizationId: resourceId,
    documentId: resourceId,
    editorId: resourceId,
  }),
);

/** Longest `data` of a live-state broadcast (addendum §9: 64 KB of JSON). */
export const maxLiveStateBytes = 64 * 1024;

/** `livestate/broadcast` input (addendum §9). */
export const broadcastLiveStateInput = /* @__PURE__ */ buildSchema(() =>
  z.strictObject({
    organizationId: resourceId,
    documentId: resourceId,
    liveStateDataId: z.string().check(z.minLength(1), z.maxLength(256)),
    data: z.unknown().check(
      z.refine((value) => value !== undefined, 'required'),
      z.refine(
        (value) => Buffer.byteLength(JSON.stringify(value) ?? '') <= maxLiveStateBytes,
        `must be JSON of at most ${maxLiveStateBytes / 1024} KB`,
      ),
    ),
    merge: z.optional(z.boolean()),
  }),
);
export type BroadcastLiveStateInput = z.infer<typeof broadcastLiveStateInput>;

/** The live-state frame every connection of the document receives (and late joiners, for 24 h). */
export interface LiveStateFrame {
  type: 'livestate';
  liveStateDataId: string;
  data: unknown;
  timestamp: number;
}
