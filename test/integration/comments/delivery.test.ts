import { Webhook } from 'standardwebhooks';
import { createEndpoint, getEndpointSecret } from '../../../shared/webhooks/endpoint-service';
import { endpointTarget } from '../../../shared/webhooks/message-schemas';
import { succeed } from '../../support/api';
import { deliverySuite } from '../../support/delivery';
import { alice, bob, carol } from '../../support/people';
import { waitFor } from '../../support/poll';
import {
  commentReviewEvents,
  createWebhookWorkspace,
  deliveredTo,
  expectNoUnrecordedCopies,
} from '../../support/webhooks';
import type { TestWorkspace } from '../../support/workspaces';
import { comment, createDocument, documentId, enableActivities, organizationId } from './support';

jest.setTimeout(120_000);

const suite = deliverySuite();
let workspace: TestWorkspace;
beforeAll(async () => {
  workspace = await createWebhookWorkspace();
});

describe('comments as the source of webhook deliveries, activities and notifications', () => {
  it('delivers every change of a review, signed, to basic and advanced webhooks, records activities and notifies the tagged user', async () => {
    const { receiver } = suite;
    const at = (path: string) => deliveredTo(receiver, path);
    await createDocument(workspace);
    await enableActivities(workspace);
    await succeed(workspace, 'workspace.webhookconfig.update', {
      useWebhookService: true,
      webhookServiceConfig: {
        rawNotificationUrl: `${receiver.url}raw`,
        processedNotificationUrl: `${receiver.url}processed`,
        authToken: 'basic-token',
        // Opt-in trigger (off by default).
        triggers: { 'comment_annotation.suggestion_accept': true },
      },
    });
    const endpoint = await createEndpoint(workspace.apiKey, { url: `${receiver.url}advanced` });
    const secret = (await getEndpointSecret(workspace.apiKey, endpoint.id)).secret as string;
    const thread = { organizationId, documentId, annotationId: 'review' };

    await succeed(workspace, 'commentannotations.add', {
      organizationId,
      documentId,
      commentAnnotations: [
        {
          annotationId: 'review',
          type: 'suggestion',
          commentData: [comment(alice, { commentId: 'c1', commentText: 'Rename x to total' })],
        },
      ],
    });
    await succeed(workspace, 'commentannotations.comments.add', {
      ...thread,
      commentData: [
        comment(bob, {
          commentId: 'c2',
          commentText: '@carol agree?',
          taggedUserContacts: [{ userId: 'carol', contact: carol }],
          triggerNotification: true,
        }),
      ],
    });
    await succeed(workspace, 'commentannotations.update', {
      ...thread,
      status: 'in_progress',
      actionUser: alice,
    });
    await succeed(workspace, 'commentannotations.reactions.add', {
      ...thread,
      commentId: 'c2',
      icon: '👍',
      actionUser: carol,
    });
    await succeed(workspace, 'commentannotations.update', {
      ...thread,
      suggestionDecision: 'accept',
      actionUser: alice,
    });

    const expected = commentReviewEvents;
    await waitFor(
      () => at('advanced').length === 5 && at('raw').length === 5 && at('processed').length === 5,
    );

    // Repeated copies (deduplicated by deliveredTo) are only retries the pipeline recorded.
    await expectNoUnrecordedCopies(workspace.apiKey, receiver, 'advanced', endpointTarget(endpoint.id));
    await expectNoUnrecordedCopies(workspace.apiKey, receiver, 'raw', 'basic:raw');
    await expectNoUnrecordedCopies(workspace.apiKey, receiver, 'processed', 'basic:processed');

    // Advanced: Standard Webhooks signatures, channels-bearing messages in order of the changes.
    const advanced = at('advanced');
    expect(advanced.map((request) => request.body.event)).toEqual(expected);
    const verifier = new Webhook(secret);
    for (const request of advanced) {
      expect(verifier.verify(request.raw, request.headers as Record<string, string>)).toMatchObject({
        id: request.headers['webhook-id'],
      });
    }
    expect(advanced[2]!.body.data).toMatchObject({
      annotationId: 'review',
      oldStatus: 'open',
      newStatus: 'in_progress',
      actionUser: alice,
      metadata: { apiKey: workspace.apiKey, organizationId, documentId },
    });
    expect(advanced[3]!.body.data).toMatchObject({
      targetComment: { commentId: 'c2' },
      reaction: { icon: '👍' },
    });

    // Basic: the raw message as published, the processed one with resolved recipients.
    const raw = at('raw');
    const processed = at('processed');
    expect(raw.map((request) => request.body.event)).toEqual(expected);
    expect(processed.map((request) => request.body.event)).toEqual(expected);
    expect(raw[0]!.headers.authorization).toBe('Basic basic-token');
    expect(raw[1]!.body.toUsers).toBeUndefined();
    const recipients = (index: number) =>
      processed[index]!.body.toUsers.map((user: { userId: string }) => user.userId).sort();
    expect(recipients(0)).toEqual([]);
    expect(recipients(1)).toEqual(['alice', 'carol']);
    expect(processed[1]!.body.toUsers).toContainEqual({
      userId: 'carol',
      name: 'Carol',
      email: 'carol@example.com',
    });
    expect(recipients(3)).toEqual(['alice', 'bob']);
    expect(processed.map((request) => request.body.id)).toEqual(advanced.map((request) => request.body.id));

    // Activities: one per change, in order, with the agreed shape.
    const activities = await succeed(workspace, 'activities.get', {
      organizationId,
      documentId,
      order: 'asc',
    });
    expect(activities.map((activity: { actionType: string }) => activity.actionType)).toEqual(expected);
    expect(activities[4]).toMatchObject({
      featureType: 'comment',
      actionUser: alice,
      targetEntityId: 'review',
      changes: { suggestionDecision: { from: null, to: 'accept' } },
      entityData: {
        annotationId: 'review',
        type: 'suggestion',
        status: 'in_progress',
        suggestionDecision: 'accept',
      },
    });
    expect(activities[3]).toMatchObject({ featureType: 'reaction', targetSubEntityId: 'c2' });

    // Notifications: the tagged user only.
    const inbox = await succeed(workspace, 'notifications.get', { organizationId, userId: 'carol' });
    expect(inbox).toHaveLength(1);
    expect(inbox[0]).toMatchObject({
      actionUser: bob,
      notificationSourceData: { annotationId: 'review', commentId: 'c2' },
    });
    expect(await succeed(workspace, 'notifications.get', { organizationId, userId: 'alice' })).toEqual([]);
  });
});
