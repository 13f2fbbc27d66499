import type { FolderNode, OrganizationTree } from '../../../shared/access-model/model';
import {
  contextAccessFields,
  contextMatches,
  effectiveDocumentAccessType,
  effectiveFolderAccessType,
  resolveOrganization,
  resolveResource,
} from '../../../shared/access-model/resolver';
import { buildTree, createdAt, doc, entry, folderOf, nowMs, nowS, user } from './fixtures';

/** A > B > C, with settings chosen per test. */
const chain = (a: object, b: object, c: object) =>
  buildTree([
    { id: 'A', ...a },
    { id: 'B', parent: 'A', ...b },
    { id: 'C', parent: 'B', ...c },
  ]);

const onDocument = (tree: OrganizationTree, u = user(), document = doc('D', 'C'), at = nowMs) =>
  resolveResource(tree, u, { type: 'document', document }, at);
const onFolder = (tree: OrganizationTree, id: string, u = user(), at = nowMs) =>
  resolveResource(tree, u, { type: 'folder', folder: folderOf(tree, id) }, at);

describe('effectiveFolderAccessType', () => {
  it('defaults to public for a folder without settings', () => {
    expect(effectiveFolderAccessType(buildTree([{ id: 'A' }]), 'A')).toBe('public');
  });

  it('treats a top-level folder that inherits as inheriting public from root', () => {
    expect(effectiveFolderAccessType(buildTree([{ id: 'A', inherit: true }]), 'A')).toBe('public');
  });

  it('inherits through a chain of folders that inherit from their parent', () => {
    const tree = chain({ accessType: 'restricted' }, { inherit: true }, { inherit: true });
    expect(effectiveFolderAccessType(tree, 'C')).toBe('restricted');
  });

  it('stops inheriting at a folder that does not inherit, which defaults to public', () => {
    const tree = chain({ accessType: 'restricted' }, { inherit: false }, { inherit: true });
    expect(effectiveFolderAccessType(tree, 'B')).toBe('public');
    expect(effectiveFolderAccessType(tree, 'C')).toBe('public');
  });

  it('lets an explicit type override the inherited one, and passes the override down', () => {
    const tree = chain(
      { accessType: 'restricted' },
      { accessType: 'organizationPrivate', inherit: true },
      { inherit: true },
    );
    expect(effectiveFolderAccessType(tree, 'B')).toBe('organizationPrivate');
    expect(effectiveFolderAccessType(tree, 'C')).toBe('organizationPrivate');
  });

  it('returns public for a folder or a parent that is missing from the tree', () => {
    const tree = chain({ accessType: 'restricted' }, { inherit: true }, { inherit: true });
    (tree.folders as Map<string, FolderNode>).delete('B');
    expect(effectiveFolderAccessType(tree, 'B')).toBe('public');
    expect(effectiveFolderAccessType(tree, 'C')).toBe('public');
  });

  it('terminates on a corrupt tree whose parents form a cycle', () => {
    const x: FolderNode = {
      folderId: 'X',
      parentFolderId: 'Y',
      ancestors: ['root', 'Y'],
      inheritAccessFromParent: true,
      createdAt,
    };
    const y: FolderNode = { ...x, folderId: 'Y', parentFolderId: 'X', ancestors: ['root', 'X'] };
    const tree = {
      ...buildTree([]),
      folders: new Map([
        ['X', x],
        ['Y', y],
      ]),
    };
    expect(effectiveFolderAccessType(tree, 'X')).toBe('public');
  });
});

describe('effectiveDocumentAccessType', () => {
  const tree = chain({ accessType: 'restricted' }, { inherit: true }, { inherit: true });

  it("inherits its folder's effective type", () => {
    expect(effectiveDocumentAccessType(tree, doc('D', 'C'))).toBe('restricted');
  });

  it('lets its own type override the folder type', () => {
    expect(effectiveDocumentAccessType(tree, doc('D', 'C', 'public'))).toBe('public');
  });

  it('defaults to public without a folder, or when its folder is missing from the tree', () => {
    expect(effectiveDocumentAccessType(tree, doc('D'))).toBe('public');
    expect(effectiveDocumentAccessType(tree, doc('D', 'gone'))).toBe('public');
  });
});

