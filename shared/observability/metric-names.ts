/**
 * The service's own CloudWatch metrics (embedded metric format, written with the logs): one
 * namespace, dimensions `service` and `stage`, and these names. The stack's alarms and dashboard
 * read the same constants, so a renamed metric cannot leave an alarm watching nothing.
 */
export const metricsNamespace = 'CollabBackend';

/** The `service` dimension (Powertools' service name) of every metric. */
export const metricsServiceName = 'collab-backend';

export const metricNames = {
  /** Webhook delivery attempts, with dimension `outcome` (delivered, failed, retrying, ...). */
  deliveries: 'Deliveries',
  /** Milliseconds one webhook attempt took. */
  attemptLatency: 'DeliveryAttemptLatency',
  /** Milliseconds from the event to its successful delivery. */
  eventToDeliveryLag: 'EventToDeliveryLag',
  /** Deliveries given up after the last retry. */
  deadLetters: 'DeliveryDeadLetters',
  /** Endpoints disabled after failing for too long. */
  autoDisables: 'EndpointAutoDisables',
  /** Milliseconds from an outbox event's write to its fan-out. */
  fanOutLag: 'FanOutLag',
  /** Overdue pieces of work the reconciler found and put back on their way. */
  reconcilerFinds: 'ReconcilerFinds',
  /** Due items the reconciler quarantined after their handler failed too often in a row. */
  reconcilerQuarantined: 'ReconcilerQuarantined',
  /** Calls to the permission provider, and those that failed or timed out. */
  providerCalls: 'PermissionProviderCalls',
  providerFailures: 'PermissionProviderFailures',
  /** Documents a migration job moved in one step. */
  migrationProgress: 'MigrationDocumentsMoved',
  /** Error responses of a route, with dimensions `route` and `status`. */
  routeErrors: 'RouteErrors',
  /** Failed keyring refreshes, with dimension `outcome`: `stale` (served the old one), `refused` (failed closed). */
  keyringRefreshFailures: 'KeyringRefreshFailures',
} as const;
