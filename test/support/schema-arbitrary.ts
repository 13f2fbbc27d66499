import fc from 'fast-check';
import * as z from 'zod/mini';

/** A JSON Schema node as `z.toJSONSchema` writes route inputs (draft 2020-12, no `$ref`s). */
type JsonSchema = { [keyword: string]: unknown };

/** Keywords the generator reads or may ignore; any other keyword fails loudly rather than be skipped. */
const knownKeywords = new Set([
  '$schema',
  'type',
  'properties',
  'required',
  'additionalProperties',
  'propertyNames',
  'items',
  'minItems',
  'maxItems',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  // `base64` strings (Yjs bytes): their `pattern` generates them.
  'contentEncoding',
  'enum',
  'anyOf',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'default',
  'description',
]);

/** Ids of the resources a fuzzed workspace holds, by field name, so some bodies name them and go deeper. */
export type IdPools = Record<string, readonly string[]>;

interface Context {
  pools: IdPools;
  /** Longest generated string or array: bodies stay small; the mutations bring the big ones. */
  maxSize: number;
}

/** `organizationIds` draws from the `organizationId` pool. */
const poolName = (field: string) => (field.endsWith('Ids') ? field.slice(0, -1) : field);

function stringArbitrary(schema: JsonSchema, field: string, context: Context): fc.Arbitrary<string> {
  const minLength = (schema.minLength as number | undefined) ?? 0;
  const maxLength = (schema.maxLength as number | undefined) ?? Number.MAX_SAFE_INTEGER;
  const fits = (text: string) => text.length >= minLength && text.length <= maxLength;
  const generic =
    typeof schema.pattern === 'string'
      ? fc.stringMatching(new RegExp(schema.pattern)).filter(fits)
      : fc.string({
          minLength,
          maxLength: Math.max(minLength, Math.min(maxLength, context.maxSize)),
          unit: 'grapheme',
        });
  const pool = (context.pools[poolName(field)] ?? []).filter(fits);
  return pool.length === 0
    ? generic
    : fc.oneof({ arbitrary: fc.constantFrom(...pool), weight: 3 }, { arbitrary: generic, weight: 1 });
}

function numberArbitrary(schema: JsonSchema): fc.Arbitrary<number> {
  const exclusiveMin = schema.exclusiveMinimum as number | undefined;
  const exclusiveMax = schema.exclusiveMaximum as number | undefined;
  const min = (schema.minimum as number | undefined) ?? exclusiveMin;
  const max = (schema.maximum as number | undefined) ?? exclusiveMax;
  if (schema.type === 'integer') {
    return fc.integer({
      min: min === undefined ? -(2 ** 31) : Math.ceil(min + (exclusiveMin !== undefined ? 1 : 0)),
      max: max === undefined ? 2 ** 31 : Math.floor(max - (exclusiveMax !== undefined ? 1 : 0)),
    });
  }
  return fc.double({
    noNaN: true,
    noDefaultInfinity: true,
    ...(min !== undefined && { min, minExcluded: exclusiveMin !== undefined }),
    ...(max !== undefined && { max, maxExcluded: exclusiveMax !== undefined }),
  });
}

function objectArbitrary(schema: JsonSchema, context: Context): fc.Arbitrary<Record<string, unknown>> {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  const declared = fc.record(
    Object.fromEntries(
      Object.entries(properties).map(([name, property]) => [name, arbitraryOf(property, name, context)]),
    ),
    { requiredKeys: [...required] },
  );
  const additional = schema.additionalProperties as JsonSchema | boolean | undefined;
  if (additional === false || additional === undefined) return declared;
  const names = schema.propertyNames
    ? stringArbitrary(schema.propertyNames as JsonSchema, '', context)
    : fc.string({ maxLength: 16 });
  const values = additional === true ? fc.jsonValue({ maxDepth: 2 }) : arbitraryOf(additional, '', context);
  const extra = fc.dictionary(
    names.filter((name) => !(name in properties)),
    values,
    { maxKeys: 4 },
  );
  return fc.tuple(declared, extra).map(([fields, more]) => ({ ...more, ...fields }));
}

function arbitraryOf(schema: JsonSchema, field: string, context: Context): fc.Arbitrary<unknown> {
  for (const keyword of Object.keys(schema)) {
    if (!knownKeywords.has(keyword)) throw new Error(`schema-arbitrary: unsupported keyword ${keyword}`);
  }
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  if (Array.isArray(schema.anyOf))
    return fc.oneof(...(schema.anyOf as JsonSchema[]).map((option) => arbitraryOf(option, field, context)));
  if (Array.isArray(schema.type))
    return fc.oneof(
      ...(schema.type as string[]).map((type) => arbitraryOf({ ...schema, type }, field, context)),
    );
  switch (schema.type) {
    case undefined:
      return fc.jsonValue({ maxDepth: 3 });
    case 'string':
      return stringArbitrary(schema, field, context);
    case 'number':
    case 'integer':
      return numberArbitrary(schema);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const minLength = (schema.minItems as number | undefined) ?? 0;
      const maxLength = Math.max(minLength, Math.min((schema.maxItems as number) ?? 8, 8));
      const items = schema.items ? arbitraryOf(schema.items as JsonSchema, field, context) : fc.jsonValue();
      return fc.array(items, { minLength, maxLength });
    }
    case 'object':
      return objectArbitrary(schema, context);
    default:
      throw new Error(`schema-arbitrary: unsupported type ${String(schema.type)}`);
  }
}

/**
 * Values shaped like what a zod schema accepts, generated from its JSON Schema (`io: 'input'`, the
 * form docs/openapi.json publishes): right types, lengths, enums and patterns, small sizes.
 * Refinements (`superRefine`, cross-field rules) are not in JSON Schema, so some values still fail
 * validation — as a caller's would. String fields named like a pool (`organizationId`, and arrays
 * named `organizationIds`) mostly take ids from it, so bodies reach resources that exist.
 */
export function arbitraryFromSchema(schema: z.ZodMiniType, pools: IdPools = {}): fc.Arbitrary<unknown> {
  const json = z.toJSONSchema(schema, { io: 'input', target: 'draft-2020-12' }) as JsonSchema;
  return arbitraryOf(json, '', { pools, maxSize: 24 });
}
