import { randomUUID } from 'node:crypto';
import type * as z from 'zod/mini';
import { nowMs } from '../core/clock';
import { failedPrecondition } from '../core/errors';
import { timelineSortKey } from '../db/key-parts';
import { keys } from '../db/keys';
import { decodePageToken, encodePageToken } from '../db/page-token';
import type { ApiKeyCaller } from '../http/caller';
import { prefetchable } from '../http/prefetchable';
import { isFenced } from '../plugins/fence';
import type { ActivityConfig } from '../settings/schemas';
import { getActivityConfig } from '../settings/service';
import {
  deleteActivities as deleteActivityItems,
  findActivities,
  listTimelineIds,
  putGivenActivity,
  putNewActivities,
  timelinePage,
  updateActivity,
} from './repository';
import type {
  Activity,
  ActivityRecord,
  addActivitiesInput,
  deleteActivitiesInput,
  GetActivities,
  updateActivitiesInput,
} from './schemas';

/** The activity config that writes prefetch (settings); the activities handlers call this domain alone. */
export { getActivityConfig };

type ItemResult = { success: boolean; message: string };

const activityView = ({ immutable: _immutable, ...record }: ActivityRecord): Activity => record;

const immutableMessage = (id: string) => `Activity ${id} is immutable and cannot be changed.`;

/**
 * Records activities (addendum §6): service-assigned ids unless given; a given id overwrites the
 * activity of that id, which makes retries idempotent, unless that activity is immutable. Activities
 * written while the activity config says `immutable` stay immutable. FAILED_PRECONDITION while the
 * activity service is disabled. Costs one GetItem (`activityConfig`: `getActivityConfig`, the route's
 * prefetch), one BatchWriteItem per 25 new ids and one TransactWriteItems (activity + judgment)
 * per given id (in parallel).
 */
export async function addActivities(
  caller: ApiKeyCaller,
  input: z.output<typeof addActivitiesInput>,
  activityConfig: Promise<ActivityConfig> = getActivityConfig(caller.apiKey),
) {
  const config = await activityConfig;
  if (!config.isEnabled) {
    throw failedPrecondition(
      'The activity service is disabled; send { activityServiceConfig: { isEnabled: true } } to activityconfig/update.',
    );
  }
  const now = nowMs();
  const activities = input.activities.map(({ id, ...activity }): ActivityRecord & { given: boolean } => ({
    ...activity,
    id: id ?? randomUUID(),
    given: id !== undefined,
    metadata: { apiKey: caller.apiKey, documentId: input.documentId, organizationId: input.organizationId },
    timestamp: now,
    ...(config.immutable && { immutable: true }),
  }));
  const stored = ({ given: _given, ...activity }: (typeof activities)[number]) => activity;
  const [written] = await Promise.all([
    Promise.all(
      activities
        .filter((activity) => activity.given)
        .map(
          async (activity) =>
            [activity.id, await putGivenActivity(caller.apiKey, stored(activity), now)] as const,
        ),
    ),
    putNewActivities(caller.apiKey, activities.filter((activity) => !activity.given).map(stored), now),
  ]);
  const refused = new Set(written.filter(([, ok]) => !ok).map(([id]) => id));
  return Object.fromEntries(
    activities.map((activity) => [
      activity.id,
      refused.has(activity.id)
        ? { success: false, id: activity.id, message: immutableMessage(activity.id) }
        : { success: true, id: activity.id, message: 'Activity added.' },
    ]),
  );
}

/** The timeline that serves a query: the narrowest indexed filter given (addendum §6, docs/data-model.md). */
function timelineFor(apiKey: string, input: GetActivities) {
  const { organizationId } = input;
  if (input.targetEntityId !== undefined)
    return [keys.activityTimeline(apiKey, organizationId, { by: 'target', id: input.targetEntityId })];
  if (input.documentId !== undefined)
    return [keys.activityTimeline(apiKey, organizationId, { by: 'document', id: input.documentId })];
  if (input.userId !== undefined)
    return [keys.activityTimeline(apiKey, organizationId, { by: 'user', id: input.userId })];
  if (input.featureTypes !== undefined)
    return [...new Set(input.featureTypes)].map((id) =>
      keys.activityTimeline(apiKey, organizationId, { by: 'feature', id }),
    );
  return [keys.activityTimeline(apiKey, organizationId, { by: 'organization' })];
}

