import * as z from 'zod/mini';
import { accessRoles, accessTypes } from '../access-model/model';
import { buildSchema } from '../core/build-schema';
import { nowMs } from '../core/clock';
import { distinctBy, pageSize, pageToken, resourceId } from '../http/common-schemas';

const accessRole = /* @__PURE__ */ buildSchema(() => z.enum(accessRoles));

/** A user as callers describe one: profile fields and the role to give. */
export const userInput = /* @__PURE__ */ buildSchema(() =>
  z.strictObject({
    userId: resourceId,
    name: z.optional(z.string().check(z.maxLength(200))),
    email: z.optional(z.email().check(z.maxLength(320))),
    accessRole: z.optional(accessRole),
    initial: z.optional(z.string().check(z.minLength(1), z.maxLength(8))),
  }),
);

/** users/add, users/update, users/get and users/delete address one level: organization, folder or document. */
const level = {
  organizationId: resourceId,
  documentId: z.optional(resourceId),
  folderId: z.optional(resourceId),
};

function oneLevel(value: { documentId?: string; folderId?: string }, ctx: z.core.$RefinementCtx) {
  if (value.documentId !== undefined && value.folderId !== undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['documentId'],
      message: 'send either documentId or folderId, not both',
    });
  }
}

export const addUsersInput = /* @__PURE__ */ buildSchema(() =>
  z
    .strictObject({
      ...level,
      createOrganization: z.optional(z.boolean()),
      createDocument: z.optional(z.boolean()),
      createFolder: z.optional(z.boolean()),
      users: z.array(userInput).check(z.minLength(1), z.maxLength(100), z.superRefine(distinctBy('userId'))),
    })
    .check(z.superRefine(oneLevel)),
);

export const updateUsersInput = /* @__PURE__ */ buildSchema(() =>
  z
    .strictObject({
      ...level,
      users: z.array(userInput).check(z.minLength(1), z.maxLength(100), z.superRefine(distinctBy('userId'))),
    })
    .check(z.superRefine(oneLevel)),
);

export const getUsersInput = /* @__PURE__ */ buildSchema(() =>
  z
    .strictObject({
      ...level,
      userIds: z.optional(z.array(resourceId).check(z.minLength(1), z.maxLength(100))),
      organizationUserGroupIds: z.optional(z.array(resourceId).check(z.minLength(1), z.maxLength(30))),
      pageSize: pageSize,
      pageToken: z.optional(pageToken),
    })
    .check(z.superRefine(oneLevel)),
);

export const deleteUsersInput = /* @__PURE__ */ buildSchema(() =>
  z
    .strictObject({ ...level, userIds: z.array(resourceId).check(z.minLength(1), z.maxLength(100)) })
    .check(z.superRefine(oneLevel)),
);

export const addGroupsInput = /* @__PURE__ */ buildSchema(() =>
  z.strictObject({
    organizationId: resourceId,
    createOrganization: z.optional(z.boolean()),
    organizationUserGroups: z
      .array(z.strictObject({ groupId: resourceId, groupName: z.string().check(z.maxLength(200)) }))
      .check(z.minLength(1), z.maxLength(100), z.superRefine(distinctBy('groupId'))),
  }),
);

export const getGroupsInput = /* @__PURE__ */ buildSchema(() =>
  z.strictObject({
    organizationId: resourceId,
    groupIds: z.optional(z.array(resourceId).check(z.minLength(1), z.maxLength(100))),
  }),
);

export const addGroupUsersInput = /* @__PURE__ */ buildSchema(() =>
  z.strictObject({
    organizationId: resourceId,
    organizationUserGroupId: resourceId,
    userIds: z.array(resourceId).check(z.minLength(1), z.maxLength(100)),
  }),
);

export const deleteGroupUsersInput = /* @__PURE__ */ buildSchema(() =>
  z
    .strictObject({
      organizationId: resourceId,
      organizationUserGroupId: resourceId,
      userIds: z.optional(z.array(resourceId).check(z.maxLength(100))),
      deleteAll: z.optional(z.boolean()),
    })
    .check(
      z.superRefine((value, ctx) => {
        if (!value.deleteAll && !value.userIds?.length) {
          ctx.addIssue({ code: 'custom', path: ['userIds'], message: 'required unless deleteAll is true' });
        }
      }),
    ),
);

/** Stored profile of a user within an organization; memberships and grants are separate attributes. */
export const userProfile = /* @__PURE__ */ buildSchema(() =>
  z.object({
    userId: z.string(),
    name: z.optional(z.string()),
    email: z.optional(z.string()),
    initial: z.optional(z.string()),
    createdAt: z.number(),
    lastUpdated: z.number(),
  }),
);
export type UserProfile = z.infer<typeof userProfile>;

/** A membership or grant as stored in its attribute. */
export const storedEntry = /* @__PURE__ */ buildSchema(() =>
  z.object({
    accessRole: accessRole,
    since: z.number(),
    expiresAt: z.optional(z.number()),
  }),
);

/** A context grant as stored. */
export const storedContextGrant = /* @__PURE__ */ buildSchema(() =>
  z.object({
    access: z.record(z.string(), z.union([z.string(), z.number()])),
    since: z.number(),
    expiresAt: z.optional(z.number()),
  }),
);

export const groupRecord = /* @__PURE__ */ buildSchema(() =>
  z.object({
    groupId: z.string(),
    groupName: z.string(),
    userIds: z.pipe(
      z.optional(z.union([z.set(z.string()), z.array(z.string())])),
      z.transform((ids) => [...(ids ?? [])].sort()),
    ),
    createdAt: z.number(),
    lastUpdated: z.number(),
  }),
);
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
  ctx: z.core.$RefinementCtx,
): void {
  if (resource.type !== 'organization' && resource.organizationId === undefined) {
    ctx.addIssue({ code: 'custom', path: ['organizationId'], message: `required for type ${resource.type}` });
  }
}

