import * as z from 'zod';
import { pageToken, resourceId } from '../http/common-schemas';

/** Most characters of a version's name. */
export const maxVersionNameLength = 200;

/** Versions per crdt/versions/get page: 1–100, 20 when not given. */
export const maxVersionPageSize = 100;

/** Version ids per crdt/versions/delete call. */
export const maxVersionIdsPerCall = 100;

/** An automatic version is due when the editor's newest version is older than this (addendum §12). */
export const autoVersionIntervalMs = 30 * 60 * 1000;

const editorRef = {
  organizationId: resourceId,
  documentId: resourceId,
  editorId: resourceId,
};

/** The acting user, as other routes take it: an id plus profile fields that are not kept. */
const actionUser = /* @__PURE__ */ z.looseObject({ userId: resourceId });

/** A version id as crdt/versions/create answered it (opaque; bounded like any id). */
const versionId = /* @__PURE__ */ z.string().min(1).max(64);

/** crdt/versions/create input. */
export const createVersionInput = /* @__PURE__ */ z
  .object({
    ...editorRef,
    name: z.string().max(maxVersionNameLength).nullable().optional(),
    actionUser: actionUser.optional(),
  })
  .strict();
export type CreateVersionInput = z.output<typeof createVersionInput>;

/** crdt/versions/get input: a page of versions, or one (`versionId`). */
export const getVersionsInput = /* @__PURE__ */ z
  .object({
    ...editorRef,
    versionId: versionId.optional(),
    pageSize: z.number().int().min(1).max(maxVersionPageSize).default(20),
    pageToken: pageToken.optional(),
  })
  .strict();
export type GetVersionsInput = z.output<typeof getVersionsInput>;

/** crdt/versions/restore input. */
export const restoreVersionInput = /* @__PURE__ */ z
  .object({ ...editorRef, versionId, actionUser: actionUser.optional() })
  .strict();
export type RestoreVersionInput = z.output<typeof restoreVersionInput>;

/** crdt/versions/delete input: each id answered on its own. */
export const deleteVersionsInput = /* @__PURE__ */ z
  .object({
    ...editorRef,
    versionIds: z
      .array(versionId)
      .min(1)
      .max(maxVersionIdsPerCall)
      .refine((ids) => new Set(ids).size === ids.length, 'ids must be distinct'),
  })
  .strict();
export type DeleteVersionsInput = z.output<typeof deleteVersionsInput>;

/** The stored meta of a version (its item without keys): what a listing reads, never the bytes. */
export const versionMeta = /* @__PURE__ */ z.object({
  organizationId: z.string(),
  documentId: z.string(),
  editorId: z.string(),
  versionId: z.string(),
  name: z.string().nullable(),
  type: z.enum(['text', 'map', 'array', 'xml']),
  contentKey: z.string(),
  auto: z.boolean(),
  bytes: z.number(),
  partCount: z.number(),
  createdAt: z.number(),
  createdBy: z.string().nullable(),
});
export type VersionMeta = z.infer<typeof versionMeta>;

/** crdt/versions/create `data`. */
export const createdVersionView = /* @__PURE__ */ z.object({ versionId: z.string(), createdAt: z.number() });

/** One version as a crdt/versions/get page lists it. */
export const versionListItem = /* @__PURE__ */ z.object({
  versionId: z.string(),
  name: z.string().nullable(),
  createdAt: z.number(),
  createdBy: z.string().nullable(),
  auto: z.boolean(),
  bytes: z.number(),
});

/** One version with its content, as crdt/get shows content. */
export const versionView = /* @__PURE__ */ z.object({
  versionId: z.string(),
  name: z.string().nullable(),
  createdAt: z.number(),
  type: z.enum(['text', 'map', 'array', 'xml']),
  data: z.union([z.string(), z.record(z.string(), z.unknown()), z.array(z.unknown())]),
});
export type VersionView = z.infer<typeof versionView>;
