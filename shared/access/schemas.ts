import * as z from 'zod';
import { accessRoles, accessTypes } from '../access-model/model';
import { nowMs } from '../core/clock';
import { distinctBy, pageSize, pageToken, resourceId } from '../http/common-schemas';

const accessRole = /* @__PURE__ */ z.enum(accessRoles);

/** A user as callers describe one: profile fields and the role to give. */
export const userInput = /* @__PURE__ */ z
  .object({
    userId: resourceId,
    name: z.string().max(200).optional(),
    email: z.email().max(320).optional(),
    accessRole: accessRole.optional(),
    initial: z.string().min(1).max(8).optional(),
  })
  .strict();

/** users/add, users/update, users/get and users/delete address one level: organization, folder or document. */
const level = {
  organizationId: resourceId,
  documentId: resourceId.optional(),
  folderId: resourceId.optional(),
};

function oneLevel(value: { documentId?: string; folderId?: string }, ctx: z.RefinementCtx) {
  if (value.documentId !== undefined && value.folderId !== undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['documentId'],
      message: 'send either documentId or folderId, not both',
    });
  }
}

export const addUsersInput = /* @__PURE__ */ z
  .object({
    ...level,
    createOrganization: z.boolean().optional(),
    createDocument: z.boolean().optional(),
    createFolder: z.boolean().optional(),
    users: z.array(userInput).min(1).max(100).superRefine(distinctBy('userId')),
  })
  .strict()
  .superRefine(oneLevel);

export const updateUsersInput = /* @__PURE__ */ z
  .object({ ...level, users: z.array(userInput).min(1).max(100).superRefine(distinctBy('userId')) })
  .strict()
  .superRefine(oneLevel);

export const getUsersInput = /* @__PURE__ */ z
  .object({
    ...level,
    userIds: z.array(resourceId).min(1).max(100).optional(),
    organizationUserGroupIds: z.array(resourceId).min(1).max(30).optional(),
    pageSize: pageSize,
    pageToken: pageToken.optional(),
  })
  .strict()
  .superRefine(oneLevel);

export const deleteUsersInput = /* @__PURE__ */ z
  .object({ ...level, userIds: z.array(resourceId).min(1).max(100) })
  .strict()
  .superRefine(oneLevel);

export const addGroupsInput = /* @__PURE__ */ z
  .object({
    organizationId: resourceId,
    createOrganization: z.boolean().optional(),
    organizationUserGroups: z
      .array(z.object({ groupId: resourceId, groupName: z.string().max(200) }).strict())
      .min(1)
      .max(100)
      .superRefine(distinctBy('groupId')),
  })
  .strict();

export const getGroupsInput = /* @__PURE__ */ z
  .object({ organizationId: resourceId, groupIds: z.array(resourceId).min(1).max(100).optional() })
  .strict();

export const addGroupUsersInput = /* @__PURE__ */ z
  .object({
    organizationId: resourceId,
    organizationUserGroupId: resourceId,
    userIds: z.array(resourceId).min(1).max(100),
  })
  .strict();

export const deleteGroupUsersInput = /* @__PURE__ */ z
  .object({
    organizationId: resourceId,
    organizationUserGroupId: resourceId,
    userIds: z.array(resourceId).max(100).optional(),
    deleteAll: z.boolean().optional(),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (!value.deleteAll && !value.userIds?.length) {
      ctx.addIssue({ code: 'custom', path: ['userIds'], message: 'required unless deleteAll is true' });
    }
  });

/** Stored profile of a user within an organization; memberships and grants are separate attributes. */
export const userProfile = /* @__PURE__ */ z.object({
  userId: z.string(),
  name: z.string().optional(),
  email: z.string().optional(),
  initial: z.string().optional(),
  createdAt: z.number(),
  lastUpdated: z.number(),
});
export type UserProfile = z.infer<typeof userProfile>;

/** A membership or grant as stored in its attribute. */
export const storedEntry = /* @__PURE__ */ z.object({
  accessRole: accessRole,
  since: z.number(),
  expiresAt: z.number().optional(),
});

/** A context grant as stored. */
export const storedContextGrant = /* @__PURE__ */ z.object({
  access: z.record(z.string(), z.union([z.string(), z.number()])),
  since: z.number(),
  expiresAt: z.number().optional(),
});

export const groupRecord = /* @__PURE__ */ z.object({
  groupId: z.string(),
  groupName: z.string(),
  userIds: z
    .union([z.set(z.string()), z.array(z.string())])
    .optional()
    .transform((ids) => [...(ids ?? [])].sort()),
  createdAt: z.number(),
  lastUpdated: z.number(),
});
export type GroupRecord = z.infer<typeof groupRecord>;

export const resourceTypes = ['organization', 'folder', 'document', 'context'] as const;

/** Unix seconds now, the unit of `expiresAt`. */
const nowSeconds = () => Math.floor(nowMs() / 1000);

/**
 * 3000-01-01T00:00:00Z in Unix seconds. A later `expiresAt` is almost surely epoch milliseconds
 * (any date since 1970-01-13 in ms exceeds it), which would make a grant practically permanent.
 */
