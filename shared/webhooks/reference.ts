/**
 * The reference's words for the webhooks domain's routes (./routes.ts), its event types and how to
 * receive a webhook: see shared/http/reference.ts.
 */
import { domainReference } from '../http/reference';
import type { webhooksContracts } from './contracts';
import { eventTypeNames, eventTypes } from './event-schemas';

const needsAdvanced =
  'Advanced webhooks must be enabled first (`advancedwebhookconfig/update` with `isEnabled: true`), else `FAILED_PRECONDITION`.';
const unknownEndpoint = 'An endpoint of another API key, or none, is `NOT_FOUND`.';
const targetUrl =
  'Where deliveries are POSTed: an http(s) URL. Deployed stacks refuse addresses that are not public (loopback, private, link-local, cloud metadata), here and again at each delivery; the local stack allows loopback so a receiver on your machine works.';

export const webhooksReference = domainReference<typeof webhooksContracts>()({
  operations: {
    'workspace.advancedwebhook.endpoints.get': `Lists the endpoints newest first, \`limit\` at a time. While \`done\` is false, send the answered \`iterator\` to get the next page. ${needsAdvanced}`,
    'workspace.advancedwebhook.endpoints.create': `Creates an endpoint that receives every published event its \`filterTypes\` and \`channels\` let through, signed with its own secret (the service generates it; read it with \`endpoints/secret/get\`). See **Receiving webhooks** below for the request your URL gets. ${needsAdvanced}`,
    'workspace.advancedwebhook.endpoints.update': `Changes the fields sent and keeps the others (\`uid\` cannot change); at least one field besides \`endpointId\` is required. Disabling an endpoint stops its deliveries: its pending messages are dead-lettered and can be replayed after it is enabled again. ${unknownEndpoint} ${needsAdvanced}`,
    'workspace.advancedwebhook.endpoints.delete': `Deletes the endpoint; it receives nothing more. ${unknownEndpoint} ${needsAdvanced}`,
    'workspace.advancedwebhook.endpoints.secret.get': `Answers the endpoint's current signing secret, to verify its deliveries. ${unknownEndpoint} ${needsAdvanced}`,
    'workspace.advancedwebhook.endpoints.secret.rotate': `Gives the endpoint a new signing secret. For 24 hours every delivery carries two signatures, one by the new secret and one by the previous, so receivers can switch over without losing a message. ${unknownEndpoint} ${needsAdvanced}`,
    'workspace.advancedwebhook.endpoints.messages.get': `Lists the messages sent to the endpoint, newest first, each with its state and every attempt (time, outcome, HTTP status, duration, response excerpt). ${unknownEndpoint} ${needsAdvanced}`,
    'workspace.advancedwebhook.endpoints.messages.replay': `Sends a dead-lettered message again with a fresh retry schedule and the same \`webhook-id\`, so a receiver that keeps ids can drop a copy it already has. Only \`dead\` messages can be replayed (\`FAILED_PRECONDITION\` otherwise); an unknown message is \`NOT_FOUND\`. ${needsAdvanced}`,
    'workspace.advancedwebhook.endpoints.recover': `Sends every dead-lettered message of the endpoint whose event falls between \`since\` (at most 14 days ago, not in the future) and \`until\` (now by default) again, oldest first, each with a fresh retry schedule and its own \`webhook-id\`, under the endpoint's \`rateLimit\`. Runs as a background task: answers its \`taskId\` at once; follow it with \`endpoints/recover/status\`. A task that is interrupted goes on where it stopped and sends no message twice. A disabled endpoint is \`FAILED_PRECONDITION\` (enable it first). ${unknownEndpoint} ${needsAdvanced}`,
    'workspace.advancedwebhook.endpoints.recover.status':
      'Answers how far a recover task has come: its state, how many dead messages it found in the window (`total`, final once it starts sending) and how many it has sent again (`recovered`). An unknown task is `NOT_FOUND`.',
    'workspace.advancedwebhook.endpoints.stats': `Counts the endpoint's messages of events since \`since\` (24 hours ago by default, at 5-minute resolution) by state: delivered, dead-lettered, waiting for a first attempt, and waiting for a retry. ${unknownEndpoint} ${needsAdvanced}`,
    'workspace.advancedwebhook.messages.get': `Lists the API key's messages across all its endpoints, newest first, each with its state at every endpoint it went to. Filter by event type, state, time and channel; a state filter matches a message when any of its endpoints is in that state. Messages older than the config's \`messageRetentionDays\` are gone. ${needsAdvanced}`,
    'workspace.advancedwebhook.messages.attempts.get': `Lists the delivery attempts of one message, to every endpoint or to \`endpointId\` only, newest first: when, the outcome, the HTTP status, how long, the start of the response, and whether it was scheduled or a manual resend. An unknown message is \`NOT_FOUND\`. ${needsAdvanced}`,
    'workspace.advancedwebhook.messages.payload.get': `Answers the message as the endpoint receives it (\`payload\`: the JSON of **Receiving webhooks**, before the encoding or encryption the config may apply), with its event type and time. An unknown message, or one past the retention, is \`NOT_FOUND\`. ${needsAdvanced}`,
    'workspace.advancedwebhook.messages.resend': `Makes one more attempt of the message to the endpoint now, whatever the message's state, with the same \`webhook-id\`; a dead-lettered message stays dead unless it succeeds. Answers the attempt's id; \`messages/attempts/get\` lists it once made. An unknown message or endpoint is \`NOT_FOUND\`. ${needsAdvanced}`,
    'workspace.advancedwebhook.eventtypes.get':
      'Lists every event type the service sends, with what it means, the JSON Schema (2020-12) of its whole message and an example message; every real message of the type validates against the schema. The same list, with how to verify a delivery, is under **Receiving webhooks** below.',
    'workspace.advancedwebhook.portal.session': `Opens a portal session for your customer: answers a bearer token and the URL of the portal page served by this service, with the token in the URL's fragment. Every advanced-webhook route also accepts \`Authorization: Bearer <token>\` instead of the API-key headers; a read-only session may call only the list, get and stats routes, and a session limited to \`endpointIds\` sees and changes only those endpoints (others are \`NOT_FOUND\`). Any other route refuses the token (\`PERMISSION_DENIED\`); an expired, revoked or altered token is \`UNAUTHENTICATED\`. Only API-key credentials open or revoke sessions. An unknown endpoint in \`endpointIds\` is \`NOT_FOUND\`. ${needsAdvanced}`,
    'workspace.advancedwebhook.portal.session.get':
      "Answers what the caller's credentials may do on the advanced-webhook routes: with a portal session's token, whether it is read-only and the endpoints it is limited to (null: every endpoint), so a page can show only what the session allows; with API-key credentials, everything (`portal: false`). Reads nothing beyond the credentials.",
    'workspace.advancedwebhook.portal.session.revoke':
      'Ends the portal session of `token` at once: its next request is `UNAUTHENTICATED`. Revoking an expired or already revoked session succeeds; a token that is not one of this API key’s sessions is `NOT_FOUND`.',
    'workspace.webhooks.test':
      'Publishes a `webhook.test` event through the real delivery path (signed, retried and listed like any message), whatever the filters: to the endpoint `endpointId` (which must be enabled, and advanced webhooks on), or without it to the configured basic-webhook URLs. Use it to check a receiver.',
  },
  fields: {
    'data.endpointId': 'The endpoint, as created (`endpoints/create` answered it as `id`).',
    'result.data.endpointId': 'The endpoint.',
    endpoints: 'This page of endpoints.',
    'WebhookEndpoint.id': 'The endpoint id, generated by the service.',
    url: targetUrl,
    description: 'A description of the endpoint, for people; empty when none.',
    filterTypes:
      'The event types the endpoint receives (see **Receiving webhooks** for the list); at least one when given. Null or left out: every event type except the operational ones (`endpoint.*`), which go only to endpoints that name them, never to the endpoint they are about.',
    channels:
      'The channels the endpoint receives: an event goes out on `org.<organizationId>` and `doc.<documentId>` of the organization and document it concerns; the endpoint gets it when they share one channel. At least one when given. Null or left out: every channel.',
    disabled: 'A disabled endpoint receives nothing. Default false.',
    rateLimit:
      'At most this many deliveries per second to the endpoint; more wait their turn, none is dropped. Null: no limit.',
    uid: 'Your own unique id for the endpoint, set at creation only; null when none.',
    metadata: 'Your own string fields (at most 50), stored and answered as given.',
    'WebhookEndpoint.createdAt': 'When the endpoint was created (ISO 8601, UTC).',
    'WebhookEndpoint.updatedAt': 'When the endpoint last changed (ISO 8601, UTC).',
    limit: 'How many items one page holds at most.',
    'data.iterator':
      'The `iterator` of the previous page, to read the next one; leave it out (or null) for the first page.',
    'result.data.iterator': 'The cursor of the next page; null on the last page.',
    prevIterator: 'The cursor of the page before this one; null on the first page.',
    done: 'True on the last page.',
    secret:
      'The signing secret: `whsec_` followed by the base64 of 24 random bytes. Deliveries are signed with the bytes after the prefix (see **Receiving webhooks**).',
    'data.pageToken':
      'The `pageToken` of the previous page, to read the next one; leave it out (or null) for the first page.',
    'result.data.pageToken': 'The token of the next page; null on the last page.',
    messages: 'This page of messages, newest first.',
    'data.messageId': 'The message: its `messageId` (the `webhook-id` header it was sent with).',
    'result.data.messageId': 'The id of the test event: the `webhook-id` of its deliveries.',
    'EndpointMessage.messageId': 'The message id: the `webhook-id` header of every attempt.',
    'data.timestamp':
      'The `timestamp` of the message, as listed (epoch milliseconds); together with `messageId` it finds the message.',
    'result.data.timestamp': 'When the test event was published, epoch milliseconds.',
    'EndpointMessage.timestamp': 'When the event happened, epoch milliseconds.',
    'attempts.timestamp': 'When the attempt was made (ISO 8601, UTC).',
    event: 'The event type.',
    'EndpointMessage.status':
      '`pending` (being delivered or waiting for a retry), `succeeded` (a 2xx answer arrived) or `dead` (all attempts failed, or the endpoint was disabled or deleted; replayable).',
    'attempts.status':
      '`success` (2xx), `failure` (another HTTP status), `timeout` (no answer within 15 seconds), `refused` (the address is not allowed) or `error` (no HTTP answer at all).',
    reason:
      'Why the message was dead-lettered without using up its attempts (the endpoint was disabled or deleted); null otherwise.',
    attemptCount: 'How many attempts were made.',
    nextAttemptAt: 'When the next attempt is due (ISO 8601, UTC); null when none is.',
    attempts: 'Every attempt, oldest first.',
    attempt: 'The number of the attempt, from 1.',
    statusCode: 'The HTTP status the receiver answered; null when it gave none.',
    durationMs: 'How long the attempt took, in milliseconds.',
    response: 'The start of the response body, for diagnosis.',
    'EndpointMessage.createdAt': 'When the message was created (ISO 8601, UTC).',
    'EndpointMessage.updatedAt': 'When the message last changed (ISO 8601, UTC).',
    eventTypes: 'Only messages of these event types (at most 50).',
    'data.status':
      'Only messages with at least one endpoint in this state: `pending`, `succeeded` or `dead`.',
    'data.since': 'Only events at or after this time, epoch milliseconds.',
    'workspace.advancedwebhook.endpoints.stats: data.since':
      'Count the messages of events from this time on, epoch milliseconds; 24 hours ago when left out.',
    'workspace.advancedwebhook.endpoints.recover: data.since':
      'Recover the dead messages of events from this time on, epoch milliseconds: at most 14 days ago, not in the future.',
    'workspace.advancedwebhook.endpoints.recover: data.until':
      'Recover the dead messages of events up to this time, epoch milliseconds; now when left out. Not before `since`.',
    portal: "Whether a portal session's token made the request (false: API-key credentials).",
    'MessagePayload.messageId': 'The message id: the `webhook-id` of its deliveries.',
    'MessagePayload.endpointId': 'The endpoint the message goes to.',
    'MessagePayload.timestamp': 'When the event happened, epoch milliseconds.',
    payload:
      'The message as the endpoint receives it: `{ id, event, actionType, source, data, webhookId, platform, timestamp }`.',
    'workspace.advancedwebhook.portal.session.get: result.data.readOnly':
      'Whether the session may only read (list, get, stats and status routes).',
    'workspace.advancedwebhook.portal.session.get: result.data.endpointIds':
      'The endpoints the session sees and changes; null: every endpoint of the API key.',
    'data.taskId': 'The recover task, as `endpoints/recover` answered it.',
    'result.data.taskId': 'The recover task: follow it with `endpoints/recover/status`.',
    'RecoverTask.taskId': 'The recover task.',
    'RecoverTask.status':
      '`pending` (not started yet), `in_progress`, `completed` or `failed` (the endpoint was deleted, or the task stopped making progress).',
    recovered: 'Dead messages sent again so far.',
    total:
      'Dead messages found in the window; final once sending starts (a message that died meanwhile is sent and counted too).',
    'result.data.since': 'The start of the counted range, epoch milliseconds (rounded to 5 minutes).',
    until: 'Only events at or before this time, epoch milliseconds; not before `since`.',
    channel: 'Only messages on this channel (`org.<organizationId>` or `doc.<documentId>`).',
    'LogMessage.messageId': 'The message id: the `webhook-id` of its deliveries.',
    eventType: 'The event type.',
    'LogMessage.timestamp': 'When the event happened, epoch milliseconds.',
    'LogMessage.channels': 'The channels the message went out on.',
    'LogMessage.endpoints': 'Each endpoint the message went to, with its state there.',
    'endpoints.status': '`pending`, `succeeded` or `dead` at this endpoint.',
    'endpoints.attemptCount': 'Attempts made to this endpoint, scheduled and manual.',
    'endpoints.endpointId': 'The endpoint.',
    attemptId: 'The attempt id.',
    'MessageAttempt.endpointId': 'The endpoint the attempt went to.',
    at: 'When the attempt was made, epoch milliseconds.',
    'MessageAttempt.status':
      '`success` (2xx), `failure` (another HTTP status), `timeout` (no answer within 15 seconds), `refused` (the address is not allowed) or `error` (no HTTP answer at all).',
    trigger: '`scheduled` (the retry schedule) or `manual` (a resend).',
    'result.data.success': 'Messages delivered (a 2xx answer).',
    fail: 'Messages dead-lettered.',
    pending: 'Messages waiting for their first attempt.',
    sending: 'Messages waiting for a retry after a failed attempt.',
    'EventType.name': 'The event type, as `filterTypes` takes it.',
    'EventType.description': 'What the event means.',
    schema: 'The JSON Schema (2020-12) of the whole message of this type.',
    example: 'An example message of this type.',
    expiresInSeconds: 'How long the session lasts: 60 to 86,400 seconds, default 3,600.',
    readOnly:
      'A read-only session may call only the list, get and stats routes (not `endpoints/secret/get`). Default false.',
    endpointIds:
      'Limits the session to these endpoints of the API key (1 to 100); left out, the session sees every endpoint.',
    'result.data.url':
      'The portal page, with the token in its fragment (`#token=`): give it to your customer.',
    token: 'The portal session’s bearer token.',
    expiresAt: 'When the session ends, epoch milliseconds.',
    targets:
      'Where the test event went: `endpoint:<endpointId>`, or `basic:raw` and `basic:processed` for the basic-webhook URLs.',
  },
});

