import * as z from 'zod/mini';
import { buildSchema } from '../core/build-schema';

/** Operations without parameters take `data: {}`. */
export const noInput = /* @__PURE__ */ buildSchema(() => z.strictObject({}));

/** A caller-chosen id (organization, folder, document, user, group): 1–256 characters. */
export const resourceId = /* @__PURE__ */ buildSchema(() =>
  z.string().check(z.minLength(1), z.maxLength(256)),
);

/** Page size of list operations (1–1000, default 100). */
export const pageSize = /* @__PURE__ */ buildSchema(() =>
  z._default(z.int().check(z.minimum(1), z.maximum(1000)), 100),
);

/** An opaque page token from a previous response. */
export const pageToken = /* @__PURE__ */ buildSchema(() =>
  z.string().check(z.minLength(1), z.maxLength(4096)),
);

/**
 * One item of a batch update by id (activities.update, notifications.update): its `id` and the
 * fields to change, of which it must send at least one.
 */
export const changeById = <Shape extends z.core.$ZodShape>(shape: Shape) =>
  z
    .strictObject(shape)
    .check(z.refine((item) => Object.keys(item).length > 1, 'send at least one field to change besides id'));

/**
 * Reports each id that repeats an earlier one (undefined ids are skipped) at `path(index)`: the
 * refinement of batch inputs whose items carry caller-chosen ids.
 */
export function uniqueIds(
  ids: readonly (string | undefined)[],
  ctx: z.core.$RefinementCtx,
  path: (index: number) => (string | number)[],
) {
  const seen = new Set<string>();
  ids.forEach((id, index) => {
    if (id === undefined) return;
    if (seen.has(id)) ctx.addIssue({ code: 'custom', path: path(index), message: `duplicate id ${id}` });
    seen.add(id);
  });
}

/**
 * Refinement of a batch whose items are keyed by `field`: an item repeating an earlier item's id is
 * an issue at `[index, field]` (two writes to one item cannot share a transaction).
 */
export const distinctBy =
  <Field extends string>(field: Field) =>
  (items: readonly { [key in Field]?: string }[], ctx: z.core.$RefinementCtx) =>
    uniqueIds(
      items.map((item) => item[field]),
      ctx,
      (index) => [index, field],
    );
