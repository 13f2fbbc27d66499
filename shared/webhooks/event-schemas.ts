import * as z from 'zod/mini';
import { buildSchema, onFirstRead } from '../core/build-schema';
import { notificationRecord } from '../notifications/schemas';

/**
 * A published event (addendum §8 message): `id` is stable across delivery retries (it becomes the
 * `webhook-id`), `event` the event type (`comment.add`, `crdt.update_data`, ...), `source` its
 * feature, `data` the payload. Organization and document ids, when the event has them, give the
 * advanced-webhook channels `org.<id>` / `doc.<id>`.
 */
export const publishedEvent = /* @__PURE__ */ buildSchema(() =>
  z.object({
    id: z.string(),
    event: z.string(),
    actionType: z.string(),
    source: z.string(),
    data: z.record(z.string(), z.unknown()),
    platform: z.literal('api'),
    timestamp: z.number(),
    organizationId: z.optional(z.string()),
    documentId: z.optional(z.string()),
    /**
     * Resolved recipients (tagged users, assignee, thread participants, without the actor), resolved
     * by the producer from what it just wrote: the processed basic payload's `toUsers`. Kept out of
     * `data` so raw and advanced deliveries stay unprocessed.
     */
    toUsers: z.optional(
      z.array(z.object({ userId: z.string(), name: z.optional(z.string()), email: z.optional(z.string()) })),
    ),
  }),
);
export type PublishedEvent = z.infer<typeof publishedEvent>;

/** The channels a message carries (addendum §8): `org.<organizationId>`, `doc.<documentId>`. */
export function eventChannels(event: Pick<PublishedEvent, 'organizationId' | 'documentId'>): string[] {
  return [
    ...(event.organizationId !== undefined ? [`org.${event.organizationId}`] : []),
    ...(event.documentId !== undefined ? [`doc.${event.documentId}`] : []),
  ];
}

// The payload (`data`) of each event type the service sends. Objects are strict: a producer that
// adds a field fails at publication until the schema (and so the catalog) names it. Each is built
// when first read: a function builds the payloads of the types it publishes, not the catalog's.

const user = /* @__PURE__ */ onFirstRead(() =>
  z
    .strictObject({ userId: z.string(), name: z.optional(z.string()), email: z.optional(z.string()) })
    .check(z.meta({ description: 'A user: id plus the profile fields the caller gave.' })),
);

const agent = /* @__PURE__ */ onFirstRead(() =>
  z
    .strictObject({
      agentId: z.string(),
      name: z.optional(z.string()),
      model: z.optional(z.string()),
      confidence: z.optional(z.number()),
    })
    .check(z.meta({ description: 'The agent that wrote the comment or took the action.' })),
);

const annotation = /* @__PURE__ */ onFirstRead(() =>
  z
    .strictObject({
      annotationId: z.string(),
      type: z.string().check(z.meta({ description: '`comment` or `suggestion`.' })),
      status: z.string().check(z.meta({ description: '`open`, `in_progress`, `resolved` or `closed`.' })),
      priority: z.optional(z.string()).check(z.meta({ description: '`low`, `medium`, `high` or `urgent`.' })),
      assignedTo: z.optional(user()),
      context: z.optional(z.record(z.string(), z.unknown())),
      suggestionDecision: z.optional(z.string()).check(z.meta({ description: '`accept` or `reject`.' })),
    })
    .check(z.meta({ description: 'The annotation (thread) after the change, without its comments.' })),
);

const comment = /* @__PURE__ */ onFirstRead(() =>
  z
    .strictObject({
      commentId: z.string(),
      commentText: z.optional(z.string()),
      commentHtml: z.optional(z.string()),
      from: user(),
      taggedUserContacts: z.optional(
        z.array(
          z.strictObject({ userId: z.string(), contact: z.optional(user()), text: z.optional(z.string()) }),
        ),
      ),
      agent: z.optional(agent()),
    })
    .check(
      z.meta({
        description: 'The comment the change concerns (before it, for a delete), without reactions.',
      }),
    ),
);

