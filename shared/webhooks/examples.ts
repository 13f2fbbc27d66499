/** One example call per route of the webhooks domain (./routes.ts), typed by the route's contract (./contracts.ts). */
import { acknowledged, answer, at, ms } from '../http/example-values';
import type { ExamplesOf } from '../http/route-contract';
import type { webhooksContracts } from './contracts';

const endpoint = {
  id: 'ep-1',
  url: 'https://hooks.example.com/collab',
  description: 'Comment events',
  filterTypes: ['comment.add'],
  channels: null,
  disabled: false,
  rateLimit: null,
  uid: null,
  metadata: {},
  createdAt: at,
  updatedAt: at,
};
const message = {
  messageId: 'msg-1',
  event: 'comment.add',
  timestamp: ms,
  status: 'succeeded' as const,
  reason: null,
  attemptCount: 1,
  nextAttemptAt: null,
  attempts: [
    {
      attempt: 1,
      status: 'success' as const,
      statusCode: 200,
      durationMs: 84,
      response: 'ok',
      timestamp: at,
    },
  ],
  createdAt: at,
  updatedAt: at,
};

export const webhooksExamples = {
  'workspace.advancedwebhook.endpoints.get': {
    request: { limit: 10 },
    response: answer('Endpoints retrieved.', {
      endpoints: [endpoint],
      iterator: null,
      prevIterator: null,
      done: true,
    }),
  },
  'workspace.advancedwebhook.endpoints.create': {
    request: { url: endpoint.url, description: endpoint.description, filterTypes: ['comment.add'] },
    response: answer('Endpoint created.', endpoint),
  },
  'workspace.advancedwebhook.endpoints.update': {
    request: { endpointId: 'ep-1', disabled: true },
    response: answer('Endpoint updated.', { ...endpoint, disabled: true }),
  },
  'workspace.advancedwebhook.endpoints.delete': {
    request: { endpointId: 'ep-1' },
    response: acknowledged('Endpoint deleted.'),
  },
  'workspace.advancedwebhook.endpoints.secret.get': {
    request: { endpointId: 'ep-1' },
    response: answer('Endpoint secret retrieved.', {
      endpointId: 'ep-1',
      secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    }),
  },
  'workspace.advancedwebhook.endpoints.secret.rotate': {
    request: { endpointId: 'ep-1' },
    response: answer('Endpoint secret rotated.', {
      endpointId: 'ep-1',
      secret: 'whsec_4oBm1n2bQv7sX0cYk9Lh3TzWq6RjEuAp',
    }),
  },
  'workspace.advancedwebhook.endpoints.messages.get': {
    request: { endpointId: 'ep-1', limit: 10 },
    response: answer('Messages retrieved.', { messages: [message], pageToken: null }),
  },
  'workspace.advancedwebhook.endpoints.messages.replay': {
    request: { endpointId: 'ep-1', messageId: 'msg-1', timestamp: ms },
    response: answer('Message queued for replay.', { ...message, status: 'pending', nextAttemptAt: at }),
  },
  'workspace.advancedwebhook.endpoints.recover': {
    request: { endpointId: 'ep-1', since: ms - 6 * 60 * 60 * 1000 },
    response: answer('Recover started.', { taskId: 'rt_6f1c0a52d4e94b0f8a3e2c7d9b1a4e60' }),
  },
  'workspace.advancedwebhook.endpoints.recover.status': {
    request: { taskId: 'rt_6f1c0a52d4e94b0f8a3e2c7d9b1a4e60' },
    response: answer('Recover task retrieved.', {
      taskId: 'rt_6f1c0a52d4e94b0f8a3e2c7d9b1a4e60',
      status: 'in_progress' as const,
      recovered: 40,
      total: 57,
    }),
  },
  'workspace.advancedwebhook.endpoints.stats': {
    request: { endpointId: 'ep-1' },
    response: answer('Endpoint stats retrieved.', {
      success: 1204,
      fail: 3,
      pending: 2,
      sending: 1,
      since: ms - 24 * 60 * 60 * 1000,
    }),
  },
  'workspace.advancedwebhook.messages.get': {
    request: { status: 'dead', limit: 20 },
    response: answer('Messages retrieved.', [
      {
        messageId: 'msg-1',
        eventType: 'comment.add',
        timestamp: ms,
        channels: ['org.org-1', 'doc.doc-1'],
        endpoints: [
          { endpointId: 'ep-1', status: 'dead' as const, attemptCount: 8 },
          { endpointId: 'ep-2', status: 'succeeded' as const, attemptCount: 1 },
        ],
      },
    ]),
  },
  'workspace.advancedwebhook.messages.attempts.get': {
    request: { messageId: 'msg-1', timestamp: ms, endpointId: 'ep-1' },
    response: answer('Attempts retrieved.', [
      {
        attemptId: 'msg-1.ep-1.s1',
        endpointId: 'ep-1',
        at: ms + 120,
        status: 'failure' as const,
        statusCode: 503,
        durationMs: 84,
        response: 'Service Unavailable',
        trigger: 'scheduled' as const,
      },
    ]),
  },
  'workspace.advancedwebhook.messages.payload.get': {
    request: { messageId: 'msg-1', timestamp: ms, endpointId: 'ep-1' },
    response: answer('Message payload retrieved.', {
      messageId: 'msg-1',
      endpointId: 'ep-1',
      eventType: 'comment.add',
      timestamp: ms,
      payload: {
        id: 'msg-1',
        event: 'comment.add',
        actionType: 'add',
        source: 'comment',
        data: { organizationId: 'org-1', documentId: 'doc-1', annotationId: 'ann-1' },
        webhookId: 'ep-1',
        platform: 'api',
        timestamp: ms,
      },
    }),
  },
  'workspace.advancedwebhook.messages.resend': {
    request: { messageId: 'msg-1', timestamp: ms, endpointId: 'ep-1' },
    response: answer('Message resent.', { attemptId: 'msg-1.ep-1.m1' }),
  },
  'workspace.advancedwebhook.eventtypes.get': {
    request: {},
    response: answer('Event types retrieved.', [
      {
        name: 'webhook.test',
        description: 'A test message sent by workspace/webhooks/test.',
        schema: { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object' },
        example: { id: 'msg-2', event: 'webhook.test', data: { test: true } },
      },
    ]),
  },
  'workspace.advancedwebhook.portal.session': {
    request: { expiresInSeconds: 3600, readOnly: true, endpointIds: ['ep-1'] },
    response: answer('Portal session created.', {
      url: 'https://api.example.com/portal#token=0.6Jm0l8eT3wQ',
      token: '0.6Jm0l8eT3wQ',
      expiresAt: ms,
    }),
  },
  'workspace.advancedwebhook.portal.session.get': {
    request: {},
    response: answer('Portal session scope retrieved.', {
      portal: true,
      readOnly: true,
      endpointIds: ['ep-1'],
    }),
  },
  'workspace.advancedwebhook.portal.session.revoke': {
    request: { token: '0.6Jm0l8eT3wQ' },
    response: acknowledged('Portal session revoked.'),
  },
  'workspace.webhooks.test': {
    request: { endpointId: 'ep-1' },
    response: answer('Test event sent.', { messageId: 'msg-2', timestamp: ms, targets: ['endpoint:ep-1'] }),
  },
} satisfies ExamplesOf<typeof webhooksContracts>;
