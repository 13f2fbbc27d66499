import { Webhook } from 'standardwebhooks';
import type { LocalStack } from '../../scripts/local/stack';
import { startLocalStackOnRunDynamo } from '../support/local-stack';
import { alice, bob, carol } from '../support/people';
import { waitFor } from '../support/poll';
import { type Receiver, startReceiver } from '../support/receiver';
import { commentReviewEvents, deliveredTo } from '../support/webhooks';

/**
 * Black-box: a comment review over HTTP against the whole local stack (dev server, DynamoDB Local's
 * stream → fan-out → SQS emulator → delivery worker), with a real receiver on 127.0.0.1.
 */
jest.setTimeout(120_000);

let stack: LocalStack;
let receiver: Receiver;

beforeAll(async () => {
  stack = await startLocalStackOnRunDynamo();
  receiver = await startReceiver();
}, 60_000);

afterAll(async () => {
  await stack?.stop();
  await receiver?.close();
});

async function post(path: string, data: unknown, headers: Record<string, string>) {
  const response = await fetch(`${stack.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ data }),
  });
  const body = (await response.json()) as any;
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${JSON.stringify(body)}`);
  return body.result.data;
}

describe('comments over HTTP', () => {
  it('a review (thread, tagged reply, status change, reaction, accepted suggestion) reaches webhooks, activities and the inbox', async () => {
    const workspace = await post(
      '/v2/workspace/create',
      { ownerEmail: `comments-${Date.now()}@example.com` },
      {},
    );
    const apiKey = Object.keys(workspace.apiKeyList)[0]!;
    const tokens = await post(
      '/v2/workspace/authtokens/get',
      { apiKey },
      { 'x-svc-workspace-id': workspace.id, 'x-svc-workspace-auth-token': workspace.authToken },
    );
    const key = { 'x-svc-api-key': apiKey, 'x-svc-auth-token': tokens.authTokens[0].token };
    const call = (path: string, data: unknown) => post(path, data, key);

    await call('/v2/workspace/activityconfig/update', { activityServiceConfig: { isEnabled: true } });
    await call('/v2/workspace/webhookconfig/update', {
      useWebhookService: true,
      webhookServiceConfig: {
        processedNotificationUrl: `${receiver.url}processed`,
        triggers: { 'comment_annotation.suggestion_accept': true },
      },
    });
    await call('/v2/workspace/advancedwebhookconfig/update', { isEnabled: true });
    const endpoint = await call('/v2/workspace/advancedwebhook/endpoints/create', {
      url: `${receiver.url}signed`,
    });
    const { secret } = await call('/v2/workspace/advancedwebhook/endpoints/secret/get', {
      endpointId: endpoint.id,
    });

    const scope = { organizationId: 'org', documentId: 'doc' };
    const thread = { ...scope, annotationId: 'review' };
    await call('/v2/commentannotations/add', {
      ...scope,
      createOrganization: true,
      createDocument: true,
      commentAnnotations: [
        {
          annotationId: 'review',
          type: 'suggestion',
          commentData: [{ commentId: 'c1', from: alice, commentText: 'Rename x' }],
        },
      ],
    });
    await call('/v2/commentannotations/comments/add', {
      ...thread,
      commentData: [
        {
          commentId: 'c2',
          from: bob,
          commentText: '@carol?',
          taggedUserContacts: [{ userId: 'carol', contact: carol }],
          triggerNotification: true,
        },
      ],
    });
    await call('/v2/commentannotations/update', { ...thread, status: 'in_progress', actionUser: alice });
    await call('/v2/commentannotations/reactions/add', {
      ...thread,
      commentId: 'c2',
      icon: '👍',
      actionUser: carol,
    });
    await call('/v2/commentannotations/update', {
      ...thread,
      suggestionDecision: 'accept',
      actionUser: alice,
    });

    const at = (path: string) => deliveredTo(receiver, path);
    await waitFor(() => at('signed').length === 5 && at('processed').length === 5);
    const expected = commentReviewEvents;
    expect(at('signed').map((request) => request.body.event)).toEqual(expected);
    expect(at('processed').map((request) => request.body.event)).toEqual(expected);
    for (const request of at('signed')) {
      expect(() =>
        new Webhook(secret).verify(request.raw, request.headers as Record<string, string>),
      ).not.toThrow();
    }
    expect(
      at('processed')[1]!
        .body.toUsers.map((user: { userId: string }) => user.userId)
        .sort(),
    ).toEqual(['alice', 'carol']);

    const activities = await call('/v2/activities/get', { ...scope, order: 'asc' });
    expect(activities.map((activity: { actionType: string }) => activity.actionType)).toEqual(expected);
    const inbox = await call('/v2/notifications/get', { organizationId: 'org', userId: 'carol' });
    expect(
      inbox.map((notification: { notificationSourceData: unknown }) => notification.notificationSourceData),
    ).toEqual([{ annotationId: 'review', commentId: 'c2' }]);
    const [stored] = await call('/v2/commentannotations/get', scope);
    expect(stored).toMatchObject({ status: 'in_progress', suggestionDecision: 'accept' });
    expect(stored.comments.map((comment: { commentId: string }) => comment.commentId)).toEqual(['c1', 'c2']);
  });
});
