import * as z from 'zod';
import { resourceId } from '../http/common-schemas';
import { userDataFeatures } from '../lifecycle/schemas';

/** users/data/get input (addendum §10). */
export const getUserDataInput = /* @__PURE__ */ z
  .object({
    userId: resourceId,
    organizationId: resourceId.optional(),
    pageToken: z.string().min(1).optional(),
  })
  .strict();
export type GetUserData = z.output<typeof getUserDataInput>;

/** One record of a user's data, as users/data/get lists it. */
export const userDataItem = /* @__PURE__ */ z.object({
  feature: z.enum(userDataFeatures),
  organizationId: z.string(),
  documentId: z.string().optional(),
  id: z.string(),
  record: z.record(z.string(), z.unknown()),
});
export type UserDataItem = z.infer<typeof userDataItem>;

/** users/data/get `data`: one page of the user's records. */
export const userDataPage = /* @__PURE__ */ z.object({ userId: z.string(), items: z.array(userDataItem) });
