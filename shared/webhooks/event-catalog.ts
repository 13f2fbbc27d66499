import * as z from 'zod/mini';
import { actionTypeOf, type EventTypeName, eventTypes, messageSchemaOf } from './event-schemas';

/**
 * The event catalog (eventtypes/get): every event type the service sends, with the JSON Schema
 * (2020-12) of its whole message, generated from the schemas its producers' events are checked
 * against (event-schemas.ts), and an example message that the schema accepts (a unit test checks).
 */

const alice = { userId: 'u-alice', name: 'Alice', email: 'alice@example.com' };
const bob = { userId: 'u-bob', name: 'Bob', email: 'bob@example.com' };
const annotation = { annotationId: 'ann-1', type: 'comment', status: 'open' };
const comment = { commentId: 'c-1', commentText: 'Can we tighten this paragraph?', from: alice };
const metadata = { apiKey: 'ak_example', organizationId: 'org-1', documentId: 'doc-1' };

/** The payload every comment event shares, with the acting user. */
const onAnnotation = (actionUser: typeof alice) => ({
  annotationId: annotation.annotationId,
  commentAnnotation: annotation,
  actionUser,
  metadata,
});
const onComment = (actionUser: typeof alice) => ({ ...onAnnotation(actionUser), targetComment: comment });
const change = (field: string, from: unknown, to: unknown) => ({ changes: { [field]: { from, to } } });
const attemptExample = (statusCode: number | null) => ({
  endpointId: 'ep_01JH5ZQ8W3',
  endpointUid: null,
  messageId: 'evt_0b7c2f3e-5d1a-4c8e-9a6b-2f4d8e1c7a90',
  eventType: 'comment.add',
  lastAttempt: {
    attemptId: 'evt_0b7c2f3e-5d1a-4c8e-9a6b-2f4d8e1c7a90.ep_01JH5ZQ8W3.s4',
    statusCode,
    at: 1_767_225_600_000,
  },
});

/** An example payload of each event type. */
const exampleData: { readonly [Name in EventTypeName]: Record<string, unknown> } = {
  'comment_annotation.add': onComment(alice),
  'comment.add': { ...onComment(bob), targetComment: { ...comment, commentId: 'c-2', from: bob } },
  'comment.update': {
    ...onComment(alice),
    ...change('commentText', 'Can we tighten this?', comment.commentText),
  },
  'comment.delete': onComment(alice),
  'comment_annotation.status_change': {
    ...onAnnotation(bob),
    commentAnnotation: { ...annotation, status: 'resolved' },
    oldStatus: 'open',
    newStatus: 'resolved',
    ...change('status', 'open', 'resolved'),
  },
  'comment_annotation.assign': {
    ...onAnnotation(alice),
    commentAnnotation: { ...annotation, assignedTo: bob },
    oldAssignedTo: null,
    newAssignedTo: bob,
    ...change('assignedTo', null, bob),
  },
  'comment_annotation.priority_change': {
    ...onAnnotation(alice),
    commentAnnotation: { ...annotation, priority: 'high' },
    oldPriority: null,
    newPriority: 'high',
    ...change('priority', null, 'high'),
  },
  'comment_annotation.suggestion_accept': {
    ...onAnnotation(bob),
    commentAnnotation: { ...annotation, type: 'suggestion', suggestionDecision: 'accept' },
    ...change('suggestionDecision', null, 'accept'),
  },
  'comment_annotation.suggestion_reject': {
    ...onAnnotation(bob),
    commentAnnotation: { ...annotation, type: 'suggestion', suggestionDecision: 'reject' },
    ...change('suggestionDecision', null, 'reject'),
  },
  'comment.reaction_add': { ...onComment(bob), reaction: { icon: '👍' } },
  'comment.reaction_delete': { ...onComment(bob), reaction: { icon: '👍' } },
  'comment_annotation.delete': onAnnotation(alice),
  'crdt.update_data': {
    editorId: 'editor-1',
    type: 'text',
    contentKey: 'content',
    data: 'Hello, world',
    lastUpdate: 1_767_225_600_000,
    lastUpdatedBy: alice.userId,
  },
  'notification.digest': {
    userId: bob.userId,
    organizationId: metadata.organizationId,
    unreadCount: 3,
    notifications: [
      {
        id: 'n-2',
        organizationId: metadata.organizationId,
        documentId: metadata.documentId,
        actionUser: alice,
        isNotificationResolverUsed: false,
        notificationSource: 'custom',
        displayHeadlineMessageTemplate: '{actionUser} shared the draft',
        displayHeadlineMessageTemplateData: { actionUser: alice },
        displayBodyMessage: 'Ready for review.',
        timestamp: 1_767_225_600_000,
      },
    ],
  },
  'webhook.test': { test: true },
  'endpoint.created': { endpointId: 'ep_01JH5ZQ8W3', endpointUid: 'billing-hooks' },
  'endpoint.updated': { endpointId: 'ep_01JH5ZQ8W3', endpointUid: 'billing-hooks' },
  'endpoint.deleted': { endpointId: 'ep_01JH5ZQ8W3', endpointUid: null },
  'endpoint.disabled': { endpointId: 'ep_01JH5ZQ8W3', endpointUid: 'billing-hooks', reason: 'failing' },
  'message.attempt.failing': attemptExample(503),
  'message.attempt.exhausted': attemptExample(null),
  'message.attempt.recovered': attemptExample(204),
};

/** An example message of an event type, as an endpoint receives it. */
function exampleMessage(name: EventTypeName) {
  return {
    id: 'evt_0b7c2f3e-5d1a-4c8e-9a6b-2f4d8e1c7a90',
    event: name,
    actionType: actionTypeOf(name),
    source: eventTypes[name].source,
    data: exampleData[name],
    webhookId: 'ep_01jh2k3m4n5p6q7r8s9t0vwxyz',
    platform: 'api',
    timestamp: 1_767_225_600_000,
  };
}

/** One event type of the catalog, as eventtypes/get lists it. */
export type EventCatalogEntry = ReturnType<typeof eventCatalog>[number];

/** Every event type with its description, the JSON Schema of its message and an example message. */
export function eventCatalog() {
  return (Object.keys(eventTypes) as EventTypeName[]).map((name) => ({
    name,
    description: eventTypes[name].description,
    schema: z.toJSONSchema(messageSchemaOf(name), { target: 'draft-2020-12' }) as Record<string, unknown>,
    example: exampleMessage(name),
  }));
}
