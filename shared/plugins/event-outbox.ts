import type { TransactItem } from '../db/batch';

/**
 * The contract between a domain that raises events but lies below the webhooks domain (webhook
 * delivery reads it: notifications, whose preferences processed deliveries carry) and the
 * transactional outbox. The composition root (functions/workers/due-handlers.ts) hands such a domain
 * the webhooks domain's implementation, which checks the event against the event catalog.
 */

/** An event as its producer describes it; id, platform and timestamp are filled in. */
export interface RaisedEvent {
  readonly event: string;
  readonly actionType: string;
  readonly source: string;
  readonly data: Record<string, unknown>;
  readonly organizationId?: string;
  readonly documentId?: string;
  /** Resolved recipients: the processed basic payload's `toUsers`. */
  readonly toUsers?: { userId: string }[];
}

/**
 * The transaction item that publishes `event` at `now` (put it in the TransactWriteItems of the
 * change it describes). Throws for an event the catalog does not describe (a programming error).
 */
export type OutboxPut = (apiKey: string, event: RaisedEvent, now: number) => TransactItem;
