import * as z from 'zod/mini';
import { accessTypes, rootFolderId } from '../access-model/model';
import { buildSchema } from '../core/build-schema';
import { distinctBy, pageSize, pageToken, resourceId } from '../http/common-schemas';

const name = /* @__PURE__ */ buildSchema(() => z.string().check(z.maxLength(1000)));
const accessType = /* @__PURE__ */ buildSchema(() => z.enum(accessTypes));

/** Extra organization fields callers attach; stored and returned as given. */
const metadataValue = /* @__PURE__ */ buildSchema(() =>
  z.union([z.string(), z.number(), z.boolean(), z.null()]),
);

export const addOrganizationsInput = /* @__PURE__ */ buildSchema(() =>
  z.strictObject({
    organizations: z
      .array(
        z.catchall(
          z.object({ organizationId: resourceId, organizationName: z.optional(name) }),
          metadataValue,
        ),
      )
      .check(z.minLength(1), z.maxLength(100), z.superRefine(distinctBy('organizationId'))),
  }),
);

export const getOrganizationsInput = /* @__PURE__ */ buildSchema(() =>
  z.strictObject({
    organizationIds: z.optional(z.array(resourceId).check(z.minLength(1), z.maxLength(30))),
    pageSize: pageSize,
    pageToken: z.optional(pageToken),
  }),
);

export const deleteOrganizationsInput = /* @__PURE__ */ buildSchema(() =>
  z.strictObject({
    organizationIds: z.array(resourceId).check(z.minLength(1), z.maxLength(30)),
  }),
);

/** A parent folder id: another folder of the organization, or `root`. */
const parentFolderId = resourceId;

/** A folder's settings as add and update take them. */
const folderFields = /* @__PURE__ */ buildSchema(() =>
  z.strictObject({
    folderId: resourceId,
    folderName: z.optional(name),
    parentFolderId: z.optional(parentFolderId),
    accessType: z.optional(accessType),
    inheritAccessFromParent: z.optional(z.boolean()),
  }),
);

export const addFoldersInput = /* @__PURE__ */ buildSchema(() =>
  z.strictObject({
    organizationId: resourceId,
    createOrganization: z.optional(z.boolean()),
    folders: z
      .array(
        z.extend(folderFields, {
          folderId: resourceId.check(z.refine((id) => id !== rootFolderId, `"${rootFolderId}" is reserved`)),
        }),
      )
      .check(z.minLength(1), z.maxLength(100)),
  }),
);

export const getFoldersInput = /* @__PURE__ */ buildSchema(() =>
  z.strictObject({
    organizationId: resourceId,
    folderId: z.optional(resourceId),
    maxDepth: z.optional(z.int().check(z.minimum(0), z.maximum(100))),
  }),
);

export const updateFoldersInput = /* @__PURE__ */ buildSchema(() =>
  z.strictObject({
    organizationId: resourceId,
    folders: z.array(folderFields).check(z.minLength(1), z.maxLength(100)),
  }),
);

export const deleteFolderInput = /* @__PURE__ */ buildSchema(() =>
  z.strictObject({
    organizationId: resourceId,
    folderId: resourceId,
  }),
);

export const addDocumentsInput = /* @__PURE__ */ buildSchema(() =>
  z.strictObject({
    organizationId: resourceId,
    folderId: z.optional(resourceId),
    documents: z
      .array(
        z.strictObject({
          documentId: resourceId,
          documentName: z.optional(name),
          accessType: z.optional(accessType),
        }),
      )
      .check(z.minLength(1), z.maxLength(100), z.superRefine(distinctBy('documentId'))),
  }),
);

export const getDocumentsInput = /* @__PURE__ */ buildSchema(() =>
  z.strictObject({
    organizationId: resourceId,
    documentIds: z.optional(z.array(resourceId).check(z.minLength(1), z.maxLength(30))),
    folderId: z.optional(resourceId),
    pageSize: pageSize,
    pageToken: z.optional(pageToken),
  }),
);

export const deleteDocumentsInput = /* @__PURE__ */ buildSchema(() =>
  z.strictObject({
    organizationId: resourceId,
    documentIds: z.array(resourceId).check(z.minLength(1), z.maxLength(100)),
  }),
);

/** Stored organization (keys stripped). */
export const organizationRecord = /* @__PURE__ */ buildSchema(() =>
  z.object({
    organizationId: z.string(),
    organizationName: z.string(),
    disabled: z.boolean(),
    metadata: z.record(z.string(), metadataValue),
    createdAt: z.number(),
    lastUpdated: z.number(),
  }),
);
export type OrganizationRecord = z.infer<typeof organizationRecord>;

/** Stored folder: `parentFolderId` is the source of truth, `ancestors` is derived from it. */
export const folderRecord = /* @__PURE__ */ buildSchema(() =>
  z.object({
    folderId: z.string(),
    folderName: z.string(),
    organizationId: z.string(),
    parentFolderId: z.string(),
    ancestors: z.array(z.string()),
    accessType: z.optional(accessType),
    inheritAccessFromParent: z.boolean(),
    createdAt: z.number(),
    lastUpdated: z.number(),
  }),
);
export type FolderRecord = z.infer<typeof folderRecord>;

export const documentRecord = /* @__PURE__ */ buildSchema(() =>
  z.object({
    documentId: z.string(),
    documentName: z.string(),
    organizationId: z.string(),
    folderId: z.optional(z.string()),
    accessType: z.optional(accessType),
    disabled: z.boolean(),
    createdAt: z.number(),
    lastUpdated: z.number(),
  }),
);
export type DocumentRecord = z.infer<typeof documentRecord>;

// Responses.

/** An organization as organizations/get lists one, with its caller-given metadata fields. */
export const organizationView = /* @__PURE__ */ buildSchema(() =>
  z.looseObject({
    id: z.string(),
    organizationName: z.string(),
    disabled: z.boolean(),
  }),
);

/** A document as documents/get lists one. */
export const documentView = /* @__PURE__ */ buildSchema(() =>
  z.object({
    id: z.string(),
    documentName: z.string(),
    folderId: z.optional(z.string()),
    accessType,
    disabled: z.boolean(),
  }),
);

const folderFieldsView = {
  folderId: z.string(),
  folderName: z.string(),
  organizationId: z.string(),
  parentFolderId: z.string(),
  apiKey: z.string(),
  createdAt: z.number(),
  lastUpdated: z.number(),
  ancestors: z.array(z.string()),
  accessType: z.string(),
  inheritAccessFromParent: z.boolean(),
};

/** A folder as folders/get returns one, with its subfolders nested to the requested depth. */
export interface FolderView extends z.infer<z.ZodMiniObject<typeof folderFieldsView>> {
  subFolders?: FolderView[];
}
export const folderView: z.ZodMiniType<FolderView> = /* @__PURE__ */ buildSchema(() =>
  z
    .object({
      ...folderFieldsView,
      get subFolders() {
        return z.optional(z.array(folderView));
      },
    })
    // Registered in place: `.check(z.meta(...))` would clone the object and read `subFolders` before `folderView` is set.
    .register(z.globalRegistry, { id: 'Folder' }),
);
