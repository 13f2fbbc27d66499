import { nowMs } from '../core/clock';
import { nothingToErase, pagedEraser } from '../plugins/eraser';
import { closeMembers } from '../sockets/broadcast';
import { deletedCloseCode } from '../sockets/closing';
import { listConnections } from '../sockets/repository';
import { deleteLiveStates, deleteRoomCounts } from '../sockets/room-items';

/**
 * Erases a deleted organization's or document's connections, live state and room counts (deletion
 * cascade). The delete call closed the connections it found (`closeDeletedDocuments`); this finds
 * any left — a `$connect` that committed beside the delete, a call that crashed before closing — and
 * closes them (4404), deleting their items in any case. In AWS the erasure worker closes them
 * through the WebSocket management API (its queue declares `realtime`: `REALTIME_ENDPOINT` and
 * `execute-api:ManageConnections`), locally through the dev server's sockets. A close that fails is
 * logged and the items are deleted anyway: a socket without its items is inert (its frames are
 * ignored) until API Gateway ends it.
 */
export const realtimeEraser = pagedEraser('realtime', async (scope) => {
  const members = await listConnections(scope.apiKey, scope, nowMs());
  await closeMembers(
    scope.apiKey,
    scope.organizationId,
    members,
    deletedCloseCode,
    'The document was deleted.',
  );
  await deleteLiveStates(scope.apiKey, scope.organizationId, scope.documentId);
  await deleteRoomCounts(scope.apiKey, scope.organizationId, scope.documentId);
  return nothingToErase();
});
