import { disableFailingEndpoint } from '../../../shared/webhooks/endpoint-service';
import { succeed } from '../../support/api';
import { deliverySuite } from '../../support/delivery';
import { waitFor } from '../../support/poll';
import { createWebhookWorkspace, endpointOnReceiver } from '../../support/webhooks';
import type { TestWorkspace } from '../../support/workspaces';

jest.setTimeout(120_000);

const suite = deliverySuite();
beforeAll(() => {
  suite.receiver.respond((_request, response) => response.writeHead(204).end());
});

const endpointEvents = ['endpoint.created', 'endpoint.updated', 'endpoint.deleted', 'endpoint.disabled'];

/** An endpoint on this file's receiver at a path of its own. */
const endpointAt = (workspace: TestWorkspace, name: string, fields: Record<string, unknown> = {}) =>
  endpointOnReceiver(workspace, suite.receiver.url, name, fields);

/** The operational events a receiver path got, as `[type, endpointId, reason?]`, in event-time order. */
const operationalAt = (path: string) =>
  suite
    .receivedAt(path)
    .map((request) => request.body)
    .filter((message) => endpointEvents.includes(message.event))
    .sort((a, b) => a.timestamp - b.timestamp)
    .map((message) => [message.event, message.data.endpointId, message.data.reason].filter(Boolean));

describe('operational webhooks about endpoints', () => {
  it('go, once per change, only to endpoints that name them, never to the endpoint they are about', async () => {
    const workspace = await createWebhookWorkspace();
    const watcher = await endpointAt(workspace, 'watcher', { filterTypes: endpointEvents });
    const everything = await endpointAt(workspace, 'everything');
    const subject = await endpointAt(workspace, 'subject', { uid: 'subject-uid' });
    const update = (fields: Record<string, unknown>) =>
      succeed(workspace, 'workspace.advancedwebhook.endpoints.update', {
        endpointId: subject.endpointId,
        ...fields,
      });
    await update({ description: 'renamed' });
    await update({ disabled: true });
    // Disabled already: an update, not a second disable.
    await update({ disabled: true, description: 'still off' });
    await update({ disabled: false });
    // Failing for 5 days, twice: one disable (the second finds it disabled).
    expect(await disableFailingEndpoint(workspace.apiKey, subject.endpointId)).toBe(true);
    expect(await disableFailingEndpoint(workspace.apiKey, subject.endpointId)).toBe(false);
    await succeed(workspace, 'workspace.advancedwebhook.endpoints.delete', {
      endpointId: subject.endpointId,
    });

    const expected = [
      ['endpoint.created', everything.endpointId],
      ['endpoint.created', subject.endpointId],
      ['endpoint.updated', subject.endpointId],
      ['endpoint.updated', subject.endpointId],
      ['endpoint.disabled', subject.endpointId, 'manual'],
      ['endpoint.updated', subject.endpointId],
      ['endpoint.updated', subject.endpointId],
      ['endpoint.disabled', subject.endpointId, 'failing'],
      ['endpoint.deleted', subject.endpointId],
    ];
    await waitFor(() => operationalAt(watcher.path).length >= expected.length);
    expect(operationalAt(watcher.path).sort()).toEqual([...expected].sort());
    const uids = suite
      .receivedAt(watcher.path)
      .filter((request) => request.body.data.endpointId === subject.endpointId)
      .map((request) => request.body.data.endpointUid);
    expect(new Set(uids)).toEqual(new Set(['subject-uid']));

    // The endpoint without filterTypes and the subject itself got none; the watcher none about itself.
    await succeed(workspace, 'workspace.webhooks.test', { endpointId: everything.endpointId });
    await waitFor(() => suite.receivedAt(everything.path).length > 0);
    expect(operationalAt(everything.path)).toEqual([]);
    expect(operationalAt(subject.path)).toEqual([]);
    expect(operationalAt(watcher.path).some(([, endpointId]) => endpointId === watcher.endpointId)).toBe(
      false,
    );
  });

  it("of one API key never reach another key's endpoints", async () => {
    const mine = await createWebhookWorkspace();
    const theirs = await createWebhookWorkspace();
    const theirWatcher = await endpointAt(theirs, 'their-watcher', { filterTypes: endpointEvents });
    const myWatcher = await endpointAt(mine, 'my-watcher', { filterTypes: endpointEvents });
    const created = await endpointAt(mine, 'mine');
    await waitFor(() => operationalAt(myWatcher.path).length === 1);
    expect(operationalAt(myWatcher.path)).toEqual([['endpoint.created', created.endpointId]]);
    expect(operationalAt(theirWatcher.path)).toEqual([]);
  });
});
