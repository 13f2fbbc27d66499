import { callAs, succeed } from '../../support/api';
import { criticalPath } from '../../support/db-calls';
import { dataOf } from '../../support/lambda';
import { createTestWorkspace, type TestWorkspace } from '../../support/workspaces';
import { activity, addActivities, enableActivities, listActivities, organizationId } from './support';

let workspace: TestWorkspace;

beforeEach(async () => {
  workspace = await createTestWorkspace();
});

describe('activities.add', () => {
  beforeEach(() => enableActivities(workspace));

  it('stores records with service-assigned ids, epoch-ms timestamps and metadata', async () => {
    const before = Date.now();
    // Every optional field the contract names, stored as given.
    const optional = {
      targetEntityId: 'annotation-1',
      targetSubEntityId: 'comment-1',
      changes: { status: { from: 'open', to: 'resolved' } },
      entityData: { text: 'hello' },
      displayMessageTemplate: '{{user}} commented',
      displayMessageTemplateData: { user: { name: 'Alice' } },
      actionIcon: 'https://example.com/icon.png',
    };
    const results = await addActivities(workspace, 'doc', [activity(optional)]);
    const [id] = Object.keys(results);
    expect(results[id!]).toEqual({ success: true, id, message: expect.any(String) });
    const [stored] = await listActivities(workspace);
    expect(stored).toEqual({
      id,
      featureType: 'comment',
      actionType: 'comment.add',
      actionUser: { userId: 'alice', email: 'alice@example.com', name: 'Alice' },
      ...optional,
      metadata: { apiKey: workspace.apiKey, documentId: 'doc', organizationId },
      timestamp: expect.any(Number),
    });
    expect(stored!.timestamp).toBeGreaterThanOrEqual(before);
  });

  it('overwrites the activity of a given id instead of duplicating it', async () => {
    await addActivities(workspace, 'doc', [activity({ id: 'same', actionType: 'comment.add' })]);
    const results = await addActivities(workspace, 'doc', [
      activity({ id: 'same', actionType: 'comment.update' }),
    ]);
    expect(results.same).toMatchObject({ success: true, id: 'same' });
    const stored = await listActivities(workspace);
    expect(stored.map((record) => [record.id, record.actionType])).toEqual([['same', 'comment.update']]);
    expect(await listActivities(workspace, { featureTypes: ['comment'] })).toHaveLength(1);
  });

  it('refuses to overwrite an immutable activity, per item', async () => {
    await enableActivities(workspace, true);
    await addActivities(workspace, 'doc', [activity({ id: 'kept' })]);
    const results = await addActivities(workspace, 'doc', [
      activity({ id: 'kept', actionType: 'comment.update' }),
      activity({ id: 'fresh' }),
    ]);
    expect(results.kept).toMatchObject({ success: false });
    expect(results.fresh).toMatchObject({ success: true });
    const kept = (await listActivities(workspace, { activityIds: ['kept'] }))[0];
    expect(kept?.actionType).toBe('comment.add');
  });

  it('costs the config read, one BatchWriteItem for new ids and one TransactWriteItems (activity + judgment) per given id', async () => {
    const response = await callAs(workspace, 'activities.add', {
      organizationId,
      documentId: 'doc',
      activities: [activity(), activity(), activity({ id: 'given' })],
    });
    expect(response.db.commands.sort()).toEqual([
      'BatchWriteItem',
      'GetItem',
      'GetItem',
      'TransactWriteItems',
    ]);
    // The config read beside the auth read (prefetch), then the writes in parallel.
    expect(response.db.serialRoundTrips).toBe(2);
  });

  it.each([
    [
      'an unknown feature type',
      { activities: [activity({ featureType: 'poll' })] },
      'activities[0].featureType',
    ],
    [
      'a missing actionUser',
      { activities: [{ featureType: 'comment', actionType: 'x' }] },
      'activities[0].actionUser',
    ],
    ['an unknown field', { activities: [activity({ timestamp: 5 })] }, 'activities[0]'],
    ['duplicate ids', { activities: [activity({ id: 'a' }), activity({ id: 'a' })] }, 'activities[1].id'],
    ['no activities', { activities: [] }, 'activities'],
  ])('answers INVALID_ARGUMENT for %s and writes nothing', async (_case, data, field) => {
    const response = await callAs(workspace, 'activities.add', {
      organizationId,
      documentId: 'doc',
      ...data,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json.error?.status).toBe('INVALID_ARGUMENT');
    expect(response.json.error?.message).toContain(field);
    expect(await listActivities(workspace)).toEqual([]);
  });
});

describe('activities.add while the activity service is disabled', () => {
  it('answers FAILED_PRECONDITION and writes nothing', async () => {
    const response = await callAs(workspace, 'activities.add', {
      organizationId,
      documentId: 'doc',
      activities: [activity()],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json.error?.status).toBe('FAILED_PRECONDITION');
    expect(await listActivities(workspace)).toEqual([]);
  });
});

describe('activities.update', () => {
  beforeEach(async () => {
    await enableActivities(workspace);
    await addActivities(workspace, 'doc', [activity({ id: 'a1', entityData: { v: 1 } })]);
  });

  it('changes updatable fields and reports missing activities per item', async () => {
    const response = await callAs(workspace, 'activities.update', {
      organizationId,
      activities: [
        { id: 'a1', entityData: { v: 2 }, actionIcon: 'icon', changes: { text: { from: 'a', to: 'b' } } },
        { id: 'missing', entityData: {} },
      ],
    });
    // The config beside the auth read (prefetch); the updates in parallel, each followed by its
    // judgment's writes (derived from the updated activity, which only the update returns).
    expect(criticalPath(response)).toEqual({
      calls: { BatchWriteItem: 1, GetItem: 2, UpdateItem: 2 },
      serialRoundTrips: 3,
    });
    const results = dataOf(response);
    expect(results.a1).toEqual({ success: true, message: expect.any(String) });
    expect(results.missing).toEqual({ success: false, message: expect.stringContaining('does not exist') });
    const [stored] = await listActivities(workspace);
    expect(stored).toMatchObject({
      id: 'a1',
      entityData: { v: 2 },
      actionIcon: 'icon',
      changes: { text: { from: 'a', to: 'b' } },
      actionType: 'comment.add',
    });
  });

  it('refuses every change while activities are immutable', async () => {
    await enableActivities(workspace, true);
    const results = await succeed(workspace, 'activities.update', {
      organizationId,
      activities: [{ id: 'a1', entityData: { v: 3 } }],
    });
    expect(results.a1).toEqual({ success: false, message: expect.stringContaining('immutable') });
  });

  it('refuses to change an activity recorded while immutable, even after immutability is switched off', async () => {
    await enableActivities(workspace, true);
    await addActivities(workspace, 'doc', [activity({ id: 'sealed' })]);
    await enableActivities(workspace, false);
    const results = await succeed(workspace, 'activities.update', {
      organizationId,
      activities: [
        { id: 'sealed', entityData: {} },
        { id: 'a1', entityData: { v: 4 } },
      ],
    });
    expect(results.sealed).toMatchObject({ success: false, message: expect.stringContaining('immutable') });
    expect(results.a1).toMatchObject({ success: true });
  });

  it.each([
    ['a field that cannot change', [{ id: 'a1', featureType: 'reaction' }], 'activities[0]'],
    ['no field besides id', [{ id: 'a1' }], 'activities[0]'],
  ])('answers INVALID_ARGUMENT for %s', async (_case, activities, field) => {
    const response = await callAs(workspace, 'activities.update', { organizationId, activities });
    expect(response.json.error?.status).toBe('INVALID_ARGUMENT');
    expect(response.json.error?.message).toContain(field);
  });
});

describe('activities.delete', () => {
  beforeEach(async () => {
    await enableActivities(workspace);
    await addActivities(workspace, 'doc', [
      activity({ id: 'd1', targetEntityId: 't1' }),
      activity({ id: 'd2', targetEntityId: 't1' }),
      activity({ id: 'd3' }),
    ]);
    await addActivities(workspace, 'other', [activity({ id: 'o1', targetEntityId: 't1' })]);
  });

  const remaining = async () => (await listActivities(workspace)).map((record) => record.id).sort();

  it('deletes by id, reporting missing ids per item', async () => {
    const response = await callAs(workspace, 'activities.delete', {
      organizationId,
      activityIds: ['d1', 'nope'],
    });
    // The config and the named activities beside the auth read (prefetch), then the deletes.
    expect(response.db.commands.sort()).toEqual(['BatchGetItem', 'BatchWriteItem', 'GetItem', 'GetItem']);
    expect(response.db.serialRoundTrips).toBe(2);
    const results = dataOf(response);
    expect(results).toEqual({
      d1: { success: true, message: expect.any(String) },
      nope: { success: false, message: expect.stringContaining('does not exist') },
    });
    expect(await remaining()).toEqual(['d2', 'd3', 'o1']);
  });

  it("deletes a document's activities", async () => {
    const results = await succeed(workspace, 'activities.delete', { organizationId, documentId: 'doc' });
    expect(Object.keys(results).sort()).toEqual(['d1', 'd2', 'd3']);
    expect(await remaining()).toEqual(['o1']);
  });

  it("deletes a target entity's activities across documents", async () => {
    await succeed(workspace, 'activities.delete', { organizationId, targetEntityId: 't1' });
    expect(await remaining()).toEqual(['d3']);
  });

  it('keeps immutable activities and reports them per item', async () => {
    await enableActivities(workspace, true);
    const results = await succeed(workspace, 'activities.delete', { organizationId, documentId: 'doc' });
    expect(results.d1).toEqual({ success: false, message: expect.stringContaining('immutable') });
    expect(await remaining()).toEqual(['d1', 'd2', 'd3', 'o1']);
  });

  it('answers INVALID_ARGUMENT unless exactly one selector is given', async () => {
    const none = await callAs(workspace, 'activities.delete', { organizationId });
    const two = await callAs(workspace, 'activities.delete', {
      organizationId,
      documentId: 'doc',
      activityIds: ['d1'],
    });
    expect(none.json.error?.status).toBe('INVALID_ARGUMENT');
    expect(two.json.error?.status).toBe('INVALID_ARGUMENT');
    expect(await remaining()).toHaveLength(4);
  });
});