const fieldChanges = /* @__PURE__ */ onFirstRead(() =>
  z
    .record(z.string(), z.strictObject({ from: z.unknown(), to: z.unknown() }))
    .check(z.meta({ description: 'The fields that changed, each `{ from, to }`.' })),
);

/** What every comment event carries. */
const commentEventData = /* @__PURE__ */ onFirstRead(() =>
  z.strictObject({
    annotationId: z.string(),
    commentAnnotation: annotation(),
    targetComment: z.optional(comment()),
    // Extends the shape, not `user`: its `meta` is a check, which `z.extend` would carry (classic's
    // `.extend` dropped the description).
    actionUser: z.strictObject({ ...user().shape, agent: z.optional(agent()) }),
    oldStatus: z.optional(z.string()),
    newStatus: z.optional(z.string()),
    oldPriority: z.optional(z.nullable(z.string())),
    newPriority: z.optional(z.string()),
    oldAssignedTo: z.optional(z.nullable(user())),
    newAssignedTo: z.optional(z.nullable(user())),
    changes: z.optional(fieldChanges()),
    reaction: z.optional(z.strictObject({ icon: z.string() })),
    metadata: z.strictObject({ apiKey: z.string(), organizationId: z.string(), documentId: z.string() }),
  }),
);

const onComment = /* @__PURE__ */ onFirstRead(() =>
  z.extend(commentEventData(), { targetComment: comment() }),
);

/** What every operational event (about delivery itself) carries: the endpoint it is about. */
const aboutEndpoint = /* @__PURE__ */ onFirstRead(() =>
  z.strictObject({
    endpointId: z.string(),
    endpointUid: z
      .nullable(z.string())
      .check(z.meta({ description: "The endpoint's own `uid`, null when it has none." })),
  }),
);

/** What an operational event about a message carries: the endpoint, the message and its last attempt. */
const aboutAttempt = /* @__PURE__ */ onFirstRead(() =>
  z.extend(aboutEndpoint(), {
    messageId: z.string().check(z.meta({ description: 'The message (its `webhook-id`).' })),
    eventType: z.string().check(z.meta({ description: "The message's event type." })),
    lastAttempt: z.strictObject({
      attemptId: z.string(),
      statusCode: z
        .nullable(z.int())
        .check(z.meta({ description: 'The HTTP status; null without an answer.' })),
      at: z.int().check(z.meta({ description: 'When the attempt was made, epoch ms.' })),
    }),
  }),
);

/** One event type: the feature that sends it, what it means, and its payload. */
export interface EventTypeDefinition {
  source: string;
  description: string;
  data: z.ZodMiniType<Record<string, unknown>>;
  /** About delivery itself: sent only to endpoints whose `filterTypes` name it (targets.ts). */
  operational?: true;
}

/** A catalog entry whose payload schema (`data`) is built when first read. */
function eventType<const Definition extends Omit<EventTypeDefinition, 'data'>>(
  definition: Definition,
  data: () => EventTypeDefinition['data'],
): Definition & { readonly data: EventTypeDefinition['data'] } {
  const payload = onFirstRead(data);
  return {
    ...definition,
    get data() {
      return payload();
    },
  };
}

/** What the description of every operational event type ends with. */
const operationalNote = 'Operational: only to endpoints that name it in `filterTypes`.';

/**
 * Every event type the service sends (addendum §8, §11): the producers' events are checked against
 * these schemas when created (`createCatalogEvent`), and `eventtypes/get` publishes them as JSON
 * Schemas of the whole message, so the catalog and the messages sent cannot disagree.
 */
