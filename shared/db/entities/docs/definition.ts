import type { AccessPattern, Area, EntityShape } from '../definition';

/**
 * What docs/data-model.md says about an area (decisions §55): only `npm run docs` and the tests
 * import these modules, so the prose stays out of every Lambda bundle. Typed against the runtime
 * area, so each entity and access pattern needs a doc entry and no entry can name one that is not
 * defined.
 */

/**
 * An item type's key layout and attributes. A layout is written as the key reads, `<name>` standing
 * for an encoded id (or the value named); test/unit/db/key-layouts.test.ts checks it against the
 * builder. `sk` lists alternatives when the builder produces more than one shape.
 */
export type EntityDoc<Name extends string> =
  | {
      readonly pk: string;
      readonly sk: string | readonly string[];
      /** Markdown after the layout (the values a `<name>` takes, say). */
      readonly keyNote?: string;
      readonly attributes: string;
    }
  | {
      /** An item stored under the key of another item of the area, which it replaces. */
      readonly sameKeyAs: Name;
      readonly attributes: string;
    };

/** An access pattern as the docs' tables list it: markdown, `…` for the owning partition of a row above. */
export interface AccessPatternDoc {
  readonly pattern: string;
  readonly pk: string;
  readonly sk: string;
  readonly operation: string;
  readonly usedBy: string;
}

/** The docs of an area: a title, and an entry for exactly its entities and access patterns. */
export interface AreaDocs<A extends Area<Record<string, EntityShape>, Record<string, AccessPattern>>> {
  readonly title: string;
  readonly entities: { readonly [K in keyof A['entities']]: EntityDoc<keyof A['entities'] & string> };
  readonly accessPatterns: { readonly [K in keyof A['accessPatterns']]: AccessPatternDoc };
}

/** An area with its docs. */
export type DocumentedArea<A extends Area<Record<string, EntityShape>, Record<string, AccessPattern>>> =
  AreaDocs<A> & { readonly area: A };

/** Pairs an area with its docs; the docs' type comes from the area alone, so a missing or extra entry fails to compile. */
export function documentArea<A extends Area<Record<string, EntityShape>, Record<string, AccessPattern>>>(
  area: A,
  docs: NoInfer<AreaDocs<A>>,
): DocumentedArea<A> {
  return { area, ...docs };
}
