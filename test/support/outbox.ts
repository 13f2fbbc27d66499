import { keys } from '../../shared/db/keys';
import { queryAll } from '../../shared/db/query-page';
import { type PublishedEvent, publishedEvent } from '../../shared/webhooks/event-schemas';

/** The events an API key has published to the outbox, oldest first. */
export async function outboxEvents(apiKey: string): Promise<PublishedEvent[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.outboxPartition(apiKey) },
    ConsistentRead: true,
  });
  return items.map((item) => publishedEvent.parse(item));
}
