import { nowMs } from '../core/clock';
import { ApiError, invalidArgument, notFound } from '../core/errors';
import { conflict, rereadRetry, retryOnConflict } from '../db/retry';
import { prefetchable } from '../http/prefetchable';
import { findDocuments } from '../organizations/repository';
import { sendToConnections } from '../sockets/broadcast';
import { listConnections } from '../sockets/repository';
import { findLiveState, putLiveState } from './live-state-repository';
import { type BroadcastLiveStateInput, type LiveStateFrame, maxLiveStateBytes } from './schemas';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The last live-state value of the input's id, when it merges (one consistent GetItem). */
const lastToMerge = (apiKey: string, input: BroadcastLiveStateInput) =>
  input.merge
    ? findLiveState(apiKey, input.organizationId, input.documentId, input.liveStateDataId, nowMs())
    : Promise.resolve(undefined);

/**
 * What livestate.broadcast reads first: the document and, for a merge, the last value (one
 * BatchGet and one GetItem, in parallel). Needs only the API key and the input, so it is the
 * route's `prefetch` and travels with the auth read (decisions §43).
 */
export const readLiveStateBroadcast = (apiKey: string, input: BroadcastLiveStateInput) =>
  Promise.all([findDocuments(apiKey, input.organizationId, [input.documentId]), lastToMerge(apiKey, input)]);

/**
 * livestate/broadcast (addendum §9): stores the value (`merge`: shallow-merged over the last one,
 * when both are objects; otherwise replaced) under a version check, keeps it 24 h, and sends
 * `{ type: 'livestate', liveStateDataId, data, timestamp }` to every connection of the document.
 * The connections are listed after the write, so one joining meanwhile is either listed or reads
 * the new value when it joins. `reads` is `readLiveStateBroadcast` (the first attempt's read).
 * Throws NOT_FOUND for an unknown document, INVALID_ARGUMENT when the merged value would pass
 * 64 KB, ABORTED when concurrent merges keep winning.
 */
export const broadcastLiveState = /* @__PURE__ */ prefetchable(
  readLiveStateBroadcast,
  async (caller, input, reads): Promise<void> => {
    const { organizationId, documentId, liveStateDataId } = input;
    const [[document], firstLast] = await reads;
    if (!document) throw notFound(`No document ${documentId} in organization ${organizationId}.`);
    const attempt = async (index: number) => {
      const last = index === 0 ? firstLast : await lastToMerge(caller.apiKey, input);
      const now = nowMs();
      const data =
        input.merge && last && isObject(last.frame.data) && isObject(input.data)
          ? { ...last.frame.data, ...input.data }
          : input.data;
      // Merging can grow a value past the input's own limit: the stored value keeps it too, so
      // every live-state frame stays far below API Gateway's 128 KB.
      if (Buffer.byteLength(JSON.stringify(data)) > maxLiveStateBytes)
        throw invalidArgument(
          `data: the merged value must be JSON of at most ${maxLiveStateBytes / 1024} KB`,
        );
      const candidate: LiveStateFrame = { type: 'livestate', liveStateDataId, data, timestamp: now };
      const expected = input.merge ? last?.version : 'any';
      const stored = await putLiveState(caller.apiKey, organizationId, documentId, candidate, expected);
      return stored ? candidate : conflict;
    };
    const frame = await retryOnConflict(rereadRetry, attempt, () => {
      throw new ApiError('ABORTED', `Live state ${liveStateDataId} is being changed concurrently; retry.`);
    });
    const members = await listConnections(caller.apiKey, { organizationId, documentId }, nowMs());
    await sendToConnections(caller.apiKey, organizationId, members, [JSON.stringify(frame)]);
  },
);
