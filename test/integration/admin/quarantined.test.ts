import { dueHandlers } from '../../../functions/workers/due-handlers';
import { logger } from '../../../shared/core/logger';
import { openOrMarkEventWindow } from '../../../shared/crdt/repository';
import { eventWindowDueHandler, eventWindowMs } from '../../../shared/crdt/update-events';
import { batchGet } from '../../../shared/db/batch';
import { dueIndexKeys } from '../../../shared/db/entities/lifecycle';
import { keyOfQuarantineId } from '../../../shared/reconcile/quarantine';
import { reconcile } from '../../../shared/reconcile/reconciler';
import { listQuarantined, readQuarantined } from '../../../shared/reconcile/repository';
import { admin } from '../../support/admin';
import { succeed } from '../../support/api';
import { outboxEvents } from '../../support/outbox';
import { useOwnTable } from '../../support/own-table';
import { createTestWorkspace, type TestWorkspace } from '../../support/workspaces';
import { newEditor } from '../crdt/support';

/**
 * `npm run admin -- quarantined` and `release-quarantined` (decisions §62): due items the reconciler
 * quarantined are listed, released back into the due index, and handled by the next sweep.
 */
jest.setTimeout(60_000);

const log = logger.createChild({ persistentKeys: { test: 'admin-quarantined' } });
const hour = 60 * 60 * 1000;

// The sweeps and the quarantine span every tenant of the table: a table of its own.
beforeAll(() => useOwnTable('quarantine'));

/** The stack's due handlers, except that event windows fail while `failing` holds (an injected failure). */
let failing = true;
const handlers = dueHandlers.map((handler) =>
  handler.entity !== eventWindowDueHandler.entity
    ? handler
    : {
        entity: handler.entity,
        handle: async (...args: Parameters<typeof handler.handle>) => {
          if (failing) throw new Error('injected: the editor cannot be read');
          return handler.handle(...args);
        },
      },
);

/**
 * Pending event windows of `count` new editors, quarantined by the reconciler itself: five sweeps
 * whose handler fails, each after the back-off. Resolves to the editors and the time of the last sweep.
 */
async function quarantinedWindows(workspace: TestWorkspace, count: number) {
  const start = Date.now();
  const refs = Array.from({ length: count }, (_, index) => newEditor(`editor-${index}`));
  for (const ref of refs) {
    await succeed(workspace, 'crdt.add', { ...ref, type: 'text', data: `text of ${ref.editorId}` });
    await openOrMarkEventWindow(workspace.apiKey, ref, start, eventWindowMs);
    await openOrMarkEventWindow(workspace.apiKey, ref, start + 1, eventWindowMs);
  }
  failing = true;
  let at = start + eventWindowMs + 1_000;
  for (let sweep = 1; sweep <= 5; sweep += 1) {
    if (sweep > 1) at += hour;
    await reconcile(handlers, log, { now: at });
  }
  expect(await listQuarantined()).toHaveLength(count);
  return { refs, at };
}

/** The editors of the `crdt.update_data` events an API key published. */
const publishedEditors = async (apiKey: string) =>
  (await outboxEvents(apiKey))
    .filter((event) => event.event === 'crdt.update_data')
    .map((event) => event.data.editorId)
    .sort();

/** The count a release printed last: `<n> released...`. */
const releasedIn = (out: string[]) => Number(out.at(-1)?.match(/^(\d+) released/)?.[1]);

