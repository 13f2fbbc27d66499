/** One example call per route of the webhooks domain (./routes.ts), typed by the route's contract (./contracts.ts). */
import { acknowledged, answer, at, ms } from '../http/example-values';
import type { ExamplesOf } from '../http/route-contract';
import type { webhooksContracts } from './contracts';

const endpoint = {
  id: 'ep-1',
  url: 'https://hooks.example.com/collab',
  description: 'Comment events',
  filterTypes: ['comment.added'],
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
  event: 'comment.added',
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
    request: { url: endpoint.url, description: endpoint.description, filterTypes: ['comment.added'] },
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
  'workspace.webhooks.test': {
    request: { endpointId: 'ep-1' },
    response: answer('Test event sent.', { messageId: 'msg-2', timestamp: ms, targets: ['endpoint:ep-1'] }),
  },
} satisfies ExamplesOf<typeof webhooksContracts>;
