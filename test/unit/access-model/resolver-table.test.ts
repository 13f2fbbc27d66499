import {
  type AccessEntry,
  type AccessRole,
  type AccessType,
  accessRoles,
  accessTypes,
  type OrganizationTree,
  type ResourceEntries,
} from '../../../shared/access-model/model';
import { type AccessResource, resolveResource } from '../../../shared/access-model/resolver';
import { buildTree, createdAt, doc, folderOf, nowMs, nowS, user } from './fixtures';

/*
 * Every combination of effective access type (reached explicitly, by inheritance, or by default) ×
 * membership (level, role, expiry/staleness) × grant (level, role, expiry/staleness) × resource kind,
 * checked against `expectedOutcome`, which encodes the decision table of docs/access-control.md
 * directly — it never looks at a tree and never calls the resolver.
 */

type Kind = 'folder' | 'documentInFolder' | 'documentWithoutFolder';
type How = 'explicit' | 'inherited' | 'default';
type Level = 'organization' | 'ancestorFolder' | 'ownResource';
/** `past` and `stale` entries do not count; `future` ones are temporary. */
type Freshness = 'permanent' | 'future' | 'past' | 'stale';

interface EntrySpec {
  readonly level: Level;
  readonly role: AccessRole;
  readonly freshness: Freshness;
}

interface Scenario {
  readonly kind: Kind;
  readonly accessType: AccessType;
  readonly how: How;
  readonly membership?: EntrySpec;
  readonly grant?: EntrySpec;
}

interface Outcome {
  readonly access: boolean;
  readonly accessRole?: AccessRole;
  readonly expiresAt?: number;
}

// Distinct future expiries tell apart which entry decided.
const expiresAtOf = { membership: nowS + 1000, grant: nowS + 2000 } as const;

// ---- The decision table (docs/access-control.md §3), as data. ----

/** Access by effective type × best counting entry level. */
const accessTable: Record<AccessType, Record<Level | 'none', boolean>> = {
  public: { none: true, organization: true, ancestorFolder: true, ownResource: true },
  organizationPrivate: { none: false, organization: true, ancestorFolder: true, ownResource: true },
  restricted: { none: false, organization: false, ancestorFolder: true, ownResource: true },
};
/** More specific levels decide the role (§4). */
const specificity: Record<Level, number> = { organization: 1, ancestorFolder: 2, ownResource: 3 };

type CountingEntry = EntrySpec & { readonly kind: 'membership' | 'grant' };

/** The entry that decides (§3–4): counting entries only, most specific level first, grant first. */
function bestCountingEntry(scenario: Scenario): CountingEntry | undefined {
  const counting = [
    scenario.membership && { ...scenario.membership, kind: 'membership' as const },
    scenario.grant && { ...scenario.grant, kind: 'grant' as const },
  ].filter(
    (e): e is CountingEntry =>
      e !== undefined &&
      (e.freshness === 'permanent' || e.freshness === 'future') &&
      // A document without a folder has no ancestor folders: the fixture's folder entry is on an unrelated folder.
      !(e.level === 'ancestorFolder' && scenario.kind === 'documentWithoutFolder'),
  );
  const rank = (e: CountingEntry) => specificity[e.level] * 2 + (e.kind === 'grant' ? 1 : 0);
  return counting.sort((a, b) => rank(b) - rank(a))[0];
}

function expectedOutcome(scenario: Scenario): Outcome {
  const best = bestCountingEntry(scenario);
  if (!accessTable[scenario.accessType][best?.level ?? 'none']) return { access: false };
  return {
    access: true,
    accessRole: best?.role ?? 'editor',
    expiresAt: best?.freshness === 'future' ? expiresAtOf[best.kind] : undefined,
  };
}

// ---- Building the scenario as resolver input. ----

const differentType: Record<AccessType, AccessType> = {
  public: 'restricted',
  organizationPrivate: 'public',
  restricted: 'public',
};

/**
 * Folders: P (top level) > F. The folder resource is F, whose ancestor folder is P. Documents sit in
 * F, whose type comes from P by inheritance in the `inherited` case (two hops). Explicit settings are
 * set over a different inherited type, so that they have something to override.
 */
function treeFor({ kind, accessType, how }: Scenario): OrganizationTree {
  if (how === 'explicit' && kind === 'folder')
    return buildTree([
      { id: 'P', accessType: differentType[accessType] },
      { id: 'F', parent: 'P', accessType, inherit: true },
    ]);
  // An explicit document type is set on the document (resourceFor), over F's different type.
  if (how === 'explicit')
    return buildTree([{ id: 'P' }, { id: 'F', parent: 'P', accessType: differentType[accessType] }]);
  if (how === 'inherited')
    return buildTree([
      { id: 'P', accessType },
      { id: 'F', parent: 'P', inherit: true },
    ]);
  return buildTree([
    { id: 'P', accessType: 'restricted' },
    { id: 'F', parent: 'P' },
  ]);
}

