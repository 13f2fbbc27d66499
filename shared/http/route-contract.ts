/**
 * The shape of a route's contract and the builders every domain's `contracts.ts` states its routes'
 * contracts with; the types each domain's `examples.ts` checks its examples against.
 */
import type * as z from 'zod/mini';
import { batchResult, nextPage, success } from './response-schemas';

/** What a route accepts as `data` and answers as `result`. */
export interface RouteContract {
  readonly input: z.ZodMiniType;
  /** The whole `result`: the success envelope's fields, or the bare body of the memory routes. */
  readonly output: z.ZodMiniObject;
}

/** The contract of a route that answers `data` alone in the success envelope. */
export const answering = <Input extends z.ZodMiniType, Data extends z.ZodMiniType>(
  input: Input,
  data: Data,
) => ({
  input,
  output: success({ data }),
});

// One schema each, shared by every route answering it.
const batchAnswer = success({ data: batchResult });
const acknowledgement = success();

/** The contract of a batch operation: `data` holds each submitted item's outcome (base rule 5). */
export const answeringBatch = <Input extends z.ZodMiniType>(input: Input) => ({ input, output: batchAnswer });

/** The contract of a route that answers the status and message only. */
export const acknowledging = <Input extends z.ZodMiniType>(input: Input) => ({
  input,
  output: acknowledgement,
});

/**
 * The contract of a paged read: one page as `data`, beside it the next page's token under the name
 * the contract gives it for this route (`nextPageToken` or `pageToken`).
 */
export const answeringPage = <
  Input extends z.ZodMiniType,
  Data extends z.ZodMiniType,
  Token extends 'nextPageToken' | 'pageToken',
>(
  input: Input,
  data: Data,
  token: Token,
) => ({
  input,
  // The cast keeps the one literal key that a computed key would widen to an index signature.
  output: success({ data, ...({ [token]: nextPage } as Record<Token, typeof nextPage>) }),
});

/** The contracts of some routes (a domain's rows), one per route name. */
export type ContractsOf<Rows extends readonly { readonly name: string }[]> = Record<
  Rows[number]['name'],
  RouteContract
>;

/** A route's example: request `data` and success `result`, typed by its contract. */
export interface ContractExample<Contract extends RouteContract> {
  readonly request: z.input<Contract['input']>;
  readonly response: z.output<Contract['output']>;
}

/** One example per route of some contracts (a domain's). */
export type ExamplesOf<Contracts extends Record<string, RouteContract>> = {
  readonly [Name in keyof Contracts]: ContractExample<Contracts[Name]>;
};