/** Every filter of the query, as one predicate; the index has already applied one of them. */
function matcher(input: GetActivities) {
  const featureTypes = input.featureTypes && new Set<string>(input.featureTypes);
  const actionTypes = input.actionTypes && new Set(input.actionTypes);
  const activityIds = input.activityIds && new Set(input.activityIds);
  return (record: Activity) =>
    (input.documentId === undefined || record.metadata.documentId === input.documentId) &&
    (input.targetEntityId === undefined || record.targetEntityId === input.targetEntityId) &&
    (input.userId === undefined || record.actionUser.userId === input.userId) &&
    (!featureTypes || featureTypes.has(record.featureType)) &&
    (!actionTypes || actionTypes.has(record.actionType)) &&
    (!activityIds || activityIds.has(record.id));
}

type ActivityPage = { records: Activity[]; after?: string };

/** The page token's binding: the API key and the query without its paging. */
function pageBinding(apiKey: string, input: GetActivities) {
  const { pageSize: _pageSize, pageToken: _pageToken, ...query } = input;
  return { owner: `apiKey:${apiKey}`, query: { list: 'activities', ...query } };
}

/** One page of the query's activities that pass `keep`, from the page token's position. */
async function activityPage(
  apiKey: string,
  input: GetActivities,
  keep: (record: Activity) => boolean,
): Promise<ActivityPage> {
  const token = input.pageToken && decodePageToken(input.pageToken, pageBinding(apiKey, input));
  const after = token ? (token.after as string) : undefined;
  if (input.activityIds) return pageOfIds(apiKey, input, after, keep);
  const timelines = timelineFor(apiKey, input);
  return timelinePage({
    apiKey,
    index: timelines[0]!.index,
    partitions: timelines.map((timeline) => timeline.partition),
    order: input.order,
    after,
    pageSize: input.pageSize,
    keep,
  });
}

/**
 * A page of activity logs before the caller's fences apply (see `getActivities`): needs only the
 * API key and the input, so it is the route's `prefetch` and travels with the auth read
 * (decisions §43). INVALID_ARGUMENT for a page token of another key or query.
 */
export const readActivities = (apiKey: string, input: GetActivities) =>
  activityPage(apiKey, input, matcher(input));

/**
 * Activity logs (base #6): every filter combinable, ordered by timestamp, `pageSize` full pages.
 * A page is one Query on the timeline index of the narrowest filter (target entity, document, user,
 * feature type — one Query per requested type — or the organization's), or one BatchGet for
 * `activityIds`; the other filters are applied to what the index returns. The page token holds the
 * sort key to continue after, sealed and bound to the API key and the query (INVALID_ARGUMENT
 * otherwise). `read` is `readActivities`, started beside auth. A deleted document's activities are
 * invisible while they are erased: a page holding one is read again without them, so pages stay
 * full (rare: fences last seconds).
 */
export const getActivities = /* @__PURE__ */ prefetchable(readActivities, async (caller, input, read) => {
  const fenced = (record: Activity) => isFenced(caller, input.organizationId, record.metadata.documentId);
  const matches = matcher(input);
  let page = await read;
  if (page.records.some(fenced)) {
    page = await activityPage(caller.apiKey, input, (record) => matches(record) && !fenced(record));
  }
  return {
    data: page.records.map((record) => activityView(record as ActivityRecord)),
    pageToken:
      page.after === undefined
        ? undefined
        : encodePageToken({ after: page.after }, pageBinding(caller.apiKey, input)),
  };
});

