import type { ItemKey } from '../key-parts';
import { documentSegment, encodeKeyPart, join, organizationPartition, separator } from '../key-parts';
import { defineArea } from './definition';

/** A document's CRDT editors: heads, update and snapshot parts, event windows, versions. */
export const crdtArea = defineArea({
  entities: {
    crdtEditor: { indexes: ['gsi2', 'gsi8'] },
    crdtPart: {},
    crdtEventWindow: { indexes: ['gsi7'] },
    crdtVersion: { indexes: ['gsi8'] },
    crdtVersionPart: {},
  },
  accessPatterns: {
    crdtEditorsOfDocument: { index: 'table' },
    crdtEditorHead: { index: 'table' },
    crdtParts: { index: 'table' },
    crdtEventWindow: { index: ['table', 'gsi7'] },
    crdtVersionsOfEditor: { index: 'table' },
    crdtVersionParts: { index: 'table' },
  },
});

/** The keys of CRDT editors' items and the organization's listing of them. */
export const crdtKeys = {
  /**
   * The partition of a document's CRDT editors: every editor's head, appended updates and
   * snapshots, so one Query loads one editor (`crdtEditorPrefix`) or all of them (`crdtPrefix`).
   */
  crdtPartition: (apiKey: string, organizationId: string, documentId: string) =>
    join(organizationPartition(apiKey, organizationId), 'CRDT', documentSegment(organizationId, documentId)),
  crdtPrefix: 'ED#',
  /** Sort-key prefix of one editor's items; the encoded id cannot contain `#`, so no editor's prefix covers another's. */
  crdtEditorPrefix: (editorId: string) => `${join('ED', encodeKeyPart(editorId))}${separator}`,
  /** An editor's head (type, content key); its existence is what "the editor has data" means. */
  crdtHead: (apiKey: string, organizationId: string, documentId: string, editorId: string): ItemKey => ({
    pk: crdtKeys.crdtPartition(apiKey, organizationId, documentId),
    sk: join('ED', encodeKeyPart(editorId), 'HEAD'),
  }),
  /**
   * The `crdt.update_data` event window of an editor's client edits (coalescing, addendum §9). Its
   * sort key is outside `ED#`, so editor loads never read it.
   */
  crdtEventWindow: (
    apiKey: string,
    organizationId: string,
    documentId: string,
    editorId: string,
  ): ItemKey => ({
    pk: crdtKeys.crdtPartition(apiKey, organizationId, documentId),
    sk: join('EVWIN', encodeKeyPart(editorId)),
  }),
  /**
   * One part (≤ 350 KB) of a stored Yjs update: `LOG` for an appended update, `SNAP` for a
   * compacted snapshot. HEAD < LOG < SNAP in sort order, which compaction's safety relies on
   * (docs/decisions.md); record ids are time-ordered, part numbers zero-padded.
   */
  crdtPart: (
    apiKey: string,
    part: { organizationId: string; documentId: string; editorId: string },
    kind: 'LOG' | 'SNAP',
    recordId: string,
    index: number,
  ): ItemKey => ({
    pk: crdtKeys.crdtPartition(apiKey, part.organizationId, part.documentId),
    sk: join('ED', encodeKeyPart(part.editorId), kind, recordId, String(index).padStart(4, '0')),
  }),
  /**
   * Index keys (gsi2) listing an organization's CRDT partitions, one entry per editor head, so
   * erasing the organization finds every document with CRDT content without a Scan.
   */
  crdtOrganizationListing: (apiKey: string, organizationId: string, documentId: string) => ({
    gsi2pk: join(organizationPartition(apiKey, organizationId), 'CRDT'),
    gsi2sk: documentSegment(organizationId, documentId),
  }),
  crdtOrganizationListingPartition: (apiKey: string, organizationId: string) =>
    join(organizationPartition(apiKey, organizationId), 'CRDT'),
  /**
   * Sort-key prefix of an editor's version meta items (name, time, size; no bytes), in the document's
   * CRDT partition so erasure and migration cover them. Outside `ED#`, so editor loads never read
   * them; version ids are time-ordered, so a descending Query lists the newest first.
   */
  crdtVersionPrefix: (editorId: string) => `${join('VER', encodeKeyPart(editorId), 'M')}${separator}`,
  /** A version's meta item: committed last, so a version is listed only once all its parts are stored. */
  crdtVersion: (
    apiKey: string,
    ref: { organizationId: string; documentId: string; editorId: string },
    versionId: string,
  ): ItemKey => ({
    pk: crdtKeys.crdtPartition(apiKey, ref.organizationId, ref.documentId),
    sk: join('VER', encodeKeyPart(ref.editorId), 'M', encodeKeyPart(versionId)),
  }),
  /** Sort-key prefix of one version's parts, a range apart from the meta items (listings never read bytes). */
  crdtVersionPartPrefix: (editorId: string, versionId: string) =>
    `${join('VER', encodeKeyPart(editorId), 'P', encodeKeyPart(versionId))}${separator}`,
  /** One part (≤ 350 KB) of a version's Yjs bytes (`Y.encodeStateAsUpdate` of the editor then). */
  crdtVersionPart: (
    apiKey: string,
    ref: { organizationId: string; documentId: string; editorId: string },
    versionId: string,
    index: number,
  ): ItemKey => ({
    pk: crdtKeys.crdtPartition(apiKey, ref.organizationId, ref.documentId),
    sk: join(
      'VER',
      encodeKeyPart(ref.editorId),
      'P',
      encodeKeyPart(versionId),
      String(index).padStart(4, '0'),
    ),
  }),
} as const;
