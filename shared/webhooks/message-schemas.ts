import * as z from 'zod/mini';
import { buildSchema } from '../core/build-schema';
import { publishedEvent } from './event-schemas';

/**
 * Where a message goes: an advanced-webhook endpoint (`endpoint:<id>`), or one of the basic-webhook
 * URLs (`basic:raw`, `basic:processed`). The URL itself is read from the current configuration at
 * each attempt, so a corrected URL applies to pending retries.
 */
export const targetId = /* @__PURE__ */ buildSchema(() =>
  z.union([
    z.templateLiteral(['endpoint:', z.string().check(z.minLength(1))]),
    z.literal('basic:raw'),
    z.literal('basic:processed'),
  ]),
);
export type TargetId = z.infer<typeof targetId>;

/** The target of an advanced-webhook endpoint. */
export const endpointTarget = (endpointId: string): TargetId => `endpoint:${endpointId}`;

/** The endpoint id of an endpoint target, or undefined for a basic-webhook target. */
export const endpointIdOf = (target: TargetId): string | undefined =>
  target.startsWith('endpoint:') ? target.slice('endpoint:'.length) : undefined;

/** How an attempt ended; `refused` = the target address is not allowed (SSRF guard). */
export const attemptOutcome = /* @__PURE__ */ buildSchema(() =>
  z.enum(['success', 'failure', 'timeout', 'refused', 'error']),
);
export type AttemptOutcome = z.infer<typeof attemptOutcome>;

/** What made an attempt: the retry schedule, or a resend (messages/resend). */
export const attemptTrigger = /* @__PURE__ */ buildSchema(() => z.enum(['scheduled', 'manual']));
export type AttemptTrigger = z.infer<typeof attemptTrigger>;

/**
 * An attempt's id: the message's event, the endpoint, and the attempt's number among its trigger's
 * (`s3`: the third scheduled attempt, `m1`: the first resend). Stable, so resend can answer it
 * before the attempt is made.
 */
export const attemptIdOf = (eventId: string, endpointId: string, trigger: AttemptTrigger, number: number) =>
  `${eventId}.${endpointId}.${trigger === 'manual' ? 'm' : 's'}${number}`;

/**
 * One attempt (one HTTP try), as recorded on its message (the response body truncated). `attempt`
 * numbers scheduled attempts and manual ones each from 1; `trigger` is absent on scheduled ones.
 */
export const attemptRecord = /* @__PURE__ */ buildSchema(() =>
  z.object({
    attempt: z.int().check(z.positive()),
    trigger: z.optional(attemptTrigger),
    at: z.number(),
    durationMs: z.number(),
    outcome: attemptOutcome,
    statusCode: z.nullable(z.number()),
    response: z.string(),
  }),
);
export type AttemptRecord = z.infer<typeof attemptRecord>;

/** `pending` until a 2xx (`succeeded`) or the last scheduled attempt fails (`dead`, replayable). */
export const messageStatus = /* @__PURE__ */ buildSchema(() => z.enum(['pending', 'succeeded', 'dead']));
export type MessageStatus = z.infer<typeof messageStatus>;

/**
 * A stored message (keys stripped): one event published to one target, with its attempts. The
 * stored item keeps its first name (entity `webhookDelivery`, attribute `deliveryId`).
 */
export const messageRecord = /* @__PURE__ */ buildSchema(() =>
  z.object({
    deliveryId: z.string(),
    targetId,
    event: publishedEvent,
    status: messageStatus,
    /** Attempts made so far; the next attempt's number is `attemptCount + 1`. */
    attemptCount: z.int().check(z.minimum(0)),
    /** Attempts made before the last replay (a replay restarts the retry schedule). */
    attemptBase: z.int().check(z.minimum(0)),
    /** Earliest time (epoch ms) of the next attempt. */
    nextAttemptAt: z.number(),
    /** The highest attempt number whose attempt task has been sent. */
    enqueuedAttempt: z.int().check(z.minimum(0)),
    /** Why a message was dead-lettered without exhausting its attempts (endpoint disabled or deleted). */
    reason: z.optional(z.string()),
    /** Manual attempts made (messages/resend); they leave the schedule's `attemptCount` alone. */
    manualCount: z._default(z.int().check(z.minimum(0)), 0),
    attempts: z.array(attemptRecord),
    createdAt: z.number(),
    updatedAt: z.number(),
  }),
);
export type MessageRecord = z.infer<typeof messageRecord>;

