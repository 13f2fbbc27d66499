import * as z from 'zod/mini';
import { buildSchema } from '../core/build-schema';
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
const actionUser = /* @__PURE__ */ buildSchema(() => z.looseObject({ userId: resourceId }));

/** A version id as crdt/versions/create answered it (opaque; bounded like any id). */
const versionId = /* @__PURE__ */ buildSchema(() => z.string().check(z.minLength(1), z.maxLength(64)));

/** crdt/versions/create input. */
export const createVersionInput = /* @__PURE__ */ buildSchema(() =>
  z.strictObject({
    ...editorRef,
    name: z.optional(z.nullable(z.string().check(z.maxLength(maxVersionNameLength)))),
    actionUser: z.optional(actionUser),
  }),
);
export type CreateVersionInput = z.output<typeof createVersionInput>;

/** crdt/versions/get input: a page of versions, or one (`versionId`). */
export const getVersionsInput = /* @__PURE__ */ buildSchema(() =>
  z.strictObject({
    ...editorRef,
    versionId: z.optional(versionId),
    pageSize: z._default(z.int().check(z.minimum(1), z.maximum(maxVersionPageSize)), 20),
    pageToken: z.optional(pageToken),
  }),
);
export type GetVersionsInput = z.output<typeof getVersionsInput>;

/** crdt/versions/restore input. */
export const restoreVersionInput = /* @__PURE__ */ buildSchema(() =>
  z.strictObject({
    ...editorRef,
    versionId,
    actionUser: z.optional(actionUser),
  }),
);
export type RestoreVersionInput = z.output<typeof restoreVersionInput>;

/** crdt/versions/delete input: each id answered on its own. */
export const deleteVersionsInput = /* @__PURE__ */ buildSchema(() =>
  z.strictObject({
    ...editorRef,
    versionIds: z.array(versionId).check(
      z.minLength(1),
      z.maxLength(maxVersionIdsPerCall),
      z.refine((ids) => new Set(ids).size === ids.length, 'ids must be distinct'),
    ),
  }),
);
export type DeleteVersionsInput = z.output<typeof deleteVersionsInput>;

/** The stored meta of a version (its item without keys): what a listing reads, never the bytes. */
export const versionMeta = /* @__PURE__ */ buildSchema(() =>
  z.object({
    organizationId: z.string(),
    documentId: z.string(),
    editorId: z.string(),
    versionId: z.string(),
    name: z.nullable(z.string()),
    type: z.enum(['text', 'map', 'array', 'xml']),
    contentKey: z.string(),
    auto: z.boolean(),
    bytes: z.number(),
    partCount: z.number(),
    createdAt: z.number(),
    createdBy: z.nullable(z.string()),
  }),
);
export type VersionMeta = z.infer<typeof versionMeta>;

/** crdt/versions/create `data`. */
export const createdVersionView = /* @__PURE__ */ buildSchema(() =>
  z.object({ versionId: z.string(), createdAt: z.number() }),
);

/** One version as a crdt/versions/get page lists it. */
export const versionListItem = /* @__PURE__ */ buildSchema(() =>
  z.object({
    versionId: z.string(),
    name: z.nullable(z.string()),
    createdAt: z.number(),
    createdBy: z.nullable(z.string()),
    auto: z.boolean(),
    bytes: z.number(),
  }),
);

/** One version with its content, as crdt/get shows content. */
export const versionView = /* @__PURE__ */ buildSchema(() =>
  z.object({
    versionId: z.string(),
    name: z.nullable(z.string()),
    createdAt: z.number(),
    type: z.enum(['text', 'map', 'array', 'xml']),
    data: z.union([z.string(), z.record(z.string(), z.unknown()), z.array(z.unknown())]),
  }),
);
export type VersionView = z.infer<typeof versionView>;
