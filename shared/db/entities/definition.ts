/**
 * The shape of the table's definition, one area module per domain of items (decisions §48, §55):
 * each item type (its `entity` name, the indexes it is placed on) and each named access pattern
 * (the index that serves it), beside the builders of their keys. Only what the runtime needs: the
 * prose of docs/data-model.md (key layouts, attributes, operations, users) is in entities/docs/,
 * typed against these areas, so no Lambda bundle carries it. This module imports nothing:
 * table.ts builds its indexes from it, repositories name a Query's index by its access pattern and
 * an item's `entity` by its definition.
 */

/**
 * What an index copies of its items: `keys` only the keys (its reader fetches the few items it
 * needs), `all` every attribute, or the keys plus the attributes listed (an index of small entries
 * over large items: DynamoDB writes the index only when a listed attribute or a key changes).
 */
export type IndexProjection = 'all' | 'keys' | readonly string[];

/**
 * The global secondary indexes of the table and their projection. Generic attributes
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
  // An API key's webhook message log: what messages/get shows of each message to an endpoint.
  gsi9: ['targetId', 'logEvent', 'status', 'attemptCount', 'manualCount'],
} as const satisfies Record<string, IndexProjection>;

/** A global secondary index of the table. */
export type IndexName = keyof typeof globalSecondaryIndexes;

/** What serves an access pattern: the table's own key, a global secondary index, or the table's stream. */
export type PatternIndex = 'table' | 'stream' | IndexName;

/** One item type: the global secondary indexes it can be placed on (its `gsiNpk` / `gsiNsk` attributes). */
export interface EntityShape {
  readonly indexes?: readonly IndexName[];
}

/** One named access pattern: what serves it, several when it reads more than one (a Query names one of them). */
export interface AccessPattern {
  readonly index: PatternIndex | readonly PatternIndex[];
}

/** An area's entities, each with its `name` (the key it is defined under, the stored `entity` value). */
export type NamedEntities<E> = { readonly [K in keyof E]: E[K] & { readonly name: K } };

/** One area of the table: a group of entities and the access patterns over them. */
export interface Area<E extends Record<string, EntityShape>, P extends Record<string, AccessPattern>> {
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
>(area: { entities: E; accessPatterns: P }): Area<E, P> {
  const entities = Object.fromEntries(
    Object.entries(area.entities).map(([name, entity]) => [name, { ...entity, name }]),
  ) as NamedEntities<E>;
  return { entities, accessPatterns: area.accessPatterns };
}
