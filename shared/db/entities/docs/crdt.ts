import { crdtArea } from '../crdt';
import { documentArea } from './definition';

/** What docs/data-model.md says of `crdtArea`: its title, item layouts and attributes, access patterns. */
export const crdtDocs = documentArea(crdtArea, {
  title: 'CRDT editors',
  entities: {
    crdtEditor: {
      pk: 'AK#<ak>#ORG#<org>#CRDT#<doc>',
      sk: 'ED#<editor>#HEAD',
      attributes:
        'organizationId, documentId, editorId, type, contentKey, newestVersionAt (when its newest version was made), createdAt, createdBy, updatedAt',
    },
    crdtPart: {
      pk: 'AK#<ak>#ORG#<org>#CRDT#<doc>',
      sk: ['ED#<editor>#LOG#<recordId>#<part>', 'ED#<editor>#SNAP#<recordId>#<part>'],
      attributes:
        'editorId, kind, recordId, sequence, part, partCount, bytes (binary, ≤ 350 KB), createdAt, updatedAt, updatedBy',
    },
    crdtEventWindow: {
      pk: 'AK#<ak>#ORG#<org>#CRDT#<doc>',
      sk: 'EVWIN#<editor>',
      attributes:
        'apiKey, organizationId, documentId, editorId, windowEndsAt, pending (gsi7pk/gsi7sk while pending: the reconciler publishes the trailing event), incarnations, createdAt, updatedAt',
    },
    crdtVersion: {
      pk: 'AK#<ak>#ORG#<org>#CRDT#<doc>',
      sk: 'VER#<editor>#M#<versionId>',
      attributes:
        "organizationId, documentId, editorId, versionId (time-ordered), name, type, contentKey, auto, bytes (a count), partCount, createdAt, createdBy (gsi8pk/gsi8sk when not null: the user's data), updatedAt",
    },
    crdtVersionPart: {
      pk: 'AK#<ak>#ORG#<org>#CRDT#<doc>',
      sk: 'VER#<editor>#P#<versionId>#<part>',
      attributes:
        'editorId, versionId, part, bytes (binary, ≤ 350 KB: `Y.encodeStateAsUpdate` of the editor), createdAt, updatedAt',
    },
  },
  accessPatterns: {
    crdtEditorsOfDocument: {
      pattern: 'CRDT editors of a document',
      pk: '`AK#<ak>#ORG#<org>#CRDT#<doc>`',
      sk: 'begins_with `ED#` (all) or `ED#<editor>#` (one)',
      operation: 'Query (consistent; one page per MB)',
      usedBy: '`crdt.get`, `crdt.update`',
    },
    crdtEditorHead: {
      pattern: 'CRDT editor head',
      pk: '`…#CRDT#<doc>`',
      sk: '`ED#<editor>#HEAD`',
      operation: 'Put `attribute_not_exists` in a transaction with the first snapshot part',
      usedBy: '`crdt.add`',
    },
    crdtParts: {
      pattern: 'CRDT update / snapshot parts',
      pk: '`…#CRDT#<doc>`',
      sk: '`ED#<editor>#LOG#<recordId>#<part>` / `…#SNAP#…`',
      operation:
        'BatchWriteItem (all parts but the last) + last part in the committing transaction; compaction: BatchWriteItem puts, then deletes',
      usedBy: '`crdt.add`, `crdt.update`',
    },
    crdtEventWindow: {
      pattern: 'CRDT event window of an editor',
      pk: '`…#CRDT#<doc>`',
      sk: '`EVWIN#<editor>`',
      operation:
        'UpdateItem, condition `windowEndsAt <= :now` (open) else mark pending in the due index; reconciler: UpdateItem condition `pending`',
      usedBy: 'client edits (coalesced `crdt.update_data`), reconciler',
    },
    crdtVersionsOfEditor: {
      pattern: 'Versions of a CRDT editor, newest first',
      pk: '`…#CRDT#<doc>`',
      sk: 'begins_with `VER#<editor>#M#` (list) or `VER#<editor>#M#<versionId>` (one)',
      operation:
        "Query descending with a projection (no bytes; a page of 1–100); GetItem; Put in the transaction that sets the head's `newestVersionAt` (condition: the value read); DeleteItem; after an automatic version, Query descending filtered to automatic ones (ids only) and a delete of each past `MAX_AUTO_VERSIONS`",
      usedBy: '`crdt.versions.*`, automatic versions of `crdt.add`, `crdt.update` and client edits',
    },
    crdtVersionParts: {
      pattern: 'Parts of one CRDT version',
      pk: '`…#CRDT#<doc>`',
      sk: 'begins_with `VER#<editor>#P#<versionId>#`',
      operation:
        'Query (consistent); BatchWriteItem (all parts but the last) + last part in the committing transaction',
      usedBy: '`crdt.versions.get` (one), `crdt.versions.restore`, `crdt.versions.delete`',
    },
  },
});
