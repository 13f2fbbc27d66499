import fc from 'fast-check';
import {
  type AccessEntry,
  type AccessRole,
  type AccessType,
  accessRoles,
  accessTypes,
  type FolderNode,
  type OrganizationTree,
  type ResourceEntries,
  type UserAccess,
} from '../../../shared/access-model/model';
import { resolveResource } from '../../../shared/access-model/resolver';

/*
 * Random histories of an organization: memberships and grants added and removed at every level,
 * temporary and already-expired grants, group joins, documents and folders moved, resources deleted
 * and re-created, time passing. After every step, for every folder and document, the resolver must
 * never show a restricted resource to a user without a live, current membership or grant on the
 * resource or a folder above it, must always show public ones, and must report the effective type.
 * The model below computes ancestry and effective types itself (parent pointers, recursion), so it
 * does not share code with the resolver.
 */

const folderIds = ['f0', 'f1', 'f2', 'f3', 'f4'];
const documentIds = ['d0', 'd1', 'd2', 'd3'];
const startMs = 1_700_000_000_000;

interface ModelFolder {
  parent: string; // 'root' or a folder id
  accessType?: AccessType;
  inherit: boolean;
  createdAt: number;
}
interface ModelDocument {
  folderId?: string;
  accessType?: AccessType;
  createdAt: number;
}
type Entries = { membership?: AccessEntry; grant?: AccessEntry };
interface Model {
  nowMs: number;
  folders: Record<string, ModelFolder>;
  documents: Record<string, ModelDocument>;
  organization: Entries;
  folderEntries: Record<string, Entries>;
  documentEntries: Record<string, Entries>;
  groups: Set<string>; // joined groups: never an input of the resolver (rule 6)
}

// ---- Commands ----

const role = fc.constantFrom<AccessRole>(...accessRoles);
const maybeType = fc.option(fc.constantFrom<AccessType>(...accessTypes), { nil: undefined });
/** Seconds from now: undefined = permanent, negative or zero = already expired. */
const expiry = fc.option(fc.integer({ min: -3600, max: 3600 }), { nil: undefined });
const kindOfEntry = fc.constantFrom<'membership' | 'grant'>('membership', 'grant');
const level = fc.oneof(
  fc.constant({ level: 'organization' as const, id: 'org' }),
  fc.constantFrom(...folderIds).map((id) => ({ level: 'folder' as const, id })),
  fc.constantFrom(...documentIds).map((id) => ({ level: 'document' as const, id })),
);

// Weighted towards giving entries and re-creating resources, where the interesting histories are.
const command = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({ op: fc.constant('give' as const), at: level, kind: kindOfEntry, role, expiry }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('take' as const), at: level, kind: kindOfEntry }) },
  {
    weight: 1,
    arbitrary: fc.record({ op: fc.constant('joinGroup' as const), group: fc.constantFrom('g0', 'g1') }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('moveDocument' as const),
      id: fc.constantFrom(...documentIds),
      to: fc.option(fc.constantFrom(...folderIds), { nil: undefined }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('moveFolder' as const),
      id: fc.constantFrom(...folderIds),
      to: fc.constantFrom('root', ...folderIds),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('setFolderAccess' as const),
      id: fc.constantFrom(...folderIds),
      accessType: maybeType,
      inherit: fc.boolean(),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant('setDocumentAccess' as const),
      id: fc.constantFrom(...documentIds),
      accessType: maybeType,
    }),
  },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('recreate' as const), at: level }) },
  {
    weight: 2,
    arbitrary: fc.record({ op: fc.constant('tick' as const), seconds: fc.integer({ min: 0, max: 1800 }) }),
  },
);
type Command = typeof command extends fc.Arbitrary<infer C> ? C : never;

