import * as z from 'zod/mini';
import { buildSchema } from '../core/build-schema';
import { noInput, pageToken } from '../http/common-schemas';
import { eventChannels, type PublishedEvent } from './event-schemas';
import { attemptOutcome, attemptTrigger, endpointIdField, messageStatus, targetId } from './message-schemas';

/**
 * The schemas of the message log routes (addendum §11): an API key's messages across its
 * endpoints, a message's attempts, resend, an endpoint's stats and the event catalog.
 */

/**
 * What a message to an endpoint carries of its event for the message log (gsi9 projects it with
 * the message's state): small, so the index stays small whatever the payload.
 */
export const logEvent = /* @__PURE__ */ buildSchema(() =>
  z.object({
    id: z.string(),
    event: z.string(),
    timestamp: z.number(),
    channels: z.array(z.string()),
  }),
);
export type LogEvent = z.infer<typeof logEvent>;

export const logEventOf = (event: PublishedEvent): LogEvent => ({
  id: event.id,
  event: event.event,
  timestamp: event.timestamp,
  channels: eventChannels(event),
});

/** A message-log entry as gsi9 projects it: one event's message to one endpoint. */
export const logEntry = /* @__PURE__ */ buildSchema(() =>
  z.object({
    targetId,
    logEvent,
    status: messageStatus,
    attemptCount: z.int(),
    manualCount: z._default(z.int(), 0),
  }),
);
export type LogEntry = z.infer<typeof logEntry>;

/**
 * 3000-01-01T00:00:00Z in epoch ms: a later time is no event's, and the log's keys write times in
 * 15 digits, which a larger number (1e300 is an integer too) would break.
 */
const latestEpochMs = 32_503_680_000_000;

/** A time as the contract gives it: epoch ms. */
export const epochMs = /* @__PURE__ */ buildSchema(() =>
  z.int().check(z.minimum(0), z.maximum(latestEpochMs)),
);

/** A message is found by its id and event timestamp (both in its body and in every list). */
const messageIdField = /* @__PURE__ */ buildSchema(() => z.string().check(z.minLength(1), z.maxLength(128)));

/** Largest page of messages/get, and the default. */
const maxLogPageSize = 250;
const defaultLogPageSize = 50;

/** Event types a messages/get filter may name (a FilterExpression `IN` takes at most 100 values). */
const maxEventTypeFilters = 50;

export const listLogMessagesInput = /* @__PURE__ */ buildSchema(() =>
  z
    .strictObject({
      eventTypes: z.optional(
        z
          .array(z.string().check(z.minLength(1), z.maxLength(128)))
          .check(z.minLength(1), z.maxLength(maxEventTypeFilters)),
      ),
      status: z.optional(messageStatus),
      since: z.optional(epochMs),
      until: z.optional(epochMs),
      channel: z.optional(z.string().check(z.minLength(1), z.maxLength(128))),
      limit: z._default(z.int().check(z.minimum(1), z.maximum(maxLogPageSize)), defaultLogPageSize),
      pageToken: z.optional(z.nullable(pageToken)),
    })
    .check(
      z.refine(
        (input) => input.since === undefined || input.until === undefined || input.until >= input.since,
        {
          message: 'must not be before since',
          path: ['until'],
        },
      ),
    ),
);
export type ListLogMessagesInput = z.output<typeof listLogMessagesInput>;

export const messageAttemptsInput = /* @__PURE__ */ buildSchema(() =>
  z.strictObject({
    messageId: messageIdField,
    timestamp: epochMs,
    endpointId: z.optional(endpointIdField),
  }),
);
export type MessageAttemptsInput = z.output<typeof messageAttemptsInput>;

export const messagePayloadInput = /* @__PURE__ */ buildSchema(() =>
  z.strictObject({
    messageId: messageIdField,
    timestamp: epochMs,
    endpointId: endpointIdField,
  }),
);
export type MessagePayloadInput = z.output<typeof messagePayloadInput>;

export const resendMessageInput = /* @__PURE__ */ buildSchema(() =>
  z.strictObject({
    messageId: messageIdField,
    timestamp: epochMs,
    endpointId: endpointIdField,
  }),
);
export type ResendMessageInput = z.output<typeof resendMessageInput>;

export const endpointStatsInput = /* @__PURE__ */ buildSchema(() =>
  z.strictObject({
    endpointId: endpointIdField,
    since: z.optional(epochMs),
  }),
);
export type EndpointStatsInput = z.output<typeof endpointStatsInput>;

export const eventTypesInput = noInput;

// Responses.

/** One message of the log: its event and each endpoint it went to. */
export const logMessageView = /* @__PURE__ */ buildSchema(() =>
  z
    .object({
      messageId: z.string(),
      eventType: z.string(),
      timestamp: z.number(),
      channels: z.array(z.string()),
      endpoints: z.array(
        z.object({
          endpointId: z.string(),
          status: messageStatus,
          attemptCount: z.int(),
        }),
      ),
    })
    .check(z.meta({ id: 'LogMessage' })),
);

/** One attempt of a message to an endpoint. */
export const attemptView = /* @__PURE__ */ buildSchema(() =>
  z
    .object({
      attemptId: z.string(),
      endpointId: z.string(),
      at: z.number(),
      status: attemptOutcome,
      statusCode: z.nullable(z.number()),
      durationMs: z.number(),
      response: z.string(),
      trigger: attemptTrigger,
    })
    .check(z.meta({ id: 'MessageAttempt' })),
);

/**
 * messages/payload/get `data`: the message as its endpoint receives it (addendum §8), before any
 * encoding or encryption the config applies.
 */
export const messagePayloadView = /* @__PURE__ */ buildSchema(() =>
  z
    .object({
      messageId: z.string(),
      endpointId: z.string(),
      eventType: z.string(),
      timestamp: z.number(),
      payload: z.record(z.string(), z.unknown()),
    })
    .check(z.meta({ id: 'MessagePayload' })),
);

/** messages/resend `data`: the manual attempt's id (attempts/get lists it once made). */
export const resendView = /* @__PURE__ */ buildSchema(() => z.object({ attemptId: z.string() }));

/** endpoints/stats `data`: messages of events since `since` by status (`fail`: dead-lettered). */
export const endpointStatsView = /* @__PURE__ */ buildSchema(() =>
  z.object({
    success: z.int(),
    fail: z.int(),
    pending: z.int(),
    sending: z.int(),
    since: z.number(),
  }),
);

/** One event type of the catalog, with the JSON Schema (2020-12) of its whole message. */
export const eventTypeView = /* @__PURE__ */ buildSchema(() =>
  z
    .object({
      name: z.string(),
      description: z.string(),
      schema: z.record(z.string(), z.unknown()),
      example: z.record(z.string(), z.unknown()),
    })
    .check(z.meta({ id: 'EventType' })),
);
