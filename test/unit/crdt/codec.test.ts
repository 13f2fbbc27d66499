import * as Y from 'yjs';
import { applyValue, docFromUpdates, encodeState, jsonEqual, readValue } from '../../../shared/crdt/codec';
import type { CrdtType, CrdtValue } from '../../../shared/crdt/schemas';

/** A stored document (one snapshot) holding `value`. */
function stored(type: CrdtType, value: CrdtValue, key = 'content') {
  const doc = new Y.Doc();
  applyValue(doc, type, key, value);
  return encodeState(doc);
}

describe('codec', () => {
  it.each<[CrdtType, CrdtValue, CrdtValue]>([
    ['text', 'hello world', 'hello brave world'],
    ['xml', '<p>Hello</p>', '<p>Hello <b>you</b></p>'],
    ['map', { a: 1, b: { nested: [1, 2] }, gone: true }, { a: 1, b: { nested: [1, 3] }, added: 'x' }],
    ['array', [1, { two: 2 }, 3], [1, { two: 2 }, 'inserted', 3]],
  ])('round-trips %s values and turns one into another with an incremental update', (type, from, to) => {
    const snapshot = stored(type, from);
    const server = docFromUpdates([snapshot]);
    expect(readValue(server, { editorId: 'e', type: type, contentKey: 'content' })).toEqual(from);
    const delta = applyValue(server, type, 'content', to);
    expect(readValue(server, { editorId: 'e', type: type, contentKey: 'content' })).toEqual(to);
    const client = docFromUpdates([snapshot]);
    Y.applyUpdate(client, delta);
    expect(readValue(client, { editorId: 'e', type: type, contentKey: 'content' })).toEqual(to);
  });

  it('leaves unchanged text items alone, so a concurrent client edit merges in place', () => {
    const snapshot = stored('text', 'The quick fox jumps.');
    const server = docFromUpdates([snapshot]);
    const client = docFromUpdates([snapshot]);
    client.getText('content').insert(4, 'very ');
    const clientUpdate = Y.encodeStateAsUpdate(client, Y.encodeStateVector(server));
    const serverUpdate = applyValue(server, 'text', 'content', 'The quick fox jumps high.');
    Y.applyUpdate(client, serverUpdate);
    Y.applyUpdate(server, clientUpdate);
    expect(client.getText('content').toString()).toBe('The very quick fox jumps high.');
    expect(server.getText('content').toString()).toBe(client.getText('content').toString());
  });

  it('sets only changed map keys and deletes removed ones', () => {
    const server = docFromUpdates([stored('map', { keep: { deep: 1 }, change: 1, remove: 2 })]);
    const changedKeys: string[] = [];
    server.getMap('content').observe((event) => changedKeys.push(...event.keysChanged));
    applyValue(server, 'map', 'content', { keep: { deep: 1 }, change: 2, add: 3 });
    expect(changedKeys.sort()).toEqual(['add', 'change', 'remove']);
  });

  it('uses the content key as the name of the root type', () => {
    const doc = docFromUpdates([stored('text', 'under default', 'default')]);
    expect(doc.getText('default').toString()).toBe('under default');
    expect(doc.getText('content').toString()).toBe('');
  });

  it('reads an xml fragment that a client filled with elements, and replaces them on write', () => {
    const doc = new Y.Doc();
    const paragraph = new Y.XmlElement('p');
    paragraph.insert(0, [new Y.XmlText('client')]);
    doc.getXmlFragment('content').insert(0, [paragraph]);
    expect(readValue(doc, { editorId: 'e', type: 'xml', contentKey: 'content' })).toBe('<p>client</p>');
    applyValue(doc, 'xml', 'content', '<p>server</p>');
    expect(readValue(doc, { editorId: 'e', type: 'xml', contentKey: 'content' })).toBe('<p>server</p>');
  });

  it('compares JSON values deeply, ignoring key order', () => {
    expect(jsonEqual({ a: [1, { b: null }], c: 'x' }, { c: 'x', a: [1, { b: null }] })).toBe(true);
    expect(jsonEqual({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(jsonEqual([1, 2], { 0: 1, 1: 2 })).toBe(false);
    expect(jsonEqual(null, {})).toBe(false);
  });
});