const initialModel = fc
  .record({
    folders: fc.tuple(
      ...folderIds.map((_, i) =>
        fc.record({
          // Parents come earlier in the list, so the initial tree is acyclic.
          parent: i === 0 ? fc.constant('root') : fc.constantFrom('root', ...folderIds.slice(0, i)),
          accessType: maybeType,
          inherit: fc.boolean(),
        }),
      ),
    ),
    documents: fc.tuple(
      ...documentIds.map(() =>
        fc.record({
          folderId: fc.option(fc.constantFrom(...folderIds), { nil: undefined }),
          accessType: maybeType,
        }),
      ),
    ),
  })
  .map(
    ({ folders, documents }): Model => ({
      nowMs: startMs,
      folders: Object.fromEntries(folderIds.map((id, i) => [id, { ...folders[i]!, createdAt: startMs }])),
      documents: Object.fromEntries(
        documentIds.map((id, i) => [id, { ...documents[i]!, createdAt: startMs }]),
      ),
      organization: {},
      folderEntries: {},
      documentEntries: {},
      groups: new Set(),
    }),
  );

function entriesAt(model: Model, at: { level: 'organization' | 'folder' | 'document'; id: string }): Entries {
  if (at.level === 'organization') return model.organization;
  const map = at.level === 'folder' ? model.folderEntries : model.documentEntries;
  map[at.id] ??= {};
  return map[at.id]!;
}

function parentChain(model: Model, folderId: string): string[] {
  const chain: string[] = [];
  for (let id = model.folders[folderId]!.parent; id !== 'root'; id = model.folders[id]!.parent)
    chain.push(id);
  return chain;
}

function apply(model: Model, c: Command): void {
  switch (c.op) {
    case 'give':
      entriesAt(model, c.at)[c.kind] = {
        accessRole: c.role,
        since: model.nowMs,
        expiresAt: c.expiry === undefined ? undefined : Math.floor(model.nowMs / 1000) + c.expiry,
      };
      return;
    case 'take':
      delete entriesAt(model, c.at)[c.kind];
      return;
    case 'joinGroup':
      model.groups.add(c.group);
      return;
    case 'moveDocument':
      model.documents[c.id]!.folderId = c.to;
      return;
    case 'moveFolder':
      // A move into the folder's own subtree is refused (as the service refuses it).
      if (c.to === c.id || (c.to !== 'root' && parentChain(model, c.to).includes(c.id))) return;
      model.folders[c.id]!.parent = c.to;
      return;
    case 'setFolderAccess':
      Object.assign(model.folders[c.id]!, { accessType: c.accessType, inherit: c.inherit });
      return;
    case 'setDocumentAccess':
      model.documents[c.id]!.accessType = c.accessType;
      return;
    case 'recreate':
      // Deleted and created again a millisecond later: everything given before is stale.
      model.nowMs += 1;
      if (c.at.level === 'folder') model.folders[c.at.id]!.createdAt = model.nowMs;
      if (c.at.level === 'document') model.documents[c.at.id]!.createdAt = model.nowMs;
      return;
    case 'tick':
      model.nowMs += c.seconds * 1000;
      return;
  }
}

// ---- The model's own view, and the resolver's input built from it ----

const organizationCreatedAt = startMs;

function counts(model: Model, e: AccessEntry | undefined, createdAt: number): boolean {
  return (
    e !== undefined && e.since >= createdAt && (e.expiresAt === undefined || e.expiresAt * 1000 > model.nowMs)
  );
}
function holdsOn(model: Model, entries: Entries | undefined, createdAt: number): boolean {
  return counts(model, entries?.membership, createdAt) || counts(model, entries?.grant, createdAt);
}

function modelFolderType(model: Model, folderId: string): AccessType {
  const folder = model.folders[folderId]!;
  if (folder.accessType) return folder.accessType;
  return folder.inherit && folder.parent !== 'root' ? modelFolderType(model, folder.parent) : 'public';
}

/** Folders whose entries cover the resource, by walking parent pointers in the model. */
function coveringFolders(model: Model, resource: { folder: string } | { document: string }): string[] {
  if ('folder' in resource) return parentChain(model, resource.folder);
  const folderId = model.documents[resource.document]!.folderId;
  return folderId === undefined ? [] : [folderId, ...parentChain(model, folderId)];
}

function toTree(model: Model): OrganizationTree {
  const folders = new Map<string, FolderNode>();
  for (const [folderId, f] of Object.entries(model.folders)) {
    folders.set(folderId, {
      folderId,
      parentFolderId: f.parent,
      ancestors: ['root', ...parentChain(model, folderId).reverse()],
      accessType: f.accessType,
      inheritAccessFromParent: f.inherit,
      createdAt: f.createdAt,
    });
  }
  return { organization: { organizationId: 'org', createdAt: organizationCreatedAt }, folders };
}

