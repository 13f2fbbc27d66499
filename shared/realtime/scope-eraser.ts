import { nothingToErase, pagedEraser } from '../plugins/eraser';
import { deleteLiveStates, deleteRoomCounts } from './live-state-repository';

/**
 * Erases a deleted organization's or document's live state and room counts (deletion cascade). Its connections are
 * closed (4404) by the delete call itself (`closeDeletedDocuments`), which also forgets the live
 * state; the job repeats the erasure, so a crash right after the call's transaction leaves nothing.
 * The worker does not post to connections: it has no WebSocket management grant.
 */
export const realtimeEraser = pagedEraser('realtime', async (scope) => {
  await deleteLiveStates(scope.apiKey, scope.organizationId, scope.documentId);
  await deleteRoomCounts(scope.apiKey, scope.organizationId, scope.documentId);
  return nothingToErase();
});