describe('npm run admin -- quarantined / release-quarantined', () => {
  it('lists a quarantined item with its entity, key, failures, time and error; released by id, the next sweep handles it', async () => {
    const workspace = await createTestWorkspace();
    const { refs, at } = await quarantinedWindows(workspace, 1);

    const listed = await admin('quarantined');
    expect({ code: listed.code, err: listed.err }).toEqual({ code: 0, err: [] });
    expect(listed.out).toHaveLength(2);
    const [id, entity, pk, sk, ...rest] = listed.out[0]!.split('  ');
    const key = keyOfQuarantineId(id!);
    const [stored] = await readQuarantined(key ? [key] : []);
    expect(stored).toMatchObject({ pk, sk, editorId: refs[0]!.editorId, apiKey: workspace.apiKey });
    expect(entity).toBe(eventWindowDueHandler.entity);
    expect(rest).toEqual([
      '5 failures',
      `failed ${new Date(at).toISOString()}`,
      'Error: injected: the editor cannot be read',
    ]);
    expect(listed.out[1]).toBe(
      '1 quarantined; once the cause is fixed: npm run admin -- release-quarantined <id> (or --all)',
    );

    const released = await admin('release-quarantined', id!);
    expect({ code: released.code, out: released.out }).toEqual({ code: 0, out: ['1 released.'] });
    expect(await listQuarantined()).toEqual([]);
    expect((await admin('quarantined')).out).toEqual(['0 quarantined.']);
    const [back] = await batchGet([key!]);
    // Back in its own shard of the due index.
    expect(back?.gsi7pk).toBe(dueIndexKeys(key!, 0).gsi7pk);
    for (const field of ['dueFailures', 'dueError', 'dueFailedAt', 'dueRetrySk']) {
      expect(back).not.toHaveProperty(field);
    }

    // Fixed: the next sweep (any time from now) publishes the window's event.
    failing = false;
    expect(await reconcile(handlers, log, { now: at })).toMatchObject({ crdtEventWindow: 1 });
    expect(await publishedEditors(workspace.apiKey)).toEqual([refs[0]!.editorId]);

    const again = await admin('release-quarantined', id!);
    expect({ code: again.code, out: again.out }).toEqual({
      code: 0,
      out: ['0 released; 1 not in the quarantine (released already, or moved by its own work).'],
    });
  });

  it('releases every item with --all, each once when two releases race, with a fresh failure count', async () => {
    const workspace = await createTestWorkspace();
    const { refs, at } = await quarantinedWindows(workspace, 3);

    const racing = await Promise.all([
      admin('release-quarantined', '--all'),
      admin('release-quarantined', '--all'),
    ]);
    expect(racing.map((result) => result.code)).toEqual([0, 0]);
    expect(releasedIn(racing[0]!.out) + releasedIn(racing[1]!.out)).toBe(3);
    expect(await listQuarantined()).toEqual([]);

    // Still failing: failure 1 of a new count backs them off instead of quarantining them again.
    expect(await reconcile(handlers, log, { now: at })).not.toHaveProperty('crdtEventWindow');
    expect(await listQuarantined()).toEqual([]);
    failing = false;
    expect(await reconcile(handlers, log, { now: at + hour })).toMatchObject({ crdtEventWindow: 3 });
    expect(await publishedEditors(workspace.apiKey)).toEqual(refs.map((ref) => ref.editorId).sort());

    expect((await admin('release-quarantined', '--all')).out.at(-1)).toBe('0 released.');
  });

  it('are listed by --help; release-quarantined --help shows its usage and --all', async () => {
    const help = (await admin('--help')).out.join('\n');
    expect(help).toMatch(/^ {2}quarantined +List the background jobs the service stopped retrying/m);
    expect(help).toMatch(/^ {2}release-quarantined +Retry jobs listed by quarantined/m);
    const own = await admin('release-quarantined', '--help');
    expect(own.code).toBe(0);
    expect(own.out[0]).toBe('Usage: npm run admin -- release-quarantined <id>... | --all');
    expect(own.out.join('\n')).toContain(
      '--all  Retry every job quarantined lists instead of the ids given.',
    );
  });

  it.each([
    [[], 'Give the ids to release (from `quarantined`), or --all.'],
    [['--all', 'some-id'], 'Give ids or --all, not both.'],
    [['not-an-id'], '"not-an-id" is not an id printed by quarantined.'],
    [['--every'], "Unknown option '--every'"],
  ])('refuses %j with a usage error', async (args, message) => {
    const result = await admin('release-quarantined', ...args);
    expect(result.code).toBe(2);
    expect(result.err[0]).toContain(message);
    expect(result.err[1]).toBe('Usage: npm run admin -- release-quarantined <id>... | --all');
  });
});
