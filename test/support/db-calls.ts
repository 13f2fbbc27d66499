import type { CallResult } from './lambda';

/**
 * A response's DynamoDB calls as critical-path tests assert them: how many of each command, in any
 * order (reads started beside auth may go out before the auth read), and the serial round trips.
 */
export function criticalPath(response: CallResult) {
  const calls: Record<string, number> = {};
  for (const command of response.db.commands) calls[command] = (calls[command] ?? 0) + 1;
  return { calls, serialRoundTrips: response.db.serialRoundTrips };
}
