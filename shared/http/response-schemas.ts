/**
 * The contract's response envelopes as zod schemas (base contract wire rules 3–5): the success
 * `result` every route's output schema is built from, the per-item result of batch operations and
 * the failure body. Pure zod, so the typed client and the docs generator import it cheaply.
 */
import * as z from 'zod/mini';
import { buildSchema } from '../core/build-schema';
import { httpStatusByErrorStatus } from '../core/errors';

/**
 * The `result` of a successful call: `{ status: 'success', message, ...fields }` where `fields`
 * holds `data` (when the operation has a payload) and its siblings (`pageToken`, `nextPageToken`).
 */
export function success<const Fields extends z.core.$ZodShape = Record<never, never>>(fields?: Fields) {
  return z.object({
    status: z.literal('success'),
    message: z.string(),
    ...(fields as Fields),
  });
}

/** The token of the next page (`nextPageToken`/`pageToken` sibling of `data`); absent on the last page. */
export const nextPage = /* @__PURE__ */ buildSchema(() => z.optional(z.string()));

/** One item of a batch result (base rule 5): `success` plus a message and, for creations, the id. */
export const batchItemResult = /* @__PURE__ */ buildSchema(() =>
  z
    .object({
      success: z.boolean(),
      message: z.string(),
      id: z.optional(z.string()),
      organizationUserGroupId: z.optional(z.string()),
      status: z.optional(z.string()),
    })
    .check(z.meta({ id: 'BatchItemResult', description: 'The outcome of one submitted item.' })),
);

/** A batch operation's `data`: the outcome of each submitted item, keyed by the item's id. */
export const batchResult = /* @__PURE__ */ buildSchema(() =>
  z
    .record(z.string(), batchItemResult)
    .check(z.meta({ description: "Each submitted item's outcome, keyed by its id." })),
);

/** Every status the failure envelope can carry. */
export const errorStatus = /* @__PURE__ */ buildSchema(() =>
  z.enum(
    Object.keys(httpStatusByErrorStatus) as [
      keyof typeof httpStatusByErrorStatus,
      ...(keyof typeof httpStatusByErrorStatus)[],
    ],
  ),
);

/** The failure body of every route: `{ error: { status, message, details? } }`. */
export const errorEnvelope = /* @__PURE__ */ buildSchema(() =>
  z.strictObject({
    error: z.strictObject({
      status: errorStatus,
      message: z.string(),
      details: z
        .optional(z.record(z.string(), z.unknown()))
        .check(
          z.meta({ description: 'Structured details; validation failures list every problem in `issues`.' }),
        ),
    }),
  }),
);
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

/** The body of a successful call: `{ result }` with the route's output schema as `result`. */
export const successEnvelope = <Result extends z.ZodMiniType>(result: Result) => z.strictObject({ result });
