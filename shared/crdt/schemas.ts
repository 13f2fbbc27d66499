import * as z from 'zod/mini';
import { buildSchema } from '../core/build-schema';
import { resourceId } from '../http/common-schemas';

/** The editor data types of base #10; `codec.ts` maps each to its Yjs type. */
const crdtType = /* @__PURE__ */ buildSchema(() => z.enum(['text', 'map', 'array', 'xml']));
export type CrdtType = z.infer<typeof crdtType>;

/** A plain JSON editor value: a string for text and xml, an object for map, an array for array. */
export type CrdtValue = string | Record<string, unknown> | unknown[];

/** Default name of the Yjs root type (base #10). */
export const defaultContentKey = 'content';

const editorRef = {
  organizationId: resourceId,
  documentId: resourceId,
  editorId: resourceId,
};

const writeFields = {
  ...editorRef,
  contentKey: z.optional(z.string().check(z.minLength(1), z.maxLength(256))),
  /** Who made the change, returned as `lastUpdatedBy` (the contract leaves its source open). */
  userId: z.optional(resourceId),
};

/** Each type's editor data: which JSON shape `data` must have. */
const dataShapes = {
  text: { schema: z.string(), name: 'a string' },
  xml: { schema: z.string(), name: 'a string' },
  map: { schema: z.record(z.string(), z.unknown()), name: 'an object' },
  array: { schema: z.array(z.unknown()), name: 'an array' },
} as const;

type Shape<T extends CrdtType> = z.infer<(typeof dataShapes)[T]['schema']>;

/** The validated input, narrowed by `type` so each type's `data` has its own shape. */
export type WriteEditorInput = {
  [T in CrdtType]: Omit<z.infer<typeof writeObject>, 'type' | 'data'> & { type: T; data: Shape<T> };
}[CrdtType];

const writeObject = /* @__PURE__ */ buildSchema(() =>
  z.strictObject({
    ...writeFields,
    type: crdtType,
    // Checked against `type` below, so a wrong shape is reported as a mismatch.
    data: z.unknown(),
  }),
);

/**
 * crdt/add and crdt/update input (base #10): `data` must match `type` — a mismatch is
 * INVALID_ARGUMENT naming `data` — and the whole body stays within the route's 4 MiB limit.
 * One strict object (not a discriminated union) so unknown fields are reported with everything
 * else. Values inside map and array data are not re-validated: they come from JSON.parse, so they
 * are JSON already, and a deep `z.json()` walk takes seconds on a 4 MiB body; their nesting is
 * bounded by the body's (`maxBodyDepth`), which leaves `data` the editor's `maxNestingDepth`.
 */
export const writeEditorInput = /* @__PURE__ */ buildSchema(() =>
  z.pipe(
    writeObject.check(
      z.superRefine((value, ctx) => {
        const shape = dataShapes[value.type];
        if (value.data === undefined) ctx.addIssue({ code: 'custom', path: ['data'], message: 'required' });
        else if (!shape.schema.safeParse(value.data).success) {
          ctx.addIssue({
            code: 'custom',
            path: ['data'],
            message: `must be ${shape.name} for type ${value.type}`,
          });
        }
      }),
    ),
    z.transform((value) => value as WriteEditorInput),
  ),
);

/**
 * Base64 (standard alphabet) of Yjs bytes from a caller, within the route's body limit; decoded
 * by the service, which answers INVALID_ARGUMENT naming the field when Yjs cannot read them.
 */
const yjsBase64 = /* @__PURE__ */ buildSchema(() => z.base64().check(z.maxLength(6 * 1024 * 1024)));

/**
 * crdt/update input (base #10, addendum §12): a JSON value (`type`, `data`, as crdt/add) or a raw
 * Yjs update (`update`, base64 of a v1 update, applied as is; `type` not needed). Exactly one of
 * `data` and `update`.
 */
