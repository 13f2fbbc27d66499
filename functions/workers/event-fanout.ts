import middy from '@middy/core';
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { logger } from '../../shared/core/logger';
import { keyringLoader } from '../../shared/security/keyring-middleware';
import { fanOutStreamBatch } from '../../shared/webhooks/fanout';

const log = logger.createChild({ persistentKeys: { worker: 'event-fanout' } });

/** Table stream consumer: outbox events → one delivery (and queue message) per webhook target. */
export const handler = middy<DynamoDBStreamEvent, DynamoDBBatchResponse>((event: DynamoDBStreamEvent) =>
  fanOutStreamBatch(event, log),
).use(keyringLoader());