describe('resolveResource', () => {
  const restricted = chain({ accessType: 'restricted' }, { inherit: true }, { inherit: true });

  it('gives a user with access but no entry anywhere the default editor role without expiresAt', () => {
    const result = onDocument(buildTree([{ id: 'C' }]));
    expect(result).toEqual({ accessRole: 'editor', accessType: 'public' });
    expect(result).not.toHaveProperty('expiresAt');
  });

  it('takes the role from the nearest folder that holds a counting entry', () => {
    const folders = { A: { grant: entry('editor') }, B: { membership: entry('viewer') } };
    expect(onDocument(restricted, user({ folders }))).toEqual({
      accessRole: 'viewer',
      accessType: 'restricted',
    });
    const withC = { ...folders, C: { membership: entry('editor', nowS + 60) } };
    expect(onDocument(restricted, user({ folders: withC }))).toEqual({
      accessRole: 'editor',
      accessType: 'restricted',
      expiresAt: nowS + 60,
    });
  });

  it('walks past a nearer folder whose entry has expired', () => {
    const folders = { A: { membership: entry('viewer') }, C: { grant: entry('editor', nowS - 1) } };
    expect(onDocument(restricted, user({ folders }))).toEqual({
      accessRole: 'viewer',
      accessType: 'restricted',
    });
  });

  it('prefers a document entry over folder and organization entries', () => {
    const u = user({
      organization: { membership: entry('editor') },
      folders: { C: { grant: entry('editor') } },
      documents: { D: { membership: entry('viewer') } },
    });
    expect(onDocument(restricted, u)).toEqual({ accessRole: 'viewer', accessType: 'restricted' });
  });

  it('prefers a grant over a membership at the same level, until the grant expires', () => {
    const documents = { D: { membership: entry('editor'), grant: entry('viewer', nowS + 10) } };
    const u = user({ documents });
    expect(onDocument(restricted, u)).toEqual({
      accessRole: 'viewer',
      accessType: 'restricted',
      expiresAt: nowS + 10,
    });
    expect(onDocument(restricted, u, doc('D', 'C'), (nowS + 10) * 1000)).toEqual({
      accessRole: 'editor',
      accessType: 'restricted',
    });
  });

  it('reports expiresAt only from the deciding entry', () => {
    const u = user({
      folders: { C: { grant: entry('viewer', nowS + 60) } },
      documents: { D: { membership: entry('editor') } },
    });
    expect(onDocument(restricted, u)).toEqual({ accessRole: 'editor', accessType: 'restricted' });
  });

  it('stops counting a temporary entry at exactly its expiresAt', () => {
    const u = user({ documents: { D: { grant: entry('viewer', nowS) } } });
    expect(onDocument(restricted, u, doc('D', 'C'), nowMs - 1)).toMatchObject({ accessRole: 'viewer' });
    expect(onDocument(restricted, u, doc('D', 'C'), nowMs)).toMatchObject({ errorCode: 'permission_denied' });
  });

  it('ignores entries given to an earlier document of the same id after re-creation', () => {
    const u = user({ documents: { D: { membership: entry('editor', undefined, nowMs - 10) } } });
    expect(onDocument(restricted, u, doc('D', 'C', undefined, nowMs - 10))).toMatchObject({
      accessRole: 'editor',
    });
    expect(onDocument(restricted, u, doc('D', 'C', undefined, nowMs - 9))).toEqual({
      error: expect.stringContaining('restricted'),
      errorCode: 'permission_denied',
      accessType: 'restricted',
    });
  });

  it('ignores folder and organization entries older than the re-created folder or organization', () => {
    const tree = buildTree([{ id: 'C', accessType: 'organizationPrivate', createdAt: nowMs - 5 }], nowMs - 5);
    const u = user({
      organization: { membership: entry('editor', undefined, nowMs - 6) },
      folders: { C: { grant: entry('editor', undefined, nowMs - 6) } },
    });
    expect(onDocument(tree, u)).toMatchObject({
      errorCode: 'permission_denied',
      accessType: 'organizationPrivate',
    });
  });

  it('admits organization members to organizationPrivate resources with their organization role', () => {
    const tree = buildTree([{ id: 'C', accessType: 'organizationPrivate' }]);
    const u = user({ organization: { membership: entry('viewer') } });
    expect(onFolder(tree, 'C', u)).toEqual({ accessRole: 'viewer', accessType: 'organizationPrivate' });
    expect(onFolder(tree, 'C')).toEqual({
      error: expect.stringContaining('not an organization member'),
      errorCode: 'permission_denied',
      accessType: 'organizationPrivate',
    });
  });

  it('denies organization members a restricted resource', () => {
    const u = user({ organization: { membership: entry('editor'), grant: entry('editor') } });
    expect(onDocument(restricted, u)).toMatchObject({
      errorCode: 'permission_denied',
      accessType: 'restricted',
    });
  });

  it('does not let an entry on a subfolder, a sibling or an unrelated folder cover a folder', () => {
    const tree = buildTree([
      { id: 'A', accessType: 'restricted' },
      { id: 'B', parent: 'A', inherit: true },
      { id: 'S', parent: 'A', inherit: true },
      { id: 'Z' },
    ]);
    const u = user({ folders: { B: { membership: entry('editor') }, Z: { grant: entry('editor') } } });
    expect(onFolder(tree, 'A', u)).toMatchObject({ errorCode: 'permission_denied' });
    expect(onFolder(tree, 'S', u)).toMatchObject({ errorCode: 'permission_denied' });
    expect(onFolder(tree, 'B', u)).toEqual({ accessRole: 'editor', accessType: 'restricted' });
  });

  it("follows a document to its new folder: the old folder's entries stop covering it", () => {
    const tree = buildTree([
      { id: 'old', accessType: 'restricted' },
      { id: 'new', accessType: 'restricted' },
    ]);
    const u = user({ folders: { old: { membership: entry('editor') } } });
    expect(onDocument(tree, u, doc('D', 'old'))).toMatchObject({ accessRole: 'editor' });
    expect(onDocument(tree, u, doc('D', 'new'))).toMatchObject({ errorCode: 'permission_denied' });
  });

  it('treats a missing ancestor folder as absent: its entries do not count and nothing throws', () => {
    const tree = chain({ accessType: 'restricted' }, { inherit: true }, { accessType: 'restricted' });
    (tree.folders as Map<string, FolderNode>).delete('B');
    const onlyB = user({ folders: { B: { membership: entry('editor') } } });
    expect(onDocument(tree, onlyB)).toMatchObject({
      errorCode: 'permission_denied',
      accessType: 'restricted',
    });
    const alsoA = user({
      folders: { A: { membership: entry('viewer') }, B: { membership: entry('editor') } },
    });
    expect(onDocument(tree, alsoA)).toEqual({ accessRole: 'viewer', accessType: 'restricted' });
  });

  it("treats a document's missing folder as absent: the document falls back to its own or the default type", () => {
    const u = user({ folders: { gone: { membership: entry('viewer') } } });
    expect(onDocument(buildTree([]), u, doc('D', 'gone'))).toEqual({
      accessRole: 'editor',
      accessType: 'public',
    });
    expect(onDocument(buildTree([]), u, doc('D', 'gone', 'restricted'))).toMatchObject({
      errorCode: 'permission_denied',
    });
  });

  it('does not mistake prototype property names for entries', () => {
    const tree = buildTree([{ id: 'constructor', accessType: 'restricted' }]);
    for (const id of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      expect(onDocument(tree, user(), doc(id, 'constructor'))).toMatchObject({
        errorCode: 'permission_denied',
      });
    }
  });
});

