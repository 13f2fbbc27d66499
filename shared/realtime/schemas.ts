import * as z from 'zod';
import { incarnationMap } from '../db/incarnations';
import { resourceId } from '../http/common-schemas';

/** A room: one editor of one document (addendum §9: one connection is one room). */
export interface Room {
  organizationId: string;
  documentId: string;
  editorId: string;
}

/** The `$connect` query parameters (addendum §9); anything malformed is a 401 like a bad token. */
export const connectParameters = z.object({
  apiKey: z.string().min(1).max(256),
  token: z.string().min(1).max(8192),
  organizationId: resourceId,
  documentId: resourceId,
  editorId: resourceId,
});

/** One client's awareness entry as the last update of the connection announced it. */
const awarenessEntry = z.object({ clock: z.number().int().nonnegative(), state: z.string() });

/** A stored connection: who is connected to which room, with which role, since when. */
export const connectionRecord = z.object({
  connectionId: z.string(),
  apiKey: z.string(),
  organizationId: z.string(),
  documentId: z.string(),
  editorId: z.string(),
  userId: z.string(),
  role: z.enum(['editor', 'viewer']),
  connectedAt: z.number(),
  /** Awareness clients this connection announced (by Yjs client id), for relay to joiners and removal. */
  awareness: z.record(z.string(), awarenessEntry).default({}),
  /**
   * The one awareness client id this connection may announce: bound by its first awareness update
   * (and claimed in the room, see `claimAwarenessClient`); entries for other ids are dropped.
   */
  awarenessClientId: z.number().int().nonnegative().optional(),
  /** Whether the viewer was already told `permission-denied` (sent once). */
  deniedSent: z.boolean().default(false),
  /**
   * Incarnations of the room's organization and document at `$connect` (shared/db/incarnations.ts):
   * `$default` and `$disconnect` build the room's keys in them. Absent: all 0.
   */
  incarnations: incarnationMap.optional(),
  /** When the user's access was last confirmed (epoch ms; absent: at `connectedAt`), see access-check.ts. */
  accessCheckedAt: z.number().optional(),
  /** The organization's access stamp access was last resolved at (absent: none existed). */
  accessStamp: z.string().optional(),
  /** When the grant that decided access ends (epoch ms): access is resolved again from then on. */
  accessExpiresAt: z.number().optional(),
  /** Admitted by the permission provider: access is resolved again every window (changes are not announced). */
  viaProvider: z.boolean().optional(),
});
export type ConnectionRecord = z.infer<typeof connectionRecord>;

/** A connection as a room listing returns it (the room item, without awareness). */
export interface RoomMember {
  connectionId: string;
  documentId: string;
  editorId: string;
  userId: string;
}

/** Longest `data` of a live-state broadcast (addendum §9: 64 KB of JSON). */
export const maxLiveStateBytes = 64 * 1024;

/** `livestate/broadcast` input (addendum §9). */
export const broadcastLiveStateInput = z
  .object({
    organizationId: resourceId,
    documentId: resourceId,
    liveStateDataId: z.string().min(1).max(256),
    data: z
      .unknown()
      .refine((value) => value !== undefined, 'required')
      .refine(
        (value) => Buffer.byteLength(JSON.stringify(value) ?? '') <= maxLiveStateBytes,
        `must be JSON of at most ${maxLiveStateBytes / 1024} KB`,
      ),
    merge: z.boolean().optional(),
  })
  .strict();
export type BroadcastLiveStateInput = z.infer<typeof broadcastLiveStateInput>;

/** The live-state frame every connection of the document receives (and late joiners, for 24 h). */
export interface LiveStateFrame {
  type: 'livestate';
  liveStateDataId: string;
  data: unknown;
  timestamp: number;
}
