/**
 * The shape of the table's definition, one area module per domain of items (decisions §48): each
 * item type (its `entity` name, key layout, the indexes it is placed on, its attributes) and each
 * named access pattern (the index that serves it, its keys, operation and users). Pure data that
 * imports nothing: table.ts builds its indexes from it, repositories name a Query's index by its
 * access pattern and an item's `entity` by its definition, and `npm run docs` renders the tables
 * of docs/data-model.md from it. Key formats themselves are built by shared/db/keys.ts.
 */

/**
 * The global secondary indexes of the table and their projection: `keys` projects only the keys
 * (its reader fetches the few items it needs), `all` every attribute. Generic attributes
 * `<name>pk` / `<name>sk`; which access patterns each serves is in the areas (and the docs).
 */
export const globalSecondaryIndexes = {
  gsi1: 'all',
  gsi2: 'all',
  gsi3: 'all',
  gsi4: 'all',
  gsi5: 'all',
  gsi6: 'all',
  gsi7: 'keys',
  gsi8: 'keys',
} as const satisfies Record<string, 'all' | 'keys'>;

/** A global secondary index of the table. */
export type IndexName = keyof typeof globalSecondaryIndexes;

/** What serves an access pattern: the table's own key, a global secondary index, or the table's stream. */
export type PatternIndex = 'table' | 'stream' | IndexName;

/**
 * One item type. Key layouts are markdown for the docs: `<name>` stands for an encoded id (or the
 * value named), `…` for the start of the owning partition written out in a row above.
 */
export interface EntityShape {
  readonly pk: string;
  readonly sk: string;
  /** The global secondary indexes the item can be placed on (its `gsiNpk` / `gsiNsk` attributes). */
  readonly indexes?: readonly IndexName[];
  /** Its stored attributes besides the keys, as the docs list them. */
  readonly attributes: string;
}

/** One named access pattern, as the docs' tables list it. */
export interface AccessPattern {
  /** What it reads or writes, in words. */
  readonly pattern: string;
  /** What serves it; several when the pattern reads more than one (a Query names one of them). */
  readonly index: PatternIndex | readonly PatternIndex[];
  readonly pk: string;
  readonly sk: string;
  readonly operation: string;
  readonly usedBy: string;
}

/** An area's entities, each with its `name` (the key it is defined under, the stored `entity` value). */
export type NamedEntities<E> = { readonly [K in keyof E]: E[K] & { readonly name: K } };

/** One area of the table: a titled group of entities and the access patterns over them. */
export interface Area<E extends Record<string, EntityShape>, P extends Record<string, AccessPattern>> {
  readonly title: string;
  readonly entities: NamedEntities<E>;
  readonly accessPatterns: P;
}

/**
 * Defines an area, keeping every literal (an access pattern's index stays `'gsi3'`, not `string`)
 * and giving each entity its name from its key, so an entity's name is written once.
 */
export function defineArea<
  const E extends Record<string, EntityShape>,
  const P extends Record<string, AccessPattern>,
>(area: { title: string; entities: E; accessPatterns: P }): Area<E, P> {
  const entities = Object.fromEntries(
    Object.entries(area.entities).map(([name, entity]) => [name, { ...entity, name }]),
  ) as NamedEntities<E>;
  return { title: area.title, entities, accessPatterns: area.accessPatterns };
}
