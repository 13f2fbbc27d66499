import type * as z from 'zod';
import { errorEnvelope, successEnvelope } from '../../shared/http/response-schemas';
import type { RouteContract } from '../../shared/http/route-contracts';

/** What `call` knows about the handler it invoked: its route name and output schema, when it has a route. */
export type ContractedRoute = { route: { name: string } } & Pick<RouteContract, 'output'>;

function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  return issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; ');
}

/**
 * The contract test every integration test runs through `call`: a 200 body must match the route's
 * output schema inside `{ result }`, any other body the error envelope. Throws naming the route
 * and each zod issue path, so a response drifting from its documented schema fails the test that
 * provoked it.
 */
export function assertContract(
  definition: ContractedRoute | undefined,
  statusCode: number,
  body: unknown,
): void {
  const routeName = definition?.route.name ?? 'unrouted';
  if (statusCode === 200) {
    if (!definition) return;
    const parsed = successEnvelope(definition.output).safeParse(body);
    if (!parsed.success) {
      throw new Error(
        `${routeName} answered a body outside its output schema: ${describeIssues(parsed.error.issues)}`,
      );
    }
    return;
  }
  const parsed = errorEnvelope.safeParse(body);
  if (!parsed.success) {
    throw new Error(
      `${routeName} answered HTTP ${statusCode} outside the error envelope: ${describeIssues(parsed.error.issues)}`,
    );
  }
}