export const latestExpiresAtSeconds = 32_503_680_000;

/** A resource other than the organization names its organization (refinement shared by grants and removals). */
function requireOrganizationId(
  resource: { type: string; organizationId?: string },
  ctx: z.RefinementCtx,
): void {
  if (resource.type !== 'organization' && resource.organizationId === undefined) {
    ctx.addIssue({ code: 'custom', path: ['organizationId'], message: `required for type ${resource.type}` });
  }
}

/**
 * A grant's `expiresAt`, when sent, is Unix seconds in the future; past the year 3000 it is taken for
 * milliseconds sent by mistake and refused (read as seconds, it would make the grant practically permanent).
 */
function requireFutureSeconds(expiresAt: number | undefined, ctx: z.RefinementCtx): void {
  if (expiresAt === undefined) return;
  const refuse = (message: string) => ctx.addIssue({ code: 'custom', path: ['expiresAt'], message });
  if (expiresAt <= nowSeconds()) refuse('must be in the future (Unix seconds)');
  if (expiresAt > latestExpiresAtSeconds) {
    refuse('must be Unix seconds (this looks like milliseconds: after the year 3000)');
  }
}

const grantedResource = /* @__PURE__ */ z
  .object({
    type: z.enum(resourceTypes),
    id: resourceId,
    organizationId: resourceId.optional(),
    accessRole: accessRole.optional(),
    expiresAt: z.number().int().positive().optional(),
    context: z
      .object({
        access: z
          .record(z.string().min(1).max(100), z.union([z.string().max(256), z.number()]))
          .refine((access) => Object.keys(access).length > 0, 'must name at least one field'),
      })
      .strict()
      .optional(),
  })
  .strict()
  .superRefine((resource, ctx) => {
    requireOrganizationId(resource, ctx);
    if (resource.type === 'context' && !resource.context) {
      ctx.addIssue({ code: 'custom', path: ['context'], message: 'required for type context' });
    }
    if (resource.type !== 'context' && resource.context) {
      ctx.addIssue({ code: 'custom', path: ['context'], message: 'only allowed for type context' });
    }
    requireFutureSeconds(resource.expiresAt, ctx);
  });
export type GrantedResource = z.output<typeof grantedResource>;

export const addPermissionsInput = /* @__PURE__ */ z
  .object({
    user: z.object({ userId: resourceId }).strict(),
    permissions: z.object({ resources: z.array(grantedResource).min(1).max(100) }).strict(),
  })
  .strict();

const removedResource = /* @__PURE__ */ z
  .object({ type: z.enum(resourceTypes), id: resourceId, organizationId: resourceId.optional() })
  .strict()
  .superRefine(requireOrganizationId);

export const removePermissionsInput = /* @__PURE__ */ z
  .object({
    userId: resourceId,
    permissions: z.object({ resources: z.array(removedResource).min(1).max(100) }).strict(),
  })
  .strict();

export const getPermissionsInput = /* @__PURE__ */ z
  .object({
    organizationId: resourceId,
    userIds: z.array(resourceId).min(1).max(100),
    folderIds: z.array(resourceId).max(100).optional(),
    documentIds: z.array(resourceId).max(100).optional(),
  })
  .strict();

export const generateTokenInput = /* @__PURE__ */ z
  .object({
    userId: resourceId,
    userProperties: z
      .object({ name: z.string().max(200), email: z.email().max(320), isAdmin: z.boolean().optional() })
      .strict(),
    permissions: z
      .object({ resources: z.array(grantedResource).max(100) })
      .strict()
      .optional(),
  })
  .strict();

// Responses.

/** One resource's entry in a permission lookup (base contract's Permission entry). */
export const permissionEntry = /* @__PURE__ */ z
  .object({
    accessRole: accessRole.optional(),
    accessType: z.enum(accessTypes).optional(),
    expiresAt: z.number().optional(),
    error: z.string().optional(),
    errorCode: z.enum(['permission_denied', 'does_not_exist']).optional(),
  })
  .meta({ id: 'PermissionEntry' });

const entriesById = /* @__PURE__ */ z.record(z.string(), permissionEntry);

/** auth/permissions/get `data`: per user id, the entries of each requested resource. */
export const userPermissions = /* @__PURE__ */ z.record(
  z.string(),
  z.object({
    organization: entriesById,
    folders: entriesById.optional(),
    documents: entriesById.optional(),
    context: z.object({ accessFields: z.array(z.string()) }).optional(),
  }),
);

/** auth/generate_token `data`: a signed JWT for the frontend SDK. */
export const generatedToken = /* @__PURE__ */ z.object({ token: z.string() });

/** A user as users/get lists one. */
export const userView = /* @__PURE__ */ z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  accessRole: z.string(),
  initial: z.string(),
});

/** A user group as usergroups/get lists one. */
export const groupView = /* @__PURE__ */ z.object({
  groupId: z.string(),
  groupName: z.string(),
  userIds: z.array(z.string()),
});
