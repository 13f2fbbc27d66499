import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { env } from '../config/env';
import { db, tableName } from '../db/client';
import { entities } from '../db/entities';
import { keys } from '../db/keys';
import { connectionPoster } from '../sockets/poster';
import { seconds } from '../sockets/repository';

/** The rate window: frames are counted per 10 s, so a burst (one message's parts) fits. */
export const frameWindowSeconds = 10;

/** Close code for a connection over its frame rate (RFC 6455: policy violation). */
export const frameRateCloseCode = 1008;

/** The rate window's item outlives the longest connection (2 h), like the connection item. */
const frameRateTtlSeconds = 3 * 60 * 60;

const isConditionFailure = (error: unknown) =>
  (error as { name?: string }).name === 'ConditionalCheckFailedException';

/**
 * Counts one frame of a connection against `REALTIME_FRAMES_PER_SECOND` × 10 frames per 10 s
 * window; false when the window is full. One small UpdateItem per frame (`ADD frames 1` if the
 * window is the current one and below the cap); the first frame of a window adds a second one
 * that starts it (`SET`, conditioned on an older window, so concurrent frames start it once).
 */
export async function countFrame(connectionId: string, now: number): Promise<boolean> {
  const window = Math.floor(seconds(now) / frameWindowSeconds);
  const max = env().REALTIME_FRAMES_PER_SECOND * frameWindowSeconds;
  const update = (expression: string, condition: string, values: Record<string, unknown>) =>
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.connectionFrameRate(connectionId),
        UpdateExpression: expression,
        ConditionExpression: condition,
        ExpressionAttributeNames: {
          '#window': 'window',
          ...(values[':ttl'] !== undefined && { '#ttl': 'ttl' }),
        },
        ExpressionAttributeValues: { ':window': window, ':one': 1, ':now': now, ...values },
      }),
    );
  const add = () =>
    update('ADD frames :one SET updatedAt = :now', '#window = :window AND frames < :max', { ':max': max });
  try {
    await add();
    return true;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
  try {
    await update(
      'SET #window = :window, frames = :one, entity = :entity, updatedAt = :now, #ttl = :ttl',
      'attribute_not_exists(#window) OR #window < :window',
      { ':entity': entities.realtimeFrameRate.name, ':ttl': seconds(now) + frameRateTtlSeconds },
    );
    return true;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    // The window is the current one and full (or another frame started it just now: count again).
  }
  try {
    await add();
    return true;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    return false;
  }
}

/**
 * Lets a frame through when the connection is within its frame rate; otherwise closes the
 * connection with 1008 (policy violation) and the frame is not handled. Closing rather than
 * dropping: a dropped update would leave the client silently out of sync, while a reconnecting
 * y-websocket client re-syncs whatever the server lacks.
 */
export async function admitFrame(connectionId: string, now: number): Promise<boolean> {
  if (await countFrame(connectionId, now)) return true;
  const poster = await connectionPoster();
  await poster?.close(
    connectionId,
    frameRateCloseCode,
    'Too many frames on this connection; reconnect later.',
  );
  return false;
}