export const eventTypes = /* @__PURE__ */ buildSchema(
  () =>
    ({
      'comment_annotation.add': eventType(
        {
          source: 'comment',
          description: 'A comment annotation (a thread) was created; `targetComment` is its first comment.',
        },
        onComment,
      ),
      'comment.add': eventType(
        {
          source: 'comment',
          description: 'A comment was added to an annotation (after the first comment of a new one).',
        },
        onComment,
      ),
      'comment.update': eventType(
        {
          source: 'comment',
          description: "A comment's text or HTML changed; `changes` has the old and new values.",
        },
        () => z.extend(onComment(), { changes: fieldChanges() }),
      ),
      'comment.delete': eventType(
        {
          source: 'comment',
          description: 'A comment was deleted; `targetComment` is the comment as it was.',
        },
        onComment,
      ),
      'comment_annotation.status_change': eventType(
        {
          source: 'comment',
          description: "An annotation's status changed.",
        },
        () =>
          z.extend(commentEventData(), {
            oldStatus: z.string(),
            newStatus: z.string(),
            changes: fieldChanges(),
          }),
      ),
      'comment_annotation.assign': eventType(
        {
          source: 'comment',
          description: 'An annotation was assigned to a user, or unassigned (`newAssignedTo: null`).',
        },
        () =>
          z.extend(commentEventData(), {
            oldAssignedTo: z.nullable(user()),
            newAssignedTo: z.nullable(user()),
            changes: fieldChanges(),
          }),
      ),
      'comment_annotation.priority_change': eventType(
        {
          source: 'comment',
          description: "An annotation's priority changed (`oldPriority: null` when it had none).",
        },
        () =>
          z.extend(commentEventData(), {
            oldPriority: z.nullable(z.string()),
            newPriority: z.string(),
            changes: fieldChanges(),
          }),
      ),
      'comment_annotation.suggestion_accept': eventType(
        {
          source: 'comment',
          description: 'A suggestion was accepted (a decision is recorded once).',
        },
        () => z.extend(commentEventData(), { changes: fieldChanges() }),
      ),
      'comment_annotation.suggestion_reject': eventType(
        {
          source: 'comment',
          description: 'A suggestion was rejected (a decision is recorded once).',
        },
        () => z.extend(commentEventData(), { changes: fieldChanges() }),
      ),
      'comment.reaction_add': eventType(
        {
          source: 'comment',
          description: 'A user added a reaction (an icon) to a comment.',
        },
        () => z.extend(onComment(), { reaction: z.strictObject({ icon: z.string() }) }),
      ),
      'comment.reaction_delete': eventType(
        {
          source: 'comment',
          description: 'A user removed a reaction (an icon) from a comment.',
        },
        () => z.extend(onComment(), { reaction: z.strictObject({ icon: z.string() }) }),
      ),
      'comment_annotation.delete': eventType(
        {
          source: 'comment',
          description:
            'An annotation was deleted with its comments; `commentAnnotation` is the annotation as it was.',
        },
        commentEventData,
      ),
      'crdt.update_data': eventType(
        {
          source: 'crdt',
          description:
            "An editor's CRDT content changed (client edits coalesced to one event per editor per 10 s); `data` is the value after the change, or `dataOmitted: true` when it is over 256 KiB (read it with crdt/get).",
        },
        () =>
          z
            .strictObject({
              editorId: z.string(),
              type: z.string().check(z.meta({ description: '`text`, `map`, `array` or `xml`.' })),
              contentKey: z.string(),
              data: z
                .optional(z.union([z.string(), z.record(z.string(), z.unknown()), z.array(z.unknown())]))
                .check(
                  z.meta({ description: 'The value: a string (text, xml), an object (map) or an array.' }),
                ),
              dataOmitted: z.optional(z.literal(true)),
              lastUpdate: z.number().check(z.meta({ description: 'When the change was made, epoch ms.' })),
              lastUpdatedBy: z.nullable(z.string()),
            })
            .check(
              z.refine((data) => (data.data === undefined) === (data.dataOmitted === true), {
                message: 'either data or dataOmitted',
              }),
            ),
      ),
      'notification.digest': eventType(
        {
          source: 'notification',
          description:
            "A user's unread inbox entries, delayMinutes old and let through by the user's `email` preference, once per digest window (workspace/notificationconfig): `unreadCount` counts them all, `notifications` lists the newest `maxItems` of them, newest first. Never sent twice for the same entries; not sent when they were read first.",
        },
        () =>
          z.strictObject({
            userId: z.string(),
            organizationId: z.string(),
            unreadCount: z.int().check(z.positive()),
            notifications: z
              .array(notificationRecord)
              .check(z.meta({ description: 'The shared notification records, newest first.' })),
          }),
      ),
      'webhook.test': eventType(
        {
          source: 'webhook',
          description: 'A test message sent by workspace/webhooks/test.',
        },
        () => z.strictObject({ test: z.literal(true) }),
      ),
      'endpoint.created': eventType(
        {
          source: 'webhook',
          description: `An advanced-webhook endpoint was created. ${operationalNote}`,
          operational: true,
        },
        aboutEndpoint,
      ),
      'endpoint.updated': eventType(
        {
          source: 'webhook',
          description: `An endpoint was changed through endpoints/update. ${operationalNote}`,
          operational: true,
        },
        aboutEndpoint,
      ),
      'endpoint.deleted': eventType(
        {
          source: 'webhook',
          description: `An endpoint was deleted. ${operationalNote}`,
          operational: true,
        },
        aboutEndpoint,
      ),
      'endpoint.disabled': eventType(
        {
          source: 'webhook',
          description: `An endpoint was disabled, by the caller (\`reason: manual\`) or after failing for 5 days (\`reason: failing\`). ${operationalNote}`,
          operational: true,
        },
        () => z.extend(aboutEndpoint(), { reason: z.enum(['manual', 'failing']) }),
      ),
      'message.attempt.failing': eventType(
        {
          source: 'webhook',
          description: `A message's 4th scheduled attempt in a row failed at an endpoint. ${operationalNote}`,
          operational: true,
        },
        aboutAttempt,
      ),
      'message.attempt.exhausted': eventType(
        {
          source: 'webhook',
          description: `A message's last scheduled attempt failed: it is dead-lettered (replay or recover it). ${operationalNote}`,
          operational: true,
        },
        aboutAttempt,
      ),
      'message.attempt.recovered': eventType(
        {
          source: 'webhook',
          description: `A scheduled attempt succeeded after the attempt before it failed. ${operationalNote}`,
          operational: true,
        },
        aboutAttempt,
      ),
    }) as const satisfies Record<string, EventTypeDefinition>,
);

