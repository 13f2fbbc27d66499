import * as z from 'zod';

/**
 * A published event (addendum §8 message): `id` is stable across delivery retries (it becomes the
 * `webhook-id`), `event` the event type (`comment.add`, `crdt.update_data`, ...), `source` its
 * feature, `data` the payload. Organization and document ids, when the event has them, give the
 * advanced-webhook channels `org.<id>` / `doc.<id>`.
 */
export const publishedEvent = z.object({
  id: z.string(),
  event: z.string(),
  actionType: z.string(),
  source: z.string(),
  data: z.record(z.string(), z.unknown()),
  platform: z.literal('api'),
  timestamp: z.number(),
  organizationId: z.string().optional(),
  documentId: z.string().optional(),
  /**
   * Resolved recipients (tagged users, assignee, thread participants, without the actor), resolved
   * by the producer from what it just wrote: the processed basic payload's `toUsers`. Kept out of
   * `data` so raw and advanced deliveries stay unprocessed.
   */
  toUsers: z
    .array(z.object({ userId: z.string(), name: z.string().optional(), email: z.string().optional() }))
    .optional(),
});
export type PublishedEvent = z.infer<typeof publishedEvent>;
