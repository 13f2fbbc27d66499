import Ajv2020 from 'ajv/dist/2020';
import { notificationDigests } from '../../../functions/workers/due-handlers';
import { logger } from '../../../shared/core/logger';
import { reconcile } from '../../../shared/reconcile/reconciler';
import { disableFailingEndpoint } from '../../../shared/webhooks/endpoint-service';
import { operationalEventTypes } from '../../../shared/webhooks/event-schemas';
import { callAs, succeed } from '../../support/api';
import { deliverySuite } from '../../support/delivery';
import { dataOf } from '../../support/lambda';
import { waitFor } from '../../support/poll';
import { createWebhookWorkspace } from '../../support/webhooks';
import { createTestWorkspace, type TestWorkspace } from '../../support/workspaces';

jest.setTimeout(120_000);

const suite = deliverySuite();
/** An endpoint path that always answers 500 (its message is dead after 4 attempts), and one that fails a message's first attempt. */
const down = '/down';
const flaky = '/flaky';
const seen = new Set<string>();
beforeAll(() => {
  suite.receiver.respond((request, response) => {
    const attempt = `${request.url} ${request.headers['webhook-id']}`;
    const first = !seen.has(attempt);
    seen.add(attempt);
    response.writeHead(request.url === down || (first && request.url === flaky) ? 500 : 204).end();
  });
});

const alice = { userId: 'alice', name: 'Alice', email: 'alice@example.com' };
const bob = { userId: 'bob', name: 'Bob' };
const carol = { userId: 'carol', name: 'Carol', email: 'carol@example.com' };

/**
 * Makes the service send an event of every type it can, through its routes: a suggestion thread
 * tagging carol (written by an agent), a reply, its edit, a reaction and its removal, an annotation
 * update changing status, priority and assignee, an accepted and a rejected suggestion, a deleted
 * comment and annotation, CRDT content changed over REST, a digest of carol's unread notifications
 * (the reconciler's sweep, run as if the delay had passed), a test event, and an endpoint's life
 * (the operational events, to the endpoint that names them).
 */
async function sendEveryEventType(workspace: TestWorkspace, endpointId: string) {
  const doc = { organizationId: 'org-catalog', documentId: 'doc-catalog' };
  await succeed(workspace, 'workspace.notificationconfig.update', {
    digest: { isEnabled: true, delayMinutes: 5 },
  });
  const thread = { ...doc, annotationId: 'a1' };
  await succeed(workspace, 'commentannotations.add', {
    ...doc,
    createOrganization: true,
    createDocument: true,
    commentAnnotations: [
      {
        annotationId: 'a1',
        type: 'suggestion',
        context: { anchor: { paragraph: 3 } },
        commentData: [
          {
            commentId: 'c1',
            commentText: 'Suggest: shorter title, @carol?',
            from: alice,
            taggedUserContacts: [{ userId: 'carol', contact: carol, text: '@carol' }],
            agent: { agentId: 'reviewer', name: 'Reviewer', model: 'm-1', confidence: 0.8 },
          },
        ],
      },
      { annotationId: 'a2', type: 'suggestion', commentData: [{ commentText: 'Drop this?', from: bob }] },
    ],
  });
  await succeed(workspace, 'commentannotations.comments.add', {
    ...thread,
    commentData: [{ commentId: 'c2', commentHtml: '<p>Agreed</p>', from: bob }],
  });
  await succeed(workspace, 'commentannotations.comments.update', {
    ...thread,
    commentId: 'c2',
    commentText: 'Agreed, shorter is better',
    actionUser: bob,
  });
  const reaction = { ...thread, commentId: 'c1', icon: '🎉', actionUser: bob };
  await succeed(workspace, 'commentannotations.reactions.add', reaction);
  await succeed(workspace, 'commentannotations.reactions.delete', reaction);
  await succeed(workspace, 'commentannotations.update', {
    ...thread,
    status: 'in_progress',
    priority: 'high',
    assignedTo: carol,
    actionUser: alice,
  });
  await succeed(workspace, 'commentannotations.update', {
    ...thread,
    suggestionDecision: 'accept',
    actionUser: carol,
  });
  await succeed(workspace, 'commentannotations.update', {
    ...doc,
    annotationId: 'a2',
    suggestionDecision: 'reject',
    actionUser: alice,
  });
  await succeed(workspace, 'commentannotations.comments.delete', {
    ...thread,
    commentIds: ['c2'],
    actionUser: bob,
  });
  await succeed(workspace, 'commentannotations.delete', { ...doc, annotationIds: ['a2'], actionUser: alice });
  const editor = { ...doc, editorId: 'e1', type: 'map' };
  await succeed(workspace, 'crdt.add', { ...editor, data: { title: 'Draft' }, userId: 'alice' });
  await succeed(workspace, 'crdt.update', {
    ...editor,
    data: { title: 'Final', tags: ['a'] },
    userId: 'bob',
  });
  await succeed(workspace, 'notifications.add', {
    ...doc,
    actionUser: alice,
    notifyAll: false,
    notifyUsers: [carol],
    displayHeadlineMessageTemplate: '{actionUser} needs your review',
    displayHeadlineMessageTemplateData: { actionUser: alice },
    displayBodyMessage: 'The draft is ready.',
  });
  const delayed = Date.now() + 10 * 60_000;
  expect(await reconcile([notificationDigests], logger, { now: delayed })).toEqual({
    [notificationDigests.entity]: 1,
  });
  // The test event also goes, as the only event, to one endpoint that is down and one that recovers:
  // failing, exhausted, recovered.
  for (const path of [down, flaky]) {
    const { id } = await succeed(workspace, 'workspace.advancedwebhook.endpoints.create', {
      url: `${suite.receiver.url}${path.slice(1)}`,
      filterTypes: ['webhook.test'],
    });
    await succeed(workspace, 'workspace.webhooks.test', { endpointId: id });
  }
  await succeed(workspace, 'workspace.webhooks.test', { endpointId });
  // An endpoint's life: created, updated, disabled by the caller, then after failing (once enabled
  // again), deleted.
  const { id: subject } = await succeed(workspace, 'workspace.advancedwebhook.endpoints.create', {
    url: 'https://hooks.example.com/subject',
    uid: 'subject',
  });
  await succeed(workspace, 'workspace.advancedwebhook.endpoints.update', {
    endpointId: subject,
    disabled: true,
  });
  await succeed(workspace, 'workspace.advancedwebhook.endpoints.update', {
    endpointId: subject,
    disabled: false,
  });
  await disableFailingEndpoint(workspace.apiKey, subject);
  await succeed(workspace, 'workspace.advancedwebhook.endpoints.delete', { endpointId: subject });
}