/** A type of event the service sends. */
export type EventTypeName = keyof typeof eventTypes;

/** Every event type's name, in the catalog's order: the names an endpoint's `filterTypes` takes. */
export const eventTypeNames = /* @__PURE__ */ buildSchema(() => Object.keys(eventTypes)) as [
  EventTypeName,
  ...EventTypeName[],
];

/** Events about delivery itself (addendum §11), the catalog's types marked `operational`. */
export const operationalEventTypes: ReadonlySet<string> = /* @__PURE__ */ buildSchema(
  () => new Set(eventTypeNames.filter((name) => (eventTypes[name] as EventTypeDefinition).operational)),
);

/** The catalog's definition of an event type, or undefined for a type the service does not send. */
export const eventTypeNamed = (name: string): EventTypeDefinition | undefined =>
  Object.hasOwn(eventTypes, name) ? eventTypes[name as EventTypeName] : undefined;

/** An event's `actionType`: the part of its type after the first dot (`comment.reaction_add` → `reaction_add`). */
export const actionTypeOf = (name: string) => name.slice(name.indexOf('.') + 1);

/**
 * The whole message of an event type as an advanced endpoint receives it (addendum §8: `{ id,
 * event, actionType, source, data, webhookId, platform, timestamp }`), its payload the type's.
 */
export function messageSchemaOf(name: EventTypeName) {
  const type: EventTypeDefinition = eventTypes[name];
  return z
    .strictObject({
      id: z
        .string()
        .check(z.meta({ description: 'The message id, the same on every attempt (`webhook-id`).' })),
      event: z.literal(name),
      actionType: z.literal(actionTypeOf(name)),
      source: z.literal(type.source),
      data: type.data,
      webhookId: z
        .string()
        .check(z.meta({ description: 'The endpoint id (`raw` / `processed` for basic webhooks).' })),
      platform: z.literal('api'),
      timestamp: z.int().check(z.meta({ description: 'When the event happened, epoch ms.' })),
    })
    .check(z.meta({ description: type.description }));
}
