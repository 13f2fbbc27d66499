import { keys } from '../../shared/db/keys';
import { queryAll } from '../../shared/db/query-page';
import { type PublishedEvent, publishedEvent } from '../../shared/webhooks/event-schemas';

const outboxItems = (apiKey: string) =>
  queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.outboxPartition(apiKey) },
    ConsistentRead: true,
  });

/** The events an API key has published to the outbox, oldest first. */
export async function outboxEvents(apiKey: string): Promise<PublishedEvent[]> {
  return (await outboxItems(apiKey)).map((item) => publishedEvent.parse(item));
}

/** Whether every event the API key published has been fanned out (it left the due index). */
export async function allFannedOut(apiKey: string): Promise<boolean> {
  return (await outboxItems(apiKey)).every((item) => item.gsi7pk === undefined);
}