describe('resolveOrganization', () => {
  const tree = buildTree([]);

  it('reports a member with their role and organizationPrivate', () => {
    const u = user({ organization: { membership: entry('viewer') } });
    expect(resolveOrganization(tree, u, nowMs)).toEqual({
      accessRole: 'viewer',
      accessType: 'organizationPrivate',
    });
  });

  it('prefers an organization grant over membership and reports its expiresAt', () => {
    const u = user({ organization: { membership: entry('viewer'), grant: entry('editor', nowS + 5) } });
    expect(resolveOrganization(tree, u, nowMs)).toEqual({
      accessRole: 'editor',
      accessType: 'organizationPrivate',
      expiresAt: nowS + 5,
    });
  });

  it('denies non-members, even with folder and document entries', () => {
    const u = user({
      folders: { A: { grant: entry('editor') } },
      documents: { D: { membership: entry('editor') } },
    });
    expect(resolveOrganization(tree, u, nowMs)).toEqual({
      error: expect.stringContaining('not a member of organization "org"'),
      errorCode: 'permission_denied',
      accessType: 'organizationPrivate',
    });
  });

  it('denies expired and stale organization entries', () => {
    const expired = user({ organization: { grant: entry('editor', nowS) } });
    const stale = user({ organization: { membership: entry('editor', undefined, createdAt - 1) } });
    expect(resolveOrganization(tree, expired, nowMs)).toMatchObject({ errorCode: 'permission_denied' });
    expect(resolveOrganization(tree, stale, nowMs)).toMatchObject({ errorCode: 'permission_denied' });
  });
});