/**
 * A grant's `expiresAt`, when sent, is Unix seconds in the future; past the year 3000 it is taken for
 * milliseconds sent by mistake and refused (read as seconds, it would make the grant practically permanent).
 */
function requireFutureSeconds(expiresAt: number | undefined, ctx: z.core.$RefinementCtx): void {
  if (expiresAt === undefined) return;
  const refuse = (message: string) => ctx.addIssue({ code: 'custom', path: ['expiresAt'], message });
  if (expiresAt <= nowSeconds()) refuse('must be in the future (Unix seconds)');
  if (expiresAt > latestExpiresAtSeconds) {
    refuse('must be Unix seconds (this looks like milliseconds: after the year 3000)');
  }
}

const grantedResource = /* @__PURE__ */ buildSchema(() =>
  z
    .strictObject({
      type: z.enum(resourceTypes),
      id: resourceId,
      organizationId: z.optional(resourceId),
      accessRole: z.optional(accessRole),
      expiresAt: z.optional(z.int().check(z.positive())),
      context: z.optional(
        z.strictObject({
          access: z
            .record(
              z.string().check(z.minLength(1), z.maxLength(100)),
              z.union([z.string().check(z.maxLength(256)), z.number()]),
            )
            .check(z.refine((access) => Object.keys(access).length > 0, 'must name at least one field')),
        }),
      ),
    })
    .check(
      z.superRefine((resource, ctx) => {
        requireOrganizationId(resource, ctx);
        if (resource.type === 'context' && !resource.context) {
          ctx.addIssue({ code: 'custom', path: ['context'], message: 'required for type context' });
        }
        if (resource.type !== 'context' && resource.context) {
          ctx.addIssue({ code: 'custom', path: ['context'], message: 'only allowed for type context' });
        }
        requireFutureSeconds(resource.expiresAt, ctx);
      }),
    ),
);
export type GrantedResource = z.output<typeof grantedResource>;

export const addPermissionsInput = /* @__PURE__ */ buildSchema(() =>
  z.strictObject({
    user: z.strictObject({ userId: resourceId }),
    permissions: z.strictObject({
      resources: z.array(grantedResource).check(z.minLength(1), z.maxLength(100)),
    }),
  }),
);

const removedResource = /* @__PURE__ */ buildSchema(() =>
  z
    .strictObject({ type: z.enum(resourceTypes), id: resourceId, organizationId: z.optional(resourceId) })
    .check(z.superRefine(requireOrganizationId)),
);

export const removePermissionsInput = /* @__PURE__ */ buildSchema(() =>
  z.strictObject({
    userId: resourceId,
    permissions: z.strictObject({
      resources: z.array(removedResource).check(z.minLength(1), z.maxLength(100)),
    }),
  }),
);

export const getPermissionsInput = /* @__PURE__ */ buildSchema(() =>
  z.strictObject({
    organizationId: resourceId,
    userIds: z.array(resourceId).check(z.minLength(1), z.maxLength(100)),
    folderIds: z.optional(z.array(resourceId).check(z.maxLength(100))),
    documentIds: z.optional(z.array(resourceId).check(z.maxLength(100))),
  }),
);

export const generateTokenInput = /* @__PURE__ */ buildSchema(() =>
  z.strictObject({
    userId: resourceId,
    userProperties: z.strictObject({
      name: z.string().check(z.maxLength(200)),
      email: z.email().check(z.maxLength(320)),
      isAdmin: z.optional(z.boolean()),
    }),
    permissions: z.optional(z.strictObject({ resources: z.array(grantedResource).check(z.maxLength(100)) })),
  }),
);

// Responses.

/** One resource's entry in a permission lookup (base contract's Permission entry). */
export const permissionEntry = /* @__PURE__ */ buildSchema(() =>
  z
    .object({
      accessRole: z.optional(accessRole),
      accessType: z.optional(z.enum(accessTypes)),
      expiresAt: z.optional(z.number()),
      error: z.optional(z.string()),
      errorCode: z.optional(z.enum(['permission_denied', 'does_not_exist'])),
    })
    .check(z.meta({ id: 'PermissionEntry' })),
);

const entriesById = /* @__PURE__ */ buildSchema(() => z.record(z.string(), permissionEntry));

/** auth/permissions/get `data`: per user id, the entries of each requested resource. */
export const userPermissions = /* @__PURE__ */ buildSchema(() =>
  z.record(
    z.string(),
    z.object({
      organization: entriesById,
      folders: z.optional(entriesById),
      documents: z.optional(entriesById),
      context: z.optional(z.object({ accessFields: z.array(z.string()) })),
    }),
  ),
);

/** auth/generate_token `data`: a signed JWT for the frontend SDK. */
export const generatedToken = /* @__PURE__ */ buildSchema(() => z.object({ token: z.string() }));

/** A user as users/get lists one. */
export const userView = /* @__PURE__ */ buildSchema(() =>
  z.object({
    userId: z.string(),
    name: z.string(),
    email: z.string(),
    accessRole: z.string(),
    initial: z.string(),
  }),
);

/** A user group as usergroups/get lists one. */
export const groupView = /* @__PURE__ */ buildSchema(() =>
  z.object({
    groupId: z.string(),
    groupName: z.string(),
    userIds: z.array(z.string()),
  }),
);
