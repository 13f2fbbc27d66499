import * as z from 'zod';
import { accessTypes, rootFolderId } from '../access-model/model';
import { distinctBy, pageSize, pageToken, resourceId } from '../http/common-schemas';

const name = /* @__PURE__ */ z.string().max(1000);
const accessType = /* @__PURE__ */ z.enum(accessTypes);

/** Extra organization fields callers attach; stored and returned as given. */
const metadataValue = /* @__PURE__ */ z.union([z.string(), z.number(), z.boolean(), z.null()]);

export const addOrganizationsInput = /* @__PURE__ */ z
  .object({
    organizations: z
      .array(
        z.object({ organizationId: resourceId, organizationName: name.optional() }).catchall(metadataValue),
      )
      .min(1)
      .max(100)
      .superRefine(distinctBy('organizationId')),
  })
  .strict();

export const getOrganizationsInput = /* @__PURE__ */ z
  .object({
    organizationIds: z.array(resourceId).min(1).max(30).optional(),
    pageSize: pageSize,
    pageToken: pageToken.optional(),
  })
  .strict();

export const deleteOrganizationsInput = /* @__PURE__ */ z
  .object({ organizationIds: z.array(resourceId).min(1).max(30) })
  .strict();

/** A parent folder id: another folder of the organization, or `root`. */
const parentFolderId = resourceId;

/** A folder's settings as add and update take them. */
const folderFields = /* @__PURE__ */ z
  .object({
    folderId: resourceId,
    folderName: name.optional(),
    parentFolderId: parentFolderId.optional(),
    accessType: accessType.optional(),
    inheritAccessFromParent: z.boolean().optional(),
  })
  .strict();

export const addFoldersInput = /* @__PURE__ */ z
  .object({
    organizationId: resourceId,
    createOrganization: z.boolean().optional(),
    folders: z
      .array(
        folderFields.extend({
          folderId: resourceId.refine((id) => id !== rootFolderId, `"${rootFolderId}" is reserved`),
        }),
      )
      .min(1)
      .max(100),
  })
  .strict();

export const getFoldersInput = /* @__PURE__ */ z
  .object({
    organizationId: resourceId,
    folderId: resourceId.optional(),
    maxDepth: z.number().int().min(0).max(100).optional(),
  })
  .strict();

export const updateFoldersInput = /* @__PURE__ */ z
  .object({ organizationId: resourceId, folders: z.array(folderFields).min(1).max(100) })
  .strict();

export const deleteFolderInput = /* @__PURE__ */ z
  .object({ organizationId: resourceId, folderId: resourceId })
  .strict();

export const addDocumentsInput = /* @__PURE__ */ z
  .object({
    organizationId: resourceId,
    folderId: resourceId.optional(),
    documents: z
      .array(
        z
          .object({
            documentId: resourceId,
            documentName: name.optional(),
            accessType: accessType.optional(),
          })
          .strict(),
      )
      .min(1)
      .max(100)
      .superRefine(distinctBy('documentId')),
  })
  .strict();

export const getDocumentsInput = /* @__PURE__ */ z
  .object({
    organizationId: resourceId,
    documentIds: z.array(resourceId).min(1).max(30).optional(),
    folderId: resourceId.optional(),
    pageSize: pageSize,
    pageToken: pageToken.optional(),
  })
  .strict();

export const deleteDocumentsInput = /* @__PURE__ */ z
  .object({ organizationId: resourceId, documentIds: z.array(resourceId).min(1).max(100) })
  .strict();

/** Stored organization (keys stripped). */
export const organizationRecord = /* @__PURE__ */ z.object({
  organizationId: z.string(),
  organizationName: z.string(),
  disabled: z.boolean(),
  metadata: z.record(z.string(), metadataValue),
  createdAt: z.number(),
  lastUpdated: z.number(),
});
export type OrganizationRecord = z.infer<typeof organizationRecord>;

/** Stored folder: `parentFolderId` is the source of truth, `ancestors` is derived from it. */
export const folderRecord = /* @__PURE__ */ z.object({
  folderId: z.string(),
  folderName: z.string(),
  organizationId: z.string(),
  parentFolderId: z.string(),
  ancestors: z.array(z.string()),
  accessType: accessType.optional(),
  inheritAccessFromParent: z.boolean(),
  createdAt: z.number(),
  lastUpdated: z.number(),
});
export type FolderRecord = z.infer<typeof folderRecord>;

export const documentRecord = /* @__PURE__ */ z.object({
  documentId: z.string(),
  documentName: z.string(),
  organizationId: z.string(),
  folderId: z.string().optional(),
  accessType: accessType.optional(),
  disabled: z.boolean(),
  createdAt: z.number(),
  lastUpdated: z.number(),
});
export type DocumentRecord = z.infer<typeof documentRecord>;

// Responses.

/** An organization as organizations/get lists one, with its caller-given metadata fields. */
export const organizationView = /* @__PURE__ */ z.looseObject({
  id: z.string(),
  organizationName: z.string(),
  disabled: z.boolean(),
});

/** A document as documents/get lists one. */
export const documentView = /* @__PURE__ */ z.object({
  id: z.string(),
  documentName: z.string(),
  folderId: z.string().optional(),
  accessType,
  disabled: z.boolean(),
});

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
export interface FolderView extends z.infer<z.ZodObject<typeof folderFieldsView>> {
  subFolders?: FolderView[];
}
export const folderView: z.ZodType<FolderView> = /* @__PURE__ */ z
  .object({
    ...folderFieldsView,
    get subFolders() {
      return z.array(folderView).optional();
    },
  })
  .meta({ id: 'Folder' });
