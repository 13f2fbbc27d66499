import * as decoding from 'lib0/decoding';
import WebSocket from 'ws';
import { maxNestingDepth } from '../../../shared/crdt/depth';
import { framesOf, messageType, syncUpdateMessage } from '../../../shared/sockets/broadcast';
import { decodeBase64 } from '../../../shared/sockets/frames';
import { succeed } from '../../support/api';
import { waitFor } from '../../support/poll';
import { seedDocument, useRealtimeSession, userToken } from '../../support/realtime';
import { createTestWorkspace } from '../../support/workspaces';
import { nestedMapsUpdate, storedUpdates } from '../crdt/support';

/** Issue 27: a WebSocket update nesting 5,000 Y.Maps is refused, not stored, and the room stays readable. */
jest.setTimeout(60_000);

const session = useRealtimeSession(createTestWorkspace);

/** A raw socket in the room; collects the auth messages' `permission-denied` reasons it receives. */
async function rawSocket(params: { organizationId: string; documentId: string; editorId: string }) {
  const token = await userToken(session.workspace, 'mallory');
  const query = new URLSearchParams({ apiKey: session.workspace.apiKey, token, ...params });
  const socket = new WebSocket(`${session.server.url.replace('http', 'ws')}/v2/realtime?${query}`);
  const denied: string[] = [];
  socket.on('message', (data) => {
    const text = String(data);
    if (text.startsWith('{') || text.startsWith('~')) return;
    const decoder = decoding.createDecoder(decodeBase64(text) ?? new Uint8Array());
    if (decoding.readVarUint(decoder) !== messageType.auth) return;
    if (decoding.readVarUint(decoder) === 0) denied.push(decoding.readVarString(decoder));
  });
  await new Promise((done, fail) => {
    socket.once('open', done);
    socket.once('error', fail);
  });
  return { socket, denied };
}

describe('realtime: content nesting (issue 27)', () => {
  it('refuses an update nesting 5,000 Y.Maps with permission-denied and stores nothing; the editor stays readable', async () => {
    const params = { ...(await seedDocument(session.workspace)), editorId: 'body' };
    const { socket, denied } = await rawSocket(params);
    try {
      for (const frame of framesOf(syncUpdateMessage(nestedMapsUpdate(5000)))) socket.send(frame);
      await waitFor(() => denied.length > 0, 20_000, 'permission-denied');
      expect(denied[0]).toContain(`${maxNestingDepth} levels`);
      expect(await storedUpdates(session.workspace.apiKey, params)).toHaveLength(0);
      expect(await succeed(session.workspace, 'crdt.get', params)).toEqual([]);

      // Content at the limit is stored and readable.
      for (const frame of framesOf(syncUpdateMessage(nestedMapsUpdate(maxNestingDepth)))) socket.send(frame);
      await waitFor(async () => (await storedUpdates(session.workspace.apiKey, params)).length === 1);
      const [editor] = await succeed(session.workspace, 'crdt.get', params);
      expect(editor.type).toBe('map');
      expect(denied).toHaveLength(1);
    } finally {
      socket.close();
    }
  });
});