/**
 * How to receive a webhook, with the event catalogue: the webhooks section's introduction in the
 * reference (Markdown).
 */
export const receivingWebhooks = [
  'Webhooks: basic and advanced configs, endpoints and their signing secrets, messages (listing, replay) and test events.',
  '',
  '## Receiving webhooks',
  '',
  'Every event is POSTed to your URL as one JSON message:',
  '',
  '```json',
  '{ "id": "evt_…", "event": "comment.add", "actionType": "add", "source": "comment", "data": { … }, "webhookId": "<endpoint id>", "platform": "api", "timestamp": 1767225600000 }',
  '```',
  '',
  '`id` is the same on every retry of a message (and is its `webhook-id` header): keep the ids you have handled and drop a repeat. `timestamp` is when the event happened, in epoch milliseconds. With `encodeData` or `encryptData` in the webhook config the body is wrapped instead (see the config operations).',
  '',
  '**Advanced endpoints** sign every delivery as the Standard Webhooks specification says. Three headers come with it:',
  '',
  '| Header | Value |',
  '|---|---|',
  '| `webhook-id` | The message id. |',
  '| `webhook-timestamp` | When this attempt was sent, in Unix seconds. |',
  '| `webhook-signature` | `v1,<base64 signature>`, space-separated when there are two (for 24 hours after a secret rotation). |',
  '',
  "The signature is the HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<raw body>`, keyed with the bytes of the endpoint's secret (`endpoints/secret/get`) after its `whsec_` prefix, base64-decoded. Verify it over the raw body, before parsing it, and refuse a timestamp more than 5 minutes away from your clock. In Node.js the `standardwebhooks` package (npm) does all of it:",
  '',
  '```js',
  "import { Webhook } from 'standardwebhooks';",
  '',
  "const webhook = new Webhook(process.env.ENDPOINT_SECRET); // 'whsec_…'",
  '// rawBody: the request body as received (a string or Buffer); headers: the request headers.',
  '// Throws when the signature or the timestamp does not hold.',
  'const message = webhook.verify(rawBody, headers);',
  '```',
  '',
  "`svix`'s `Webhook` verifies them the same way, and so does any Standard Webhooks library.",
  '',
  '**Basic webhooks** are not signed: they carry `Authorization: Basic <authToken>` from the webhook config when one is set; compare it with yours.',
  '',
  '**Answer** with any 2xx status within 15 seconds. Anything else is retried 5 seconds, 5 minutes, 30 minutes, 2, 5, 10 and 10 hours after the previous attempt (±20 %, at least 60 seconds after a 429 or a timeout, longer when you send `Retry-After`). After the last attempt the message is dead-lettered: it stays listed and can be replayed. An endpoint that has not succeeded for 5 days is disabled.',
  '',
  '### Event types',
  '',
  '`filterTypes` of an endpoint and the `triggers` of the basic-webhook config take these names:',
  '',
  '| Event type | When |',
  '|---|---|',
  ...eventTypeNames.map((type) => `| \`${type}\` | ${eventTypes[type].description} |`),
].join('\n');
