import * as z from 'zod/mini';
import { buildSchema } from '../core/build-schema';
import { resourceId } from '../http/common-schemas';
import { userDataFeatures } from '../lifecycle/schemas';

/** users/data/get input (addendum §10). */
export const getUserDataInput = /* @__PURE__ */ buildSchema(() =>
  z.strictObject({
    userId: resourceId,
    organizationId: z.optional(resourceId),
    pageToken: z.optional(z.string().check(z.minLength(1))),
  }),
);
export type GetUserData = z.output<typeof getUserDataInput>;

/** One record of a user's data, as users/data/get lists it. */
export const userDataItem = /* @__PURE__ */ buildSchema(() =>
  z.object({
    feature: z.enum(userDataFeatures),
    organizationId: z.string(),
    documentId: z.optional(z.string()),
    id: z.string(),
    record: z.record(z.string(), z.unknown()),
  }),
);
export type UserDataItem = z.infer<typeof userDataItem>;

/** users/data/get `data`: one page of the user's records. */
export const userDataPage = /* @__PURE__ */ buildSchema(() =>
  z.object({ userId: z.string(), items: z.array(userDataItem) }),
);
