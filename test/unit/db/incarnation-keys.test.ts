import { incarnationEntry, incarnationsWithin, withIncarnations } from '../../../shared/db/incarnations';
import { documentSegment, encodeKeyPart, organizationSegment } from '../../../shared/db/key-parts';
import { keys } from '../../../shared/db/keys';

const longId = 'x'.repeat(300);

/** Every org- or document-scoped key of one organization and document, as plain strings. */
const keysOf = (organizationId: string, documentId: string) =>
  JSON.stringify([
    keys.organization('ak', organizationId),
    keys.document('ak', organizationId, documentId),
    keys.userAccess('ak', organizationId, 'u'),
    keys.activity('ak', organizationId, 'a1'),
    keys.activityTimelines('ak', {
      organizationId,
      documentId,
      userId: 'u',
      targetEntityId: 't',
      featureType: 'comment',
      timestamp: 1,
      id: 'a1',
    }),
    keys.notification('ak', organizationId, 'n1'),
    keys.notificationDocumentListing('ak', {
      organizationId,
      documentId,
      createdAt: 1,
      notificationId: 'n1',
    }),
    keys.inboxEntry('ak', { organizationId, userId: 'u', createdAt: 1, notificationId: 'n1' }),
    keys.crdtHead('ak', organizationId, documentId, 'e'),
    keys.crdtOrganizationListing('ak', organizationId, documentId),
    keys.commentAnnotation('ak', organizationId, documentId, 'ann'),
    keys.commentAnnotationListing('ak', { organizationId, documentId, annotationId: 'ann' }, 'A#ann#A'),
    keys.judgment('ak', organizationId, 'a1'),
    keys.judgmentTimelines('ak', {
      organizationId,
      documentId,
      annotationId: 'ann',
      createdAt: 1,
      recordId: 'a1',
    }),
    keys.judgmentVectorPlacements('ak', { organizationId, documentId, type: 'review', recordId: 'a1' }),
    keys.migrationLock('ak', organizationId, documentId),
    keys.realtimeConnection('ak', { organizationId, documentId, editorId: 'e' }, 'c'),
    keys.realtimeRoomCount('ak', { organizationId, documentId, editorId: 'e' }),
    keys.liveState('ak', organizationId, documentId, 'cursor'),
    keys.userDataListing('ak', 'u', organizationId, 'comment', 'x'),
  ]);

describe('keys in incarnation 0', () => {
  it('are byte-identical to the keys every id had before incarnations (no migration of stored data)', () => {
    const bare = keysOf('org', 'doc');
    expect(withIncarnations({}, () => keysOf('org', 'doc'))).toBe(bare);
    // Another organization's or document's incarnation changes nothing here.
    expect(
      withIncarnations({ [incarnationEntry('other')]: 3, [incarnationEntry('org', 'other')]: 2 }, () =>
        keysOf('org', 'doc'),
      ),
    ).toBe(bare);
    expect(keys.crdtHead('ak', 'org', 'doc', 'e')).toEqual({ pk: 'AK#ak#ORG#org#CRDT#doc', sk: 'ED#e#HEAD' });
    expect(keys.liveState('ak', 'org', 'doc', 'c')).toEqual({ pk: 'AK#ak#ORG#org#RT', sk: 'LIVE#doc#c' });
  });
});

describe('keys in a later incarnation', () => {
  it('carry ~n in the organization segment and ~m in the document segment', () => {
    withIncarnations({ [incarnationEntry('org')]: 1, [incarnationEntry('org', 'doc')]: 2 }, () => {
      expect(keys.crdtHead('ak', 'org', 'doc', 'e')).toEqual({
        pk: 'AK#ak#ORG#org~1#CRDT#doc~2',
        sk: 'ED#e#HEAD',
      });
      expect(keys.liveState('ak', 'org', 'doc', 'c')).toEqual({
        pk: 'AK#ak#ORG#org~1#RT',
        sk: 'LIVE#doc~2#c',
      });
      expect(keys.userDataListing('ak', 'u', 'org', 'comment', 'x').gsi8sk).toBe('org~1#comment#x');
      // The organization listing sorts by the id itself: one listing entry whatever the incarnation.
      expect(keys.organizationListing('ak', 'org').gsi1sk).toBe('org');
    });
  });

  it('differ from every key of incarnation 0 and of each other incarnation', () => {
    const all = [0, 1, 2, 10].flatMap((n) =>
      [0, 1, 2].map((m) =>
        withIncarnations(
          {
            ...(n > 0 && { [incarnationEntry('org')]: n }),
            ...(m > 0 && { [incarnationEntry('org', 'doc')]: m }),
          },
          () => keysOf('org', 'doc'),
        ),
      ),
    );
    expect(new Set(all).size).toBe(all.length);
  });

  it('cannot collide with an id that contains ~ or is hashed for length', () => {
    // (id, incarnation) → segment is injective: a caller's `~` is percent-encoded, and a digest
    // (the only `~` encoding yields) starts the segment, the incarnation's `~` never does.
    const segments = new Set<string>();
    const pairs: [string, number][] = [
      ['a', 1],
      ['a~1', 0],
      ['a%7E1', 0],
      [longId, 0],
      [longId, 1],
      [`${longId}~1`, 0],
      [encodeKeyPart(longId), 0],
      [encodeKeyPart(longId).slice(1), 1],
    ];
    for (const [id, n] of pairs) {
      const incarnations = n > 0 ? { [incarnationEntry(id)]: n, [incarnationEntry('org', id)]: n } : {};
      withIncarnations(incarnations, () => {
        segments.add(organizationSegment(id));
        expect(documentSegment('org', id)).toBe(organizationSegment(id));
      });
    }
    expect(segments.size).toBe(pairs.length);
    expect(withIncarnations({ [incarnationEntry(longId)]: 1 }, () => organizationSegment(longId))).toMatch(
      /^~[A-Za-z0-9_-]{43}~1$/,
    );
  });
});

describe('incarnationsWithin', () => {
  it('keeps what a job about one organization or document needs, and nothing of other ids', () => {
    const map = {
      [incarnationEntry('org')]: 1,
      [incarnationEntry('org', 'doc')]: 2,
      [incarnationEntry('org', 'doc2')]: 3,
      [incarnationEntry('org2')]: 4,
      [incarnationEntry('org2', 'doc')]: 5,
      // An organization id that extends "org" is another organization.
      [incarnationEntry('org"x')]: 6,
    };
    expect(incarnationsWithin(map, 'org')).toEqual({
      [incarnationEntry('org')]: 1,
      [incarnationEntry('org', 'doc')]: 2,
      [incarnationEntry('org', 'doc2')]: 3,
    });
    expect(incarnationsWithin(map, 'org', 'doc')).toEqual({
      [incarnationEntry('org')]: 1,
      [incarnationEntry('org', 'doc')]: 2,
    });
    expect(incarnationsWithin(map, 'none')).toEqual({});
  });
});
