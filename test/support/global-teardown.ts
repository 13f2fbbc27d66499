/** Kills the DynamoDB Local child started by the global setup. */
export default async function globalTeardown(): Promise<void> {
  (globalThis as { __dynamo?: { stop(): void } }).__dynamo?.stop();
}