/** Where a message item lives: its API key, its target and its event. */
export const messageRef = /* @__PURE__ */ buildSchema(() =>
  z.object({
    apiKey: z.string(),
    targetId,
    eventTimestamp: z.number(),
    eventId: z.string(),
  }),
);
export type MessageRef = z.infer<typeof messageRef>;

/**
 * The body of a webhook-delivery queue message: a task to make one attempt of a message, pointing
 * at the message (the payload stays in DynamoDB) and naming the attempt, so a stale duplicate is
 * recognised and dropped. `manual` names a resend's attempt (numbered among manual attempts).
 */
export const attemptTask = /* @__PURE__ */ buildSchema(() =>
  z.extend(messageRef, {
    attempt: z.int().check(z.positive()),
    manual: z.optional(z.literal(true)),
  }),
);
export type AttemptTask = z.infer<typeof attemptTask>;

/** Endpoint ids are service-generated; anything longer cannot be one. */
export const endpointIdField = /* @__PURE__ */ buildSchema(() =>
  z.string().check(z.minLength(1), z.maxLength(64)),
);

/** Largest page of an endpoint's message list, and the default. */
const maxMessagePageSize = 250;
const defaultMessagePageSize = 50;

export const listMessagesInput = /* @__PURE__ */ buildSchema(() =>
  z.strictObject({
    endpointId: endpointIdField,
    limit: z._default(z.int().check(z.minimum(1), z.maximum(maxMessagePageSize)), defaultMessagePageSize),
    pageToken: z.optional(z.nullable(z.string().check(z.minLength(1), z.maxLength(4096)))),
  }),
);
export type ListMessagesInput = z.output<typeof listMessagesInput>;

/** A message is found by its id and timestamp (both in its body): together they locate its record. */
export const replayMessageInput = /* @__PURE__ */ buildSchema(() =>
  z.strictObject({
    endpointId: endpointIdField,
    messageId: z.string().check(z.minLength(1), z.maxLength(128)),
    timestamp: z.int().check(z.minimum(0)),
  }),
);
export type ReplayMessageInput = z.output<typeof replayMessageInput>;

/** Without `endpointId`, the test event goes to the basic-webhook URLs. */
export const testWebhookInput = /* @__PURE__ */ buildSchema(() =>
  z.strictObject({ endpointId: z.optional(endpointIdField) }),
);
export type TestWebhookInput = z.output<typeof testWebhookInput>;

// Responses.

/** One attempt of a message as the endpoint messages routes show it. */
const attemptView = /* @__PURE__ */ buildSchema(() =>
  z.object({
    attempt: z.int(),
    status: attemptOutcome,
    statusCode: z.nullable(z.number()),
    durationMs: z.number(),
    response: z.string(),
    timestamp: z.iso.datetime(),
  }),
);

/** A message to an endpoint, with its status and attempts. */
export const endpointMessageView = /* @__PURE__ */ buildSchema(() =>
  z
    .object({
      messageId: z.string(),
      event: z.string(),
      timestamp: z.number(),
      status: messageStatus,
      reason: z.nullable(z.string()),
      attemptCount: z.int(),
      nextAttemptAt: z.nullable(z.iso.datetime()),
      attempts: z.array(attemptView),
      createdAt: z.iso.datetime(),
      updatedAt: z.iso.datetime(),
    })
    .check(z.meta({ id: 'EndpointMessage' })),
);

/** endpoints/messages/get `data`. */
export const endpointMessagePage = /* @__PURE__ */ buildSchema(() =>
  z.object({
    messages: z.array(endpointMessageView),
    pageToken: z.nullable(z.string()),
  }),
);

/** workspace/webhooks/test `data`: the test event's id and the targets it was sent to. */
export const testEventView = /* @__PURE__ */ buildSchema(() =>
  z.object({
    messageId: z.string(),
    timestamp: z.number(),
    targets: z.array(targetId),
  }),
);