/** A page of the activities named in `activityIds` (at most 100, one BatchGet), ordered like a timeline. */
async function pageOfIds(
  apiKey: string,
  input: GetActivities,
  after: string | undefined,
  keep: (record: Activity) => boolean,
) {
  const found = await findActivities(apiKey, input.organizationId, [...new Set(input.activityIds)]);
  const sortKey = (record: Activity) => timelineSortKey(record.timestamp, record.id);
  const direction = input.order === 'asc' ? 1 : -1;
  const ordered = found
    .filter(keep)
    .map((record) => ({ record, sortKey: sortKey(record) }))
    .filter((entry) => after === undefined || (entry.sortKey > after ? 1 : -1) === direction)
    .sort((a, b) => (a.sortKey > b.sortKey ? direction : -direction));
  const page = ordered.slice(0, input.pageSize);
  return {
    records: page.map((entry) => entry.record),
    after: ordered.length > input.pageSize ? page.at(-1)?.sortKey : undefined,
  };
}

/**
 * Changes activities' updatable fields (base #12): a missing or immutable activity is
 * `success: false` in the success body. One GetItem (`activityConfig`, the route's prefetch), then
 * one conditional UpdateItem per activity in parallel, each followed by its judgment's writes
 * (derived from the updated activity); nothing is written while the config says `immutable`.
 */
export async function updateActivities(
  caller: ApiKeyCaller,
  input: z.output<typeof updateActivitiesInput>,
  activityConfig: Promise<ActivityConfig> = getActivityConfig(caller.apiKey),
) {
  const config = await activityConfig;
  const now = nowMs();
  const results = await Promise.all(
    input.activities.map(async (change): Promise<[string, ItemResult]> => {
      const outcome = config.immutable
        ? 'immutable'
        : await updateActivity(caller.apiKey, input.organizationId, change, now);
      const message =
        outcome === 'updated'
          ? 'Activity updated.'
          : outcome === 'missing'
            ? `Activity ${change.id} does not exist.`
            : immutableMessage(change.id);
      return [change.id, { success: outcome === 'updated', message }];
    }),
  );
  return Object.fromEntries(results);
}

type DeleteActivities = z.output<typeof deleteActivitiesInput>;

/** The activities a delete by id names (one BatchGet), with whether each is immutable. */
const namedActivities = (apiKey: string, organizationId: string, activityIds: readonly string[]) =>
  findActivities(apiKey, organizationId, [...new Set(activityIds)]).then((found) =>
    found.map((activity) => ({ id: activity.id, immutable: activity.immutable === true })),
  );

/**
 * What activities.delete reads first: the activity config and, for a delete by id, the named
 * activities (one GetItem and one BatchGet, in parallel; a document's or target's timeline is not
 * bounded, so it is read after auth). Needs only the API key and the input, so it is the route's
 * `prefetch` and travels with the auth read (decisions §43).
 */
export const readActivitiesDelete = (apiKey: string, input: DeleteActivities) =>
  Promise.all([
    getActivityConfig(apiKey),
    input.activityIds ? namedActivities(apiKey, input.organizationId, input.activityIds) : undefined,
  ]);

/**
 * Deletes activities by id, or every activity of a document or target entity (addendum §6), except
 * immutable ones (`success: false`, like missing ids). `reads` (`readActivitiesDelete`: the config
 * and the named activities), or a Query of the timeline (keys only), then one BatchWriteItem per 25
 * deletions.
 */
export const deleteActivities = /* @__PURE__ */ prefetchable(
  readActivitiesDelete,
  async (caller, input, reads) => {
    const { apiKey } = caller;
    const { organizationId } = input;
    const [config, named] = await reads;
    const candidates =
      named ??
      (await listTimelineIds(
        input.documentId !== undefined
          ? keys.activityTimeline(apiKey, organizationId, { by: 'document', id: input.documentId })
          : keys.activityTimeline(apiKey, organizationId, {
              by: 'target',
              id: input.targetEntityId as string,
            }),
      ));
    const deletable = candidates
      .filter((activity) => !activity.immutable && !config.immutable)
      .map((a) => a.id);
    await deleteActivityItems(apiKey, organizationId, deletable, nowMs());
    const results: Record<string, ItemResult> = {};
    for (const id of input.activityIds ?? [])
      results[id] = { success: false, message: `Activity ${id} does not exist.` };
    for (const activity of candidates)
      results[activity.id] = { success: false, message: immutableMessage(activity.id) };
    for (const id of deletable) results[id] = { success: true, message: 'Activity deleted.' };
    return results;
  },
);
