import * as z from 'zod/mini';
import { buildSchema } from '../core/build-schema';
import { incarnationMap } from '../db/incarnations';

/** A room: one editor of one document (addendum §9: one connection is one room). */
export interface Room {
  organizationId: string;
  documentId: string;
  editorId: string;
}

/** A stored connection: who is connected to which room, with which role, since when. */
export const connectionRecord = /* @__PURE__ */ buildSchema(() =>
  z.object({
    connectionId: z.string(),
    apiKey: z.string(),
    organizationId: z.string(),
    documentId: z.string(),
    editorId: z.string(),
    userId: z.string(),
    role: z.enum(['editor', 'viewer']),
    connectedAt: z.number(),
    /**
     * The one awareness client id this connection may announce: bound by its first awareness update
     * (and claimed in the room, see `claimAwarenessClient`, where its clock and state live); entries
     * for other ids are dropped.
     */
    awarenessClientId: z.optional(z.int().check(z.nonnegative())),
    /** Whether the viewer was already told `permission-denied` (sent once). */
    deniedSent: z._default(z.boolean(), false),
    /**
     * Incarnations of the room's organization and document at `$connect` (shared/db/incarnations.ts):
     * `$default` and `$disconnect` build the room's keys in them. Absent: all 0.
     */
    incarnations: z.optional(incarnationMap),
    /** When the user's access was last confirmed (epoch ms; absent: at `connectedAt`), see access-check.ts. */
    accessCheckedAt: z.optional(z.number()),
    /** The organization's access stamp access was last resolved at (absent: none existed). */
    accessStamp: z.optional(z.string()),
    /** When the grant that decided access ends (epoch ms): access is resolved again from then on. */
    accessExpiresAt: z.optional(z.number()),
    /** Admitted by the permission provider: access is resolved again every window (changes are not announced). */
    viaProvider: z.optional(z.boolean()),
  }),
);
export type ConnectionRecord = z.infer<typeof connectionRecord>;

/** A connection as a room listing returns it (the room item, without awareness). */
export interface RoomMember {
  connectionId: string;
  documentId: string;
  editorId: string;
  userId: string;
  /** When its `$connect` stored it (epoch ms). */
  connectedAt: number;
}
