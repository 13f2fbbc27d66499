import { env } from '../config/env';
import { nowMs } from '../core/clock';
import { ApiError, invalidArgument, notFound } from '../core/errors';
import { conflict, rereadRetry, retryOnConflict } from '../db/retry';
import { prefetchable } from '../http/prefetchable';
import { findDocuments } from '../organizations/repository';
import { sendToConnections } from '../sockets/broadcast';
import { listConnections } from '../sockets/repository';
import { addLiveState, findLiveStateIds } from './live-state-ids-repository';
import { type ExpectedLiveState, findLiveState, putLiveState } from './live-state-repository';
import { type BroadcastLiveStateInput, type LiveStateFrame, maxLiveStateBytes } from './schemas';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The last live-state value of the input's id, when it merges (one consistent GetItem). */
const lastToMerge = (apiKey: string, input: BroadcastLiveStateInput) =>
  input.merge
    ? findLiveState(apiKey, input.organizationId, input.documentId, input.liveStateDataId, nowMs())
    : Promise.resolve(undefined);

/** The document's live-state index: eventually consistent before the first attempt, consistent after. */
const countedIds = (apiKey: string, input: BroadcastLiveStateInput, consistent: boolean) =>
  findLiveStateIds(apiKey, input.organizationId, input.documentId, consistent);

/**
 * What livestate.broadcast reads first: the document, for a merge the last value, and the
 * document's live-state index (one BatchGet and one or two GetItems, in parallel). Needs only the
 * API key and the input, so it is the route's `prefetch` and travels with the auth read
 * (decisions §43).
 */
export const readLiveStateBroadcast = (apiKey: string, input: BroadcastLiveStateInput) =>
  Promise.all([
    findDocuments(apiKey, input.organizationId, [input.documentId]),
    lastToMerge(apiKey, input),
    countedIds(apiKey, input, false),
  ]);

/**
 * livestate/broadcast (addendum §9): stores the value (`merge`: shallow-merged over the last one,
 * when both are objects; otherwise replaced) under a version check, keeps it 24 h, and sends
 * `{ type: 'livestate', liveStateDataId, data, timestamp }` to every connection of the document.
 * The connections are listed after the write, so one joining meanwhile is either listed or reads
 * the new value when it joins. An id the document's live-state index counts is written alone (one
 * UpdateItem); a new one joins the index in the same transaction as its value, refused once the
 * document holds `REALTIME_MAX_LIVE_STATES_PER_DOCUMENT` live ids — the number a joiner reads, so
 * every stored value reaches joiners (decisions §60). `reads` is `readLiveStateBroadcast` (the
 * first attempt's read). Throws NOT_FOUND for an unknown document, INVALID_ARGUMENT when the
 * merged value would pass 64 KB, RESOURCE_EXHAUSTED for a new id at the cap, ABORTED when
 * concurrent writes keep winning.
 */
export const broadcastLiveState = /* @__PURE__ */ prefetchable(
  readLiveStateBroadcast,
  async (caller, input, reads): Promise<void> => {
    const { organizationId, documentId, liveStateDataId } = input;
    const [[document], firstLast, firstIds] = await reads;
    if (!document) throw notFound(`No document ${documentId} in organization ${organizationId}.`);
    const attempt = async (index: number) => {
      const [last, counted] =
        index === 0
          ? [firstLast, firstIds]
          : await Promise.all([lastToMerge(caller.apiKey, input), countedIds(caller.apiKey, input, true)]);
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
      const expected: ExpectedLiveState = input.merge ? last?.version : 'any';
      if (expected !== undefined && counted?.ids[liveStateDataId] !== undefined) {
        if (await putLiveState(caller.apiKey, organizationId, documentId, candidate, expected))
          return candidate;
        // A merge lost to another write: read again. A replace found its value gone: add it again.
        if (expected !== 'any') return conflict;
      }
      const addition = {
        apiKey: caller.apiKey,
        organizationId,
        documentId,
        frame: candidate,
        expected,
        cap: env().REALTIME_MAX_LIVE_STATES_PER_DOCUMENT,
      };
      return (await addLiveState(addition, counted)) ? candidate : conflict;
    };
    const frame = await retryOnConflict(rereadRetry, attempt, () => {
      throw new ApiError('ABORTED', `Live state ${liveStateDataId} is being changed concurrently; retry.`);
    });
    const members = await listConnections(caller.apiKey, { organizationId, documentId }, nowMs());
    await sendToConnections(caller.apiKey, organizationId, members, [JSON.stringify(frame)]);
  },
);