function resourceFor(scenario: Scenario, tree: OrganizationTree): AccessResource {
  if (scenario.kind === 'folder') return { type: 'folder', folder: folderOf(tree, 'F') };
  const accessType = scenario.how === 'explicit' ? scenario.accessType : undefined;
  const folderId = scenario.kind === 'documentInFolder' ? 'F' : undefined;
  return { type: 'document', document: doc('D', folderId, accessType) };
}

function accessEntry(spec: EntrySpec, kind: 'membership' | 'grant'): AccessEntry {
  return {
    accessRole: spec.role,
    since: spec.freshness === 'stale' ? createdAt - 1 : createdAt + 1,
    expiresAt:
      spec.freshness === 'future' ? expiresAtOf[kind] : spec.freshness === 'past' ? nowS - 1 : undefined,
  };
}

function userFor(scenario: Scenario) {
  const organization: Record<string, AccessEntry> = {};
  const ancestor: Record<string, AccessEntry> = {};
  const own: Record<string, AccessEntry> = {};
  const byLevel: Record<Level, Record<string, AccessEntry>> = {
    organization,
    ancestorFolder: ancestor,
    ownResource: own,
  };
  if (scenario.membership)
    byLevel[scenario.membership.level].membership = accessEntry(scenario.membership, 'membership');
  if (scenario.grant) byLevel[scenario.grant.level].grant = accessEntry(scenario.grant, 'grant');
  const ancestorId = scenario.kind === 'folder' ? 'P' : 'F';
  const folders: Record<string, ResourceEntries> = { [ancestorId]: ancestor };
  if (scenario.kind === 'folder') folders.F = own;
  return user({
    organization,
    folders,
    documents: scenario.kind === 'folder' ? {} : { D: own },
  });
}

function actualOutcome(scenario: Scenario): Outcome & { accessType?: AccessType; errorCode?: string } {
  const tree = treeFor(scenario);
  const result = resolveResource(tree, userFor(scenario), resourceFor(scenario, tree), nowMs);
  if (result.errorCode !== undefined) {
    expect(result.error).toEqual(expect.any(String));
    expect(result.accessRole).toBeUndefined();
    return { access: false, accessType: result.accessType, errorCode: result.errorCode };
  }
  return {
    access: true,
    accessRole: result.accessRole,
    expiresAt: result.expiresAt,
    accessType: result.accessType,
  };
}

// ---- The combinations. ----

const levels: Level[] = ['organization', 'ancestorFolder', 'ownResource'];
const freshnesses: Freshness[] = ['permanent', 'future', 'past', 'stale'];
const entrySpecs: (EntrySpec | undefined)[] = [
  undefined,
  ...levels.flatMap((level) =>
    accessRoles.flatMap((role) => freshnesses.map((freshness) => ({ level, role, freshness }))),
  ),
];

function scenarios(kind: Kind, accessType: AccessType, how: How): Scenario[] {
  return entrySpecs.flatMap((membership) =>
    entrySpecs.map((grant) => ({ kind, accessType, how, membership, grant })),
  );
}

const cases: [Kind, AccessType, How][] = (
  ['folder', 'documentInFolder', 'documentWithoutFolder'] as const
).flatMap((kind) =>
  accessTypes.flatMap((accessType) =>
    (['explicit', 'inherited', 'default'] as const)
      .filter((how) => (how === 'default' ? accessType === 'public' : true))
      .filter((how) => !(how === 'inherited' && kind === 'documentWithoutFolder'))
      .map((how): [Kind, AccessType, How] => [kind, accessType, how]),
  ),
);

describe('resolveResource', () => {
  it.each(cases)('matches the decision table for a %s whose type is %s (%s)', (kind, accessType, how) => {
    const all = scenarios(kind, accessType, how);
    const mismatches = all
      .map((scenario) => ({ scenario, expected: expectedOutcome(scenario), actual: actualOutcome(scenario) }))
      .filter(({ expected, actual }) => {
        const reported = {
          access: actual.access,
          accessRole: actual.accessRole,
          expiresAt: actual.expiresAt,
        };
        const deniedCorrectly = actual.access || actual.errorCode === 'permission_denied';
        return actual.accessType !== accessType || !deniedCorrectly || !equalOutcomes(reported, expected);
      });
    expect(mismatches.slice(0, 5)).toEqual([]);
    expect(all).toHaveLength(entrySpecs.length ** 2);
  });

  it('exercises every row of the decision table', () => {
    const rows = new Set<string>();
    for (const [kind, accessType, how] of cases)
      for (const scenario of scenarios(kind, accessType, how)) {
        const outcome = expectedOutcome(scenario);
        rows.add(`${accessType}|${rowOf(scenario)}|${outcome.access}`);
      }
    // 3 types × 5 entry rows (none, organization membership/grant, ancestor folder, own resource).
    expect(rows.size).toBe(15);
  });
});

function equalOutcomes(a: Outcome, b: Outcome): boolean {
  return a.access === b.access && a.accessRole === b.accessRole && a.expiresAt === b.expiresAt;
}

/** The table row a scenario falls in, named as in the docs (used only to check coverage). */
function rowOf(scenario: Scenario): string {
  const best = bestCountingEntry(scenario);
  if (!best) return 'none';
  return best.level === 'organization' ? `organization ${best.kind}` : best.level;
}
