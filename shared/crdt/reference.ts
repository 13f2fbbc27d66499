/** The reference's words for the crdt domain's routes (./routes.ts): see shared/http/reference.ts. */
import { domainReference } from '../http/reference';
import type { crdtContracts } from './contracts';

const broadcast =
  'Every open realtime connection to the editor receives the change as a Yjs update, and a `crdt.update_data` event is published to webhooks.';

export const crdtReference = domainReference<typeof crdtContracts>()({
  operations: {
    'crdt.add': `Stores the first content of an editor as a Yjs document (\`text\` as Y.Text, \`map\` as Y.Map, \`array\` as Y.Array, \`xml\` as Y.XmlFragment, under \`contentKey\`). \`ALREADY_EXISTS\` when the editor has content; use \`crdt/update\` then. ${broadcast} Bodies may be up to 4 MiB.`,
    'crdt.get':
      "Answers the content of one editor, or of every editor of the document when `editorId` is left out, as plain JSON in the shape of its `type`; with `format: 'yjs'`, as Yjs bytes for server-side tools (only what a holder of `stateVector` lacks, when it is given). An editor with no content yet answers an empty list.",
    'crdt.update': `Makes the editor's content equal to \`data\` by applying the smallest Yjs edit to the stored state, so edits that clients make at the same time are kept and every client merges the change; or applies a raw Yjs \`update\` as it is. \`NOT_FOUND\` when the editor has no content yet; \`INVALID_ARGUMENT\` when \`data\` does not match the editor's \`type\` or \`update\` is not a Yjs update; \`FAILED_PRECONDITION\` when the content would pass \`maxDocumentBytes\` (8 MiB encoded). ${broadcast} Bodies may be up to 4 MiB.`,
    'crdt.versions.create':
      "Stores the editor's content as it is now as a version (its Yjs state, not a JSON copy), named `name`. Versions are also made automatically (`auto: true`): of an editor's first content, and of the content after a change when the newest version is older than 30 minutes. `NOT_FOUND` when the editor has no content.",
    'crdt.versions.get':
      "Without `versionId`: a page of the editor's versions, newest first, without their content (an editor without versions answers an empty list). With `versionId`: that version and its content, as `crdt/get` shows content; `NOT_FOUND` when there is no such version.",
    'crdt.versions.restore': `Makes the editor's content equal to the version's by applying, as one forward Yjs edit, the difference to the content stored now: history is never rewound, and edits that arrive later apply on top. An automatic version of the content before is stored first. Restoring content the editor already has changes nothing and makes no version. \`NOT_FOUND\` when the editor has no content or the version does not exist. ${broadcast}`,
    'crdt.versions.delete':
      'Deletes the named versions of the editor. Each id is answered on its own: `success: false` for an id with no version.',
  },
  fields: {
    editorId: 'The editor: one piece of collaborative content in the document (your own id for it).',
    'data.type':
      'The kind of content: `text` or `xml` (`data` is a string), `map` (an object) or `array` (an array). It is fixed by the first content stored.',
    'result.data.type': 'The kind of content: `text`, `xml`, `map` or `array`.',
    'data.data': 'The whole new content, in the shape `type` asks for. Nested at most 30 levels deep.',
    'result.data.data': 'The content, as plain JSON in the shape of its `type`.',
    'data.format':
      "`json` (the default): each editor's content as plain JSON. `yjs`: each editor as Yjs bytes, `update` and `stateVector`.",
    'data.stateVector':
      "With `format: 'yjs'`: base64 of a Yjs state vector (`Y.encodeStateVector`) the caller holds; `update` then carries only what it lacks.",
    'data.update':
      'Instead of `data` (and `type`): base64 of a Yjs update (v1, as `Y.encodeStateAsUpdate` or an update event gives it), applied to the stored content as it is.',
    'result.data.update':
      "Base64 of the editor's state as one Yjs update (`Y.encodeStateAsUpdate`, v1), or of only what `stateVector` lacks.",
    'result.data.stateVector': "Base64 of the editor's Yjs state vector (`Y.encodeStateVector`).",
    contentKey:
      'The name of the Yjs root type the content lives under; `content` when left out. Use what your editor integration reads (some use `default`).',
    userId: 'Who made the change, answered by `crdt/get` as `lastUpdatedBy`.',
    'result.data.id': 'The editor id.',
    lastUpdate: 'When the content last changed, epoch milliseconds.',
    versionId: 'The version: the id `crdt/versions/create` answered or a listing shows.',
    versionIds: 'The versions to delete, 1–100 distinct ids.',
    name: "The version's name, up to 200 characters; null when none was given.",
    actionUser: 'Who acts: `userId`; other profile fields are not kept.',
    'actionUser.userId': "The acting user's id, kept as the version's `createdBy` (create).",
    createdAt: 'When the version was made, epoch milliseconds.',
    createdBy: 'The `userId` of the `actionUser` who made the version; null for automatic versions.',
    auto: 'Whether the version was made automatically (first content, a change 30 minutes after the newest version, before a restore).',
    bytes: "The size of the version's Yjs state, in bytes.",
    'crdt.versions.get: data.pageSize': 'Versions per page, 1–100; 20 when left out.',
    lastUpdatedBy:
      'Who made the last change (`userId` of the write, or the user of a realtime connection); null when unknown.',
  },
});