const withContexts = user({
  contexts: {
    g1: { access: { team: 'red', level: 3 }, since: createdAt },
    g2: { access: { team: 'red', region: 'eu' }, since: createdAt, expiresAt: nowS + 60 },
    g3: { access: { secret: 'x' }, since: createdAt, expiresAt: nowS },
    g4: { access: { 'a:b': 'c' }, since: createdAt },
  },
});

describe('contextAccessFields', () => {
  it('lists live context fields once each, in sorted order, dropping grants expired at now', () => {
    expect(contextAccessFields(withContexts, nowMs)).toEqual(['a:b:c', 'level:3', 'region:eu', 'team:red']);
  });

  it('drops a temporary grant once it expires', () => {
    expect(contextAccessFields(withContexts, (nowS + 60) * 1000)).toEqual(['a:b:c', 'level:3', 'team:red']);
  });

  it('returns an empty list for a user without context grants', () => {
    expect(contextAccessFields(user(), nowMs)).toEqual([]);
  });
});

describe('contextMatches', () => {
  it('matches when the user holds every required field, possibly across grants', () => {
    expect(contextMatches(withContexts, { team: 'red', region: 'eu' }, nowMs)).toBe(true);
  });

  it('does not match when a field is missing or has another value', () => {
    expect(contextMatches(withContexts, { team: 'red', region: 'us' }, nowMs)).toBe(false);
    expect(contextMatches(withContexts, { team: 'red', plan: 'pro' }, nowMs)).toBe(false);
  });

  it('compares values as strings, as access fields report them', () => {
    expect(contextMatches(withContexts, { level: '3' }, nowMs)).toBe(true);
  });

  it('ignores expired context grants', () => {
    expect(contextMatches(withContexts, { secret: 'x' }, nowMs)).toBe(false);
    expect(contextMatches(withContexts, { secret: 'x' }, nowMs - 1)).toBe(true);
  });

  it('does not let a colon in a field name forge another field', () => {
    expect(contextMatches(withContexts, { a: 'b:c' }, nowMs)).toBe(false);
  });

  it('matches every user when nothing is required', () => {
    expect(contextMatches(user(), {}, nowMs)).toBe(true);
  });
});
