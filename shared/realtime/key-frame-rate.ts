import { logger } from '../core/logger';
import { countFrame } from '../quotas/request-rate';
import { connectionPoster } from '../sockets/poster';
import type { ConnectionRecord } from './schemas';

/** Close code for a socket whose API key sends frames over its realtime rate (RFC 6455: try again later). */
export const overRateCloseCode = 1013;

/**
 * Counts one frame of a connection against its API key's realtime rate (`API_KEY_REALTIME_RATE`,
 * shared/quotas/request-rate.ts), started before the connection is read when this instance knows
 * its key. `admit` resolves false for a frame over the rate, after closing the socket with 1013;
 * its `$disconnect` removes the connection's items.
 */
export function keyFrameRate(connectionId: string): {
  admit(connection: ConnectionRecord): Promise<boolean>;
} {
  const count = countFrame(connectionId);
  return {
    async admit(connection) {
      if (await count.admitted(connection.apiKey)) return true;
      try {
        const poster = await connectionPoster();
        await poster?.close(
          connectionId,
          overRateCloseCode,
          'Too many frames for this API key; retry later.',
        );
      } catch (error) {
        logger.warn('realtime close failed', { connectionId, error: error as Error });
      }
      return false;
    },
  };
}
