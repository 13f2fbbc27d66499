import { webhooksArea } from '../webhooks';
import { documentArea } from './definition';

/** What docs/data-model.md says of `webhooksArea`: its title, item layouts and attributes, access patterns. */
export const webhooksDocs = documentArea(webhooksArea, {
  title: 'Webhook endpoints, outbox and delivery',
  entities: {
    webhookEndpoint: {
      pk: 'AK#<apiKey>#WEBHOOK',
      sk: 'ENDPOINT#<endpointId>',
      attributes:
        'endpointId, url, description, filterTypes, channels, disabled, rateLimit, uid, metadata, secretEncrypted, previousSecretEncrypted?, previousSecretExpiresAt?, createdAt, updatedAt',
    },
    webhookEndpointUid: {
      pk: 'AK#<apiKey>#WEBHOOK',
      sk: 'UID#<uid>',
      attributes: 'uid, endpointId, createdAt, updatedAt',
    },
    webhookEndpointCount: {
      pk: 'AK#<apiKey>#WEBHOOK',
      sk: 'COUNT#ENDPOINTS',
      attributes: 'endpointCount, updatedAt',
    },
    webhookEndpointState: {
      pk: 'AK#<ak>#WEBHOOK',
      sk: 'STATE#<endpointId>',
      attributes: 'sendLog (10 ms bucket → planned sends), lastSendAt, sendLogVersion, failingSince? (ms)',
    },
    webhookDelivery: {
      pk: 'AK#<ak>#DELIVERY#<target>',
      sk: '<eventTimestamp>#<eventId>',
      attributes:
        'apiKey, deliveryId, targetId, event (copy), logEvent (to an endpoint: id, event, timestamp, channels), status (`pending`/`succeeded`/`dead`), attemptCount, attemptBase, nextAttemptAt, enqueuedAttempt, claimedUntil? (ms), reason?, manualRequested?, manualDone? (number set), manualCount, recoveredBy? (the recover task that revived it), attempts (newest 30: attempt, trigger?, at, durationMs, outcome, statusCode, response ≤ 1 KiB), createdAt, updatedAt, ttl (event time + `messageRetentionDays`); gsi7pk/gsi7sk while pending; to an endpoint: gsi9pk `AK#<ak>#MESSAGES`, gsi9sk `<eventTimestamp>#<eventId>#<endpointId>`',
    },
    webhookEndpointStats: {
      pk: 'AK#<ak>#WEBHOOKSTATS#<endpointId>',
      sk: '<bucketStart>',
      attributes:
        'bucketStart, pending, sending, succeeded, dead (messages of the 5-minute bucket of event time by status), createdAt, updatedAt, ttl (bucket end + 90 days)',
    },
    portalSession: {
      pk: 'AK#<ak>#WEBHOOK',
      sk: 'PORTAL#<sessionId>',
      attributes: 'sessionId, readOnly, endpointIds?, expiresAt (ms), createdAt, ttl (expiry)',
    },
    webhookProfileMention: {
      pk: 'AK#<ak>#WEBHOOKUSER#<userId>',
      sk: '<eventTimestamp>#<eventId>',
      attributes:
        'apiKey, userId, eventId, eventTimestamp, targetIds (the targets of its messages), ttl (event time + 90 days); gsi8pk `AK#<ak>#USER#<userId>`, gsi8sk `<organization>#webhook#<eventId>`',
    },
    webhookRecoverTask: {
      pk: 'AK#<ak>#WEBHOOK',
      sk: 'RECOVER#<taskId>',
      attributes:
        "apiKey, taskId, endpointId, since, until (ms), status (`pending`/`in_progress`/`completed`/`failed`), total, phase (`counting`/`sending`/`sent`), recovered, cursor (the pass's next start key), message?, leaseUntil?, resumes?, createdAt, updatedAt, ttl (30 days); gsi7pk/gsi7sk while it runs",
    },
    outboxEvent: {
      pk: 'AK#<ak>#EVENTS',
      sk: '<timestamp>#<eventId>',
      attributes:
        'apiKey, id, event, actionType, source, data, platform, timestamp, organizationId?, documentId?, ttl (7 days); gsi7pk/gsi7sk until fanned out',
    },
  },
  accessPatterns: {
    endpointsOfApiKey: {
      pattern: 'endpoints of an API key, newest first',
      pk: '`AK#<apiKey>#WEBHOOK`',
      sk: 'begins_with `ENDPOINT#`, descending (ascending for `prevIterator`)',
      operation: 'Query (limit + 1)',
      usedBy: '`workspace.advancedwebhook.endpoints.get`',
    },
    endpoint: {
      pattern: 'one endpoint',
      pk: '`AK#<apiKey>#WEBHOOK`',
      sk: '`ENDPOINT#<endpointId>`',
      operation: 'GetItem / UpdateItem / DeleteItem, condition `attribute_exists(pk)`',
      usedBy: 'endpoints update, delete, secret get/rotate',
    },
    createEndpoint: {
      pattern: 'create an endpoint (with its uid), under the cap',
      pk: '`AK#<apiKey>#WEBHOOK`',
      sk: '`COUNT#ENDPOINTS` + `ENDPOINT#<endpointId>` (+ `UID#<uid>`)',
      operation: 'TransactWriteItems: count `ADD 1` if `< max`, puts `attribute_not_exists`',
      usedBy: '`workspace.advancedwebhook.endpoints.create`',
    },
    deleteEndpoint: {
      pattern: 'delete an endpoint',
      pk: '`AK#<apiKey>#WEBHOOK`',
      sk: '`ENDPOINT#<endpointId>` + `COUNT#ENDPOINTS` (+ `UID#<uid>`)',
      operation: 'TransactWriteItems: delete `attribute_exists`, count `ADD -1`',
      usedBy: '`workspace.advancedwebhook.endpoints.delete`',
    },
    outboxEvent: {
      pattern: 'outbox event',
      pk: '`AK#<ak>#EVENTS`',
      sk: '`<timestamp>#<eventId>`',
      operation: "Put in the producer's transaction; read by the stream",
      usedBy: 'every event producer',
    },
    outboxEventsToFanOut: {
      pattern: 'outbox events to fan out',
      pk: '`AK#<ak>#EVENTS`',
      sk: '`<timestamp>#<eventId>`',
      operation: 'stream, filtered to inserted `outboxEvent`',
      usedBy: 'event fan-out',
    },
    startMessage: {
      pattern: 'start a message',
      pk: '`AK#<ak>#DELIVERY#<target>`',
      sk: '`<eventTimestamp>#<eventId>`',
      operation: 'PutItem, `attribute_not_exists`',
      usedBy: 'event fan-out, `workspace.webhooks.test`',
    },
    claimAttempt: {
      pattern: 'claim an attempt (reads it)',
      pk: 'same',
      sk: 'same',
      operation:
        'UpdateItem `SET claimedUntil`, condition next attempt, due, no live claim; ALL_NEW / ALL_OLD',
      usedBy: 'delivery worker',
    },
    recordAttempt: {
      pattern: 'record an attempt',
      pk: 'same',
      sk: 'same',
      operation:
        'UpdateItem, condition `attemptCount = :read AND claimedUntil = :claim` (moves or removes the due keys)',
      usedBy: 'delivery worker',
    },
    replayMessage: {
      pattern: 'replay',
      pk: 'same',
      sk: 'same',
      operation: 'UpdateItem, condition `status = dead`',
      usedBy: '`workspace.advancedwebhook.endpoints.messages.replay`',
    },
    message: {
      pattern: 'a message',
      pk: 'same',
      sk: 'same',
      operation: 'GetItem (consistent)',
      usedBy: 'replay, tests',
    },
    messagesOfTarget: {
      pattern: "a target's messages, newest first",
      pk: '`AK#<ak>#DELIVERY#<target>`',
      sk: '`>= <90 days ago>` (the longest retention), descending',
      operation: 'Query',
      usedBy: '`workspace.advancedwebhook.endpoints.messages.get`',
    },
    endpointDeliveryState: {
      pattern: 'plan sends (rate limit); failing streak',
      pk: '`AK#<ak>#WEBHOOK`',
      sk: '`STATE#<endpointId>`',
      operation: 'UpdateItem, condition `sendLogVersion = :read`',
      usedBy: 'delivery worker',
    },
    markOutboxEventFannedOut: {
      pattern: 'mark an outbox event fanned out',
      pk: '`AK#<ak>#EVENTS`',
      sk: '`<timestamp>#<eventId>`',
      operation: 'UpdateItem `REMOVE gsi7pk, gsi7sk`',
      usedBy: 'event fan-out, reconciler',
    },
    messagesOfApiKey: {
      pattern: "an API key's messages to endpoints, newest first, grouped by event",
      pk: 'gsi9pk = `AK#<ak>#MESSAGES`',
      sk: 'gsi9sk between `<since>` and `<until + 1>`, descending; filter `logEvent.event IN`, `contains(logEvent.channels)`',
      operation: 'Query (more while filters thin a page, at most 10)',
      usedBy: '`workspace.advancedwebhook.messages.get`',
    },
    endpointsOfMessage: {
      pattern: "one event's messages to every endpoint, with their attempts",
      pk: 'gsi9pk = `AK#<ak>#MESSAGES`, then each `AK#<ak>#DELIVERY#endpoint:<id>`',
      sk: 'begins_with `<eventTimestamp>#<eventId>#`, then `<eventTimestamp>#<eventId>`',
      operation: 'Query, then BatchGetItem',
      usedBy: '`workspace.advancedwebhook.messages.attempts.get` without `endpointId`',
    },
    requestManualAttempt: {
      pattern: "a manual attempt's number",
      pk: '`AK#<ak>#DELIVERY#endpoint:<id>`',
      sk: '`<eventTimestamp>#<eventId>`',
      operation: 'UpdateItem `ADD manualRequested 1`, condition `attribute_exists(pk)`; UPDATED_NEW',
      usedBy: '`workspace.advancedwebhook.messages.resend`',
    },
    manualAttempt: {
      pattern: 'claim and record a manual attempt',
      pk: 'same',
      sk: 'same',
      operation:
        'UpdateItem `SET claimedUntil`, condition `NOT contains(manualDone, :n)`, no live claim; record `ADD manualDone :n` under the claim',
      usedBy: 'delivery worker',
    },
    countMessageStatus: {
      pattern: "move a message between its endpoint's status counts",
      pk: '`AK#<ak>#WEBHOOKSTATS#<endpointId>`',
      sk: '`<bucketStart>`',
      operation: 'UpdateItem `ADD <to> 1, <from> -1` after the write that changed the message',
      usedBy: 'event fan-out, delivery worker, replay',
    },
    portalSession: {
      pattern: 'a portal session (create, read by its token on every portal request, revoke)',
      pk: '`AK#<ak>#WEBHOOK`',
      sk: '`PORTAL#<sessionId>`',
      operation: 'PutItem, GetItem, DeleteItem',
      usedBy: '`workspace.advancedwebhook.portal.session`, `.revoke`, every portal-token request',
    },
    profileMention: {
      pattern:
        "the profiles an event's webhook messages carry, one item per user (written with the messages; read and deleted by the user's erasure through gsi8)",
      pk: '`AK#<ak>#WEBHOOKUSER#<userId>`',
      sk: '`<eventTimestamp>#<eventId>`',
      operation: 'PutItem (in the fan-out transaction), DeleteItem',
      usedBy: 'the event fan-out, `users.data.delete` (background-job worker)',
    },
    recoverTask: {
      pattern: 'a recover task (start, claim, progress with its lease, end, status)',
      pk: '`AK#<ak>#WEBHOOK`',
      sk: '`RECOVER#<taskId>`',
      operation: 'PutItem, GetItem, UpdateItem (conditional on status / lease)',
      usedBy:
        '`workspace.advancedwebhook.endpoints.recover`, `.recover.status`, the background-job worker, the reconciler',
    },
    deadMessagesOfEndpointInWindow: {
      pattern: "an endpoint's dead messages in a window of event time, oldest first (count, then revive)",
      pk: '`AK#<ak>#DELIVERY#endpoint:<endpointId>`',
      sk: '`BETWEEN <since> AND <until + 1>`, FilterExpression on status',
      operation: 'Query (Select COUNT; then 100 per page, ids and state projected)',
      usedBy: 'the recover task (background-job worker)',
    },
    endpointStats: {
      pattern: "an endpoint's status counts since a time",
      pk: '`AK#<ak>#WEBHOOKSTATS#<endpointId>`',
      sk: 'between `<since bucket>` and `<now bucket>` (one Query per week of buckets, in parallel)',
      operation: 'Query',
      usedBy: '`workspace.advancedwebhook.endpoints.stats`',
    },
  },
});
