import type { ApiKeyCaller } from '../http/caller';
import { nowMs } from '../http/common-schemas';
import { ApiError, notFound } from '../http/errors';
import { findDocuments } from '../organizations/repository';
import { sendToConnections } from './broadcast';
import { findLiveState, putLiveState } from './live-state-repository';
import { listConnections } from './repository';
import type { BroadcastLiveStateInput, LiveStateFrame } from './schemas';

/** Optimistic-concurrency attempts of a merge before giving up with ABORTED. */
const maxAttempts = 5;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * livestate/broadcast (addendum §9): stores the value (`merge`: shallow-merged over the last one,
 * when both are objects; otherwise replaced) under a version check, keeps it 24 h, and sends
 * `{ type: 'livestate', liveStateDataId, data, timestamp }` to every connection of the document.
 * Throws NOT_FOUND for an unknown document, ABORTED when concurrent merges keep winning.
 */
export async function broadcastLiveState(
  caller: ApiKeyCaller,
  input: BroadcastLiveStateInput,
): Promise<void> {
  const { organizationId, documentId, liveStateDataId } = input;
  const [document] = await findDocuments(caller.apiKey, organizationId, [documentId]);
  if (!document) throw notFound(`No document ${documentId} in organization ${organizationId}.`);
  let frame: LiveStateFrame | undefined;
  for (let attempt = 0; attempt < maxAttempts && !frame; attempt += 1) {
    const now = nowMs();
    const last = input.merge
      ? await findLiveState(caller.apiKey, organizationId, documentId, liveStateDataId, now)
      : undefined;
    const data =
      input.merge && last && isObject(last.frame.data) && isObject(input.data)
        ? { ...last.frame.data, ...input.data }
        : input.data;
    const candidate: LiveStateFrame = { type: 'livestate', liveStateDataId, data, timestamp: now };
    const expected = input.merge ? last?.version : 'any';
    const stored = await putLiveState(caller.apiKey, organizationId, documentId, candidate, expected);
    if (stored) frame = candidate;
  }
  if (!frame)
    throw new ApiError('ABORTED', `Live state ${liveStateDataId} is being changed concurrently; retry.`);
  const members = await listConnections(caller.apiKey, { organizationId, documentId }, nowMs());
  await sendToConnections(caller.apiKey, organizationId, members, [JSON.stringify(frame)]);
}
