import {
  ApiGatewayManagementApiClient,
  DeleteConnectionCommand,
  GoneException,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import { withoutSdkLogging } from '../core/sdk-client';
import type { ConnectionPoster } from './connection-poster';

/**
 * The AWS poster: PostToConnection through the WebSocket API's management endpoint
 * (`https://<api>.execute-api.<region>.amazonaws.com/<stage>`). A 410 (GoneException) means the
 * client left without `$disconnect` having run yet: reported as `gone` so the caller deletes it.
 */
export function managementApiPoster(endpoint: string): ConnectionPoster {
  const client = withoutSdkLogging(new ApiGatewayManagementApiClient({ endpoint }));
  const isGone = (error: unknown) =>
    error instanceof GoneException || (error as { name?: string }).name === 'GoneException';
  return {
    async post(connectionId, frame) {
      try {
        await client.send(new PostToConnectionCommand({ ConnectionId: connectionId, Data: frame }));
        return 'sent';
      } catch (error) {
        if (isGone(error)) return 'gone';
        throw error;
      }
    },
    async close(connectionId, code, reason) {
      try {
        await client.send(
          new PostToConnectionCommand({
            ConnectionId: connectionId,
            Data: JSON.stringify({ type: 'close', code, reason }),
          }),
        );
        await client.send(new DeleteConnectionCommand({ ConnectionId: connectionId }));
        return 'sent';
      } catch (error) {
        if (isGone(error)) return 'gone';
        throw error;
      }
    },
  };
}