export const updateEditorInput = /* @__PURE__ */ buildSchema(() =>
  z.pipe(
    z
      .strictObject({
        ...writeFields,
        type: z.optional(crdtType),
        data: z.optional(z.unknown()),
        update: z.optional(yjsBase64),
      })
      .check(
        z.superRefine((value, ctx) => {
          if (value.update !== undefined) {
            if (value.data !== undefined) {
              ctx.addIssue({
                code: 'custom',
                path: ['data'],
                message: 'give either data or update, not both',
              });
            }
            return;
          }
          if (value.type === undefined) ctx.addIssue({ code: 'custom', path: ['type'], message: 'required' });
          if (value.data === undefined) {
            ctx.addIssue({ code: 'custom', path: ['data'], message: 'required' });
            return;
          }
          const { update: _, ...json } = value;
          const parsed = writeEditorInput.safeParse(json);
          if (!parsed.success) {
            for (const issue of parsed.error.issues)
              if (issue.path[0] === 'data') ctx.addIssue({ ...issue, code: 'custom' });
          }
        }),
      ),
    z.transform((value): UpdateEditorInput => {
      if (value.update === undefined) {
        const { update: _, ...json } = value;
        return json as WriteEditorInput;
      }
      const { data: _data, type: _type, ...raw } = value;
      return { ...raw, update: value.update };
    }),
  ),
);

/** crdt/update with a raw Yjs update (addendum §12). */
export type RawUpdateInput = Omit<z.infer<typeof writeObject>, 'type' | 'data'> & { update: string };
export type UpdateEditorInput = WriteEditorInput | RawUpdateInput;

/**
 * crdt/get input: one editor, or every editor of the document when `editorId` is omitted; as
 * plain JSON (`format: 'json'`, the default) or as Yjs bytes (`format: 'yjs'`, addendum §12), then
 * only what a client holding `stateVector` lacks.
 */
export const getEditorsInput = /* @__PURE__ */ buildSchema(() =>
  z
    .strictObject({
      organizationId: resourceId,
      documentId: resourceId,
      editorId: z.optional(resourceId),
      format: z.optional(z.enum(['json', 'yjs'])),
      stateVector: z.optional(yjsBase64),
    })
    .check(
      z.superRefine((value, ctx) => {
        if (value.stateVector !== undefined && value.format !== 'yjs') {
          ctx.addIssue({ code: 'custom', path: ['stateVector'], message: "only with format 'yjs'" });
        }
      }),
    ),
);
export type GetEditorsInput = z.infer<typeof getEditorsInput>;

/** One editor as crdt/get returns it (addendum §6); `lastUpdate` in epoch ms. */
export interface EditorData {
  id: string;
  type: CrdtType;
  data: CrdtValue;
  lastUpdate: number;
  lastUpdatedBy: string | null;
}

/** The stored head of an editor: written once by crdt/add, it fixes the type and content key. */
export const editorHead = /* @__PURE__ */ buildSchema(() =>
  z.object({
    organizationId: z.string(),
    documentId: z.string(),
    editorId: z.string(),
    type: crdtType,
    contentKey: z.string(),
    createdAt: z.number(),
    createdBy: z.nullable(z.string()),
    /** When the editor's newest version was made (absent: none yet); an automatic one is due 30 min after. */
    newestVersionAt: z.optional(z.number()),
  }),
);
export type EditorHead = z.infer<typeof editorHead>;

/** An editor as crdt/get answers it with `format: 'yjs'`: base64 of its state (or the difference) and state vector. */
export interface YjsEditorData {
  id: string;
  update: string;
  stateVector: string;
}

/** crdt/get with `format: 'yjs'`: each editor's Yjs bytes. */
export const yjsEditorView = /* @__PURE__ */ buildSchema(() =>
  z.object({
    id: z.string(),
    update: z.string(),
    stateVector: z.string(),
  }),
);

/** crdt/get lists each editor's current value. */
export const editorView = /* @__PURE__ */ buildSchema(() =>
  z.object({
    id: z.string(),
    type: crdtType,
    data: z.union([z.string(), z.record(z.string(), z.unknown()), z.array(z.unknown())]),
    lastUpdate: z.number(),
    lastUpdatedBy: z.nullable(z.string()),
  }),
);
