/**
 * Type-level test, compiled by `npm run typecheck` (never run): the client package's types, which
 * it derives from docs/openapi.json, are the contract registry's (shared/api/route-contracts.ts):
 * the same route names, and for every route the input of the schema's `z.input` and the output of
 * its `z.output`. The one thing OpenAPI cannot carry is listed: a template literal type becomes
 * `string`, so that output is wider (what compiled against the registry compiles against it).
 */
import type {
  RouteInput as ClientInput,
  RouteOutput as ClientOutput,
  RouteName as ClientRouteName,
} from '../../packages/client/src/index';
import type { RouteInput, RouteOutput } from '../../shared/api/route-contracts';
import type { RouteName } from '../../shared/api/routes';

/** How the client's type relates to the registry's. */
type Compare<Client, Registry> = [Client] extends [Registry]
  ? [Registry] extends [Client]
    ? 'same'
    : 'narrower'
  : [Registry] extends [Client]
    ? 'wider'
    : 'different';

/** The keys of `T` whose comparison is not `same`. */
type NotSame<T> = { [Key in keyof T]: T[Key] extends 'same' ? never : Key }[keyof T];

type Inputs = { [Name in RouteName]: Compare<ClientInput<Name>, RouteInput<Name>> };
type Outputs = { [Name in RouteName]: Compare<ClientOutput<Name>, RouteOutput<Name>> };

export const routeNames: Compare<ClientRouteName, RouteName> = 'same';
export const inputsNotSame: Compare<NotSame<Inputs>, never> = 'same';
export const outputsNotSame: Compare<NotSame<Outputs>, 'workspace.webhooks.test'> = 'same';
// `targets`: `endpoint:${string}` or a basic channel in the registry, string[] in OpenAPI.
export const webhookTestOutput: Outputs['workspace.webhooks.test'] = 'wider';
