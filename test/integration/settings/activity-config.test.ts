import { handler as getHandler } from '../../../functions/settings/workspace-activityconfig-get';
import { handler as updateHandler } from '../../../functions/settings/workspace-activityconfig-update';
import { commentActivityActions } from '../../../shared/settings/merge';
import { call, dataOf } from '../../support/lambda';
import { createTestWorkspace, type TestWorkspace } from '../../support/workspaces';

const update = (workspace: TestWorkspace, activityServiceConfig: unknown) =>
  call(updateHandler, { headers: workspace.apiKeyHeaders, data: { activityServiceConfig } });
const read = async (workspace: TestWorkspace) =>
  dataOf(await call(getHandler, { headers: workspace.apiKeyHeaders })).activityServiceConfig;

const allCommentTriggers = Object.fromEntries(commentActivityActions.map((action) => [action, true]));

describe('workspace.activityconfig.get', () => {
  it('returns { isEnabled: false } when never configured, with one read beside the auth read', async () => {
    const workspace = await createTestWorkspace();
    const response = await call(getHandler, { headers: workspace.apiKeyHeaders });
    expect(dataOf(response)).toEqual({ activityServiceConfig: { isEnabled: false } });
    expect(response.db.commands).toEqual(['GetItem', 'GetItem']);
    // The config read starts together with the auth read (prefetch).
    expect(response.db.serialRoundTrips).toBe(1);
  });
});

describe('workspace.activityconfig.update', () => {
  it('seeds every comment trigger and immutable on the first enable', async () => {
    const workspace = await createTestWorkspace();
    const response = await update(workspace, { isEnabled: true });
    expect(dataOf(response)).toEqual({
      activityServiceConfig: { isEnabled: true, immutable: true, triggers: { comment: allCommentTriggers } },
    });
    expect(allCommentTriggers.added).toBe(true);
    expect(response.db.commands).toEqual(['GetItem', 'GetItem', 'PutItem']);
    expect(response.db.serialRoundTrips).toBe(2);
  });

  it('merges request values over the seed', async () => {
    const workspace = await createTestWorkspace();
    const response = await update(workspace, {
      isEnabled: true,
      immutable: false,
      triggers: { comment: { deleted: false }, reaction: { added: true } },
    });
    expect(dataOf(response).activityServiceConfig).toEqual({
      isEnabled: true,
      immutable: false,
      triggers: { comment: { ...allCommentTriggers, deleted: false }, reaction: { added: true } },
    });
  });

  it('keeps what a partial update does not send', async () => {
    const workspace = await createTestWorkspace();
    await update(workspace, { isEnabled: true });
    await update(workspace, { triggers: { comment: { updated: false } } });
    await update(workspace, { isEnabled: false });
    expect(await read(workspace)).toEqual({
      isEnabled: false,
      immutable: true,
      triggers: { comment: { ...allCommentTriggers, updated: false } },
    });
  });

  // 20 writers contend for one item: the last may need many read-merge-write rounds.
  it('keeps all of 20 parallel partial updates that each set a different trigger', async () => {
    const workspace = await createTestWorkspace();
    await update(workspace, { isEnabled: true });
    const actions = Array.from({ length: 20 }, (_, index) => `custom${index}`);
    const responses = await Promise.all(
      actions.map((action) => update(workspace, { triggers: { custom: { [action]: true } } })),
    );
    for (const response of responses) expect(response.statusCode).toBe(200);
    const config = await read(workspace);
    expect(config.triggers.custom).toEqual(Object.fromEntries(actions.map((action) => [action, true])));
    expect(config.triggers.comment).toEqual(allCommentTriggers);
  }, 30_000);

  it.each([
    ['a missing activityServiceConfig', undefined, 'activityServiceConfig: required'],
    ['no field', {}, 'activityServiceConfig: send at least one of isEnabled, immutable, triggers'],
    [
      'a non-boolean trigger',
      { triggers: { comment: { added: 'on' } } },
      'activityServiceConfig.triggers.comment.added: Invalid input: expected boolean, received string',
    ],
    ['an unknown field', { isEnabled: true, mode: 'x' }, 'activityServiceConfig.mode: unknown field mode'],
  ])('refuses %s with INVALID_ARGUMENT naming the field', async (_label, config, message) => {
    const workspace = await createTestWorkspace();
    const response = await update(workspace, config);
    expect(response.statusCode).toBe(400);
    expect(response.json.error).toMatchObject({ status: 'INVALID_ARGUMENT', message });
  });
});
