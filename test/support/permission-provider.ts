import type { ServerResponse } from 'node:http';
import type { ReceivedRequest } from './receiver';

/** One user and resource the permission provider is asked about. */
export interface ProviderQuestion {
  userId: string;
  resource: { id: string; type: string };
}

/**
 * A receiver handler that plays the permission provider: it answers every question of a request
 * with the user, resource and type asked, plus the fields `decide` returns (`hasAccess`,
 * `accessRole`, `expiresAt`).
 */
export const providerAnswering =
  (decide: (question: ProviderQuestion) => Record<string, unknown>) =>
  (request: ReceivedRequest, response: ServerResponse) => {
    const data = request.body.data.requests.map((question: ProviderQuestion) => ({
      userId: question.userId,
      resourceId: question.resource.id,
      type: question.resource.type,
      ...decide(question),
    }));
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data }));
  };
