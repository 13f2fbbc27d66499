/** The part of an AWS SDK client this module touches. */
interface WithMiddlewareStack {
  middlewareStack: { remove(name: string): boolean };
}

/**
 * Returns the client without the SDK's logger middleware. The service gives its clients no logger,
 * but the middleware still renders every call's input and output, with sensitive fields filtered
 * out, for the no-op logger that discards them: CPU on every call for nothing (decisions §95).
 */
export function withoutSdkLogging<Client extends WithMiddlewareStack>(client: Client): Client {
  client.middlewareStack.remove('loggerMiddleware');
  return client;
}