describe('workspace.advancedwebhook.eventtypes.get', () => {
  it('describes every message the service sends: real messages of each type validate against its schema', async () => {
    const workspace = await createWebhookWorkspace();
    const path = `all-${workspace.apiKey}`;
    // Operational events go only to an endpoint that names them.
    const operationalPath = `operational-${workspace.apiKey}`;
    await succeed(workspace, 'workspace.advancedwebhook.endpoints.create', {
      url: `${suite.receiver.url}${operationalPath}`,
      filterTypes: [...operationalEventTypes],
    });
    const { id: endpointId } = await succeed(workspace, 'workspace.advancedwebhook.endpoints.create', {
      url: `${suite.receiver.url}${path}`,
    });
    const response = await callAs(workspace, 'workspace.advancedwebhook.eventtypes.get', {});
    const catalog = dataOf(response) as { name: string; schema: Record<string, unknown> }[];
    // Only the auth read: the catalog is built once per container.
    expect(response.db.commands).toEqual(['GetItem']);

    await sendEveryEventType(workspace, endpointId);
    const names = catalog.map((type) => type.name);
    const received = () => [...suite.receivedAt(path), ...suite.receivedAt(operationalPath)];
    const receivedTypes = () => new Set(received().map((request) => request.body.event as string));
    await waitFor(() => names.every((name) => receivedTypes().has(name)), 60_000);

    const ajv = new Ajv2020({ allErrors: true });
    const validators = new Map(catalog.map((type) => [type.name, ajv.compile(type.schema)]));
    for (const request of received()) {
      const validate = validators.get(request.body.event);
      expect({ event: request.body.event, known: validate !== undefined }).toEqual({
        event: request.body.event,
        known: true,
      });
      expect({ message: request.body, valid: validate?.(request.body), errors: validate?.errors }).toEqual({
        message: request.body,
        valid: true,
        errors: null,
      });
    }
  });

  it('answers the same catalog whether advanced webhooks are on or not, and refuses unknown fields', async () => {
    const off = await createTestWorkspace();
    const on = await createWebhookWorkspace();
    expect(await succeed(off, 'workspace.advancedwebhook.eventtypes.get', {})).toEqual(
      await succeed(on, 'workspace.advancedwebhook.eventtypes.get', {}),
    );
    const refused = await callAs(on, 'workspace.advancedwebhook.eventtypes.get', { name: 'comment.add' });
    expect(refused.json.error).toMatchObject({ status: 'INVALID_ARGUMENT' });
    expect(refused.json.error?.message).toContain('name');
  });
});
