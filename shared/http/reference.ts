/**
 * The words of the API reference that the schemas do not carry: what each operation does beyond its
 * summary, and what each request and response field means. Each domain states its own in its
 * `reference.ts` with `domainReference`, typed from its contracts so that a route or a field name
 * without words fails to compile; shared/api/route-reference.ts composes them for `npm run docs`.
 * Docs only: no handler imports these modules (lint rule `reference-words-stay-out-of-bundles`), so
 * no bundle carries the prose.
 */
import type * as z from 'zod/mini';
import type { RouteContract } from './route-contract';

type Shallower = [never, 0, 1, 2, 3, 4, 5, 6, 7, 8];

/**
 * The property names of a value, at any depth: of array items, union branches and map values too;
 * the keys of a map (an index signature) are not names. Bounded in depth for recursive types.
 */
export type FieldNames<Value, Depth extends number = 8> = [Depth] extends [never]
  ? never
  : Value extends readonly (infer Item)[]
    ? FieldNames<Item, Shallower[Depth]>
    : Value extends object
      ?
          | KnownKeys<Value>
          | {
              [Key in keyof Value & string]-?: FieldNames<NonNullable<Value[Key]>, Shallower[Depth]>;
            }[keyof Value & string]
      : never;

/** The named keys of an object type, without its index signatures (which absorb them in `keyof`). */
type KnownKeys<Value> = keyof {
  [Key in keyof Value as string extends Key ? never : number extends Key ? never : Key]: Value[Key];
} &
  string;

/** Every field name of some routes' `data` (as sent) and `result` (as answered). */
export type ContractFieldNames<Contracts extends Record<string, RouteContract>> = {
  [Name in keyof Contracts]:
    | FieldNames<z.input<Contracts[Name]['input']>>
    | FieldNames<z.output<Contracts[Name]['output']>>;
}[keyof Contracts];

type LastSegment<Key extends string> = Key extends `${string}.${infer Rest}` ? LastSegment<Rest> : Key;

/**
 * What the compiler holds a domain's glossary to (keys `Keys`, field names `Names`): every name has
 * words — under the name itself, under a dotted path ending in it, or in `sharedFields` — and every
 * key ends in one of the names. Either failure shows as a missing property that lists the names.
 */
type GlossaryCheck<Keys extends string, Names extends string> = [
  Exclude<Names, LastSegment<Keys> | SharedFieldName>,
] extends [never]
  ? [Exclude<LastSegment<Keys>, Names>] extends [never]
    ? unknown
    : { readonly 'words for names no contract has': Exclude<LastSegment<Keys>, Names> }
  : { readonly 'field names without words': Exclude<Names, LastSegment<Keys> | SharedFieldName> };

/**
 * A domain's words: one description per route and a glossary of its fields. A glossary entry is
 * keyed by a field's name, or by a dotted path of its parents ending in the name (`folders.name`)
 * where the name means different things in different places: the longest path matching the field
 * wins. Paths start at `data` (what a caller sends), `result` (what it gets back) or a named
 * component (`Folder`). Where one path means different things in two routes, a key prefixed with
 * the route's name (`commentannotations.add: result.data.status`) words it for that route alone,
 * before any other. Write what the field means, its unit, limits and default where the schema
 * does not show them, and what leaving it out does.
 */
export interface DomainReference<Operations extends string = string> {
  /**
   * What each operation does beyond its summary: its rules, effects, limits and the failures a
   * caller should expect, in the words of the contract (docs/openapi.json's `description`).
   */
  readonly operations: { readonly [Name in Operations]: string };
  readonly fields: Readonly<Record<string, string>>;
}

/**
 * A domain's reference words, checked against its contracts (pass `typeof <domain>Contracts`): a
 * route without a description, a field name without words or words for no field fail to compile.
 */
export const domainReference =
  <Contracts extends Record<string, RouteContract>>() =>
  <const Fields extends Readonly<Record<string, string>>>(words: {
    readonly operations: { readonly [Name in keyof Contracts & string]: string };
    readonly fields: Fields & GlossaryCheck<keyof Fields & string, ContractFieldNames<Contracts>>;
  }): DomainReference<keyof Contracts & string> =>
    words;

/**
 * Fields that mean the same in every domain, by name or by a dotted path from the roots every
 * route shares: `data` (what a caller sends), `result` (what it gets back) and `BatchItemResult`
 * (one item of a batch answer). A domain may word a plain name its own way; a longer path wins.
 */
export const sharedFields = {
  'result.status': 'Always `success` on a successful call.',
  'result.message': 'What the operation did, for people to read.',
  'result.data': "The operation's answer.",
  'result.nextPageToken':
    'The token of the next page: send it as `pageToken` with the same query to read on. Absent on the last page.',
  'result.pageToken':
    'The token of the next page: send it as `pageToken` with the same query to read on. Absent on the last page.',
  'data.pageToken':
    'To read the next page: the token the previous page answered with, sent with the same query. Leave it out for the first page. Tokens are opaque and only work for the API key and query they came from.',
  pageSize: 'How many items one page holds at most; a page may hold fewer.',
  'BatchItemResult.success':
    'Whether this item was processed. A batch call succeeds as a whole while single items fail.',
  'BatchItemResult.message': 'What happened to this item, for people to read: why it failed, when it did.',
  'BatchItemResult.id': 'The id of the item, when it names one.',
  'BatchItemResult.organizationUserGroupId':
    'The user group whose membership changed (user-group operations).',
  'BatchItemResult.status':
    'The status of a refused item (`PERMISSION_DENIED` when `verifyUserPermissions` found the acting user without the access the change needs).',
  organizationId: 'The id of the organization: your own id for it, 1–256 characters.',
  documentId: 'The id of the document: your own id for it, 1–256 characters.',
  folderId: 'The id of the folder: your own id for it, 1–256 characters.',
  userId: "The user's id in your app, 1–256 characters.",
  email: "The user's email address.",
  createOrganization:
    'Create the organization when it does not exist yet. Without it, a missing organization is `NOT_FOUND`.',
  createDocument:
    'Create the document when it does not exist yet. Without it, a missing document is `NOT_FOUND`.',
} as const;

/** The field names `sharedFields` words somewhere, which a domain's glossary may then leave out. */
export type SharedFieldName = LastSegment<keyof typeof sharedFields>;
