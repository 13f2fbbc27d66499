import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import * as z from 'zod/mini';
import { routeContracts } from '../../shared/api/route-contracts';
import type { RouteName } from '../../shared/api/routes';
import { errorEnvelope, successEnvelope } from '../../shared/http/response-schemas';

/** What `call` knows about the handler it invoked: its route, when it has one. */
export type ContractedRoute = { route: { name: RouteName } };

function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  return issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; ');
}

// Structure only: formats and every other rule are the zod parse's to check.
const ajv = new Ajv2020({ allErrors: true, strict: false, validateFormats: false });
const documented = new WeakMap<z.ZodMiniType, ValidateFunction>();

/**
 * The JSON Schema docs/openapi.json gives the route's 200 body (zod's output-side JSON Schema,
 * where every object is `additionalProperties: false`), compiled once per output schema.
 */
function documentedBody(output: z.ZodMiniType): ValidateFunction {
  let validate = documented.get(output);
  if (!validate) {
    validate = ajv.compile(
      z.toJSONSchema(successEnvelope(output), { io: 'output', target: 'draft-2020-12' }),
    );
    documented.set(output, validate);
  }
  return validate;
}

/**
 * The contract test every integration test runs through `call`: a 200 body must match the route's
 * output schema in the contract registry inside `{ result }` and carry no field the documented JSON
 * Schema lacks (zod alone strips unknown fields), any other body the error envelope. Throws naming the route and each issue
 * path, so a response drifting from its documented schema fails the test that provoked it.
 */
export function assertContract(
  definition: ContractedRoute | undefined,
  statusCode: number,
  body: unknown,
): void {
  const routeName = definition?.route.name ?? 'unrouted';
  if (statusCode === 200) {
    if (!definition) return;
    const { output } = routeContracts[definition.route.name];
    const parsed = successEnvelope(output).safeParse(body);
    if (!parsed.success) {
      throw new Error(
        `${routeName} answered a body outside its output schema: ${describeIssues(parsed.error.issues)}`,
      );
    }
    const validate = documentedBody(output);
    if (!validate(body)) {
      const problems = (validate.errors ?? []).map(
        (error) =>
          `${error.instancePath || '(root)'}: ${error.message}${
            error.keyword === 'additionalProperties' ? ` (${error.params.additionalProperty})` : ''
          }`,
      );
      throw new Error(`${routeName} answered a body outside its documented schema: ${problems.join('; ')}`);
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