function toUser(model: Model): UserAccess {
  return {
    userId: 'u',
    organization: { ...model.organization },
    folders: structuredClone(model.folderEntries) as Record<string, ResourceEntries>,
    documents: structuredClone(model.documentEntries) as Record<string, ResourceEntries>,
    contexts: {},
  };
}

function checkInvariants(model: Model): void {
  const tree = toTree(model);
  const u = toUser(model);
  const resources = [
    ...folderIds.map((id) => ({
      key: { folder: id },
      resource: { type: 'folder' as const, folder: tree.folders.get(id)! },
    })),
    ...documentIds.map((id) => {
      const d = model.documents[id]!;
      const document = {
        documentId: id,
        folderId: d.folderId,
        accessType: d.accessType,
        createdAt: d.createdAt,
      };
      return { key: { document: id }, resource: { type: 'document' as const, document } };
    }),
  ];
  for (const { key, resource } of resources) {
    const own =
      'folder' in key
        ? holdsOn(model, model.folderEntries[key.folder], model.folders[key.folder]!.createdAt)
        : holdsOn(model, model.documentEntries[key.document], model.documents[key.document]!.createdAt);
    const viaFolder = coveringFolders(model, key).some((id) =>
      holdsOn(model, model.folderEntries[id], model.folders[id]!.createdAt),
    );
    const member = holdsOn(model, model.organization, organizationCreatedAt);
    const folderOfDocument = 'document' in key ? model.documents[key.document]!.folderId : undefined;
    const expectedType =
      'folder' in key
        ? modelFolderType(model, key.folder)
        : (model.documents[key.document]!.accessType ??
          (folderOfDocument === undefined ? 'public' : modelFolderType(model, folderOfDocument)));

    const result = resolveResource(tree, u, resource, model.nowMs);
    const visible = result.errorCode === undefined;
    const covered = own || viaFolder;
    const violation =
      result.accessType !== expectedType
        ? 'reports the wrong effective type'
        : expectedType === 'restricted' && visible && !covered
          ? 'shows a restricted resource without a covering entry'
          : expectedType === 'organizationPrivate' && visible && !covered && !member
            ? 'shows an organizationPrivate resource to a non-member without a covering entry'
            : expectedType === 'public' && !visible
              ? 'hides a public resource'
              : undefined;
    // Built only on failure: expect() on every step of every run would dominate the run time.
    if (violation)
      throw new Error(
        `${violation}: ${JSON.stringify({ key, result, own, viaFolder, member, expectedType })}`,
      );
  }
}

describe('resolveResource', () => {
  it('never shows a restricted resource without a live, current entry on it or a folder above it, and always shows public ones', () => {
    fc.assert(
      fc.property(initialModel, fc.array(command, { maxLength: 40 }), (start, commands) => {
        const model = structuredClone(start);
        checkInvariants(model);
        for (const c of commands) {
          apply(model, c);
          checkInvariants(model);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('shows a restricted resource to exactly the users with such an entry', () => {
    // The converse, so that the invariant above cannot pass by denying everything.
    fc.assert(
      fc.property(initialModel, fc.array(command, { maxLength: 40 }), (start, commands) => {
        const model = structuredClone(start);
        for (const c of commands) apply(model, c);
        const tree = toTree(model);
        for (const id of documentIds) {
          const d = model.documents[id]!;
          const document = {
            documentId: id,
            folderId: d.folderId,
            accessType: 'restricted' as const,
            createdAt: d.createdAt,
          };
          const covered =
            holdsOn(model, model.documentEntries[id], d.createdAt) ||
            coveringFolders(model, { document: id }).some((f) =>
              holdsOn(model, model.folderEntries[f], model.folders[f]!.createdAt),
            );
          const result = resolveResource(tree, toUser(model), { type: 'document', document }, model.nowMs);
          expect({ id, visible: result.errorCode === undefined }).toEqual({ id, visible: covered });
        }
      }),
      { numRuns: 200 },
    );
  });
});
