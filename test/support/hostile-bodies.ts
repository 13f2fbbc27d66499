import fc from 'fast-check';

/*
 * Mutations that turn a well-shaped `data` into a hostile one: each replaces or changes one value
 * somewhere in it (the place is chosen by the generator too). What they produce is what a tenant
 * can send within the body limit: wrong types, huge strings, deep nesting, lone surrogates,
 * `__proto__` / `constructor` keys, 10,000-item arrays, numbers at the edges of what JSON, JavaScript
 * and DynamoDB can represent, missing and unknown fields.
 */

type Json = unknown;

/** Marks a place in the serialized body where raw JSON text goes (what `JSON.stringify` cannot write). */
const rawMarker = '\u0000raw\u0000';

/** JSON text of `levels` arrays or objects inside each other (too deep for `JSON.stringify`). */
const nestedText = (levels: number, objects: boolean) =>
  objects ? `${'{"a":'.repeat(levels)}0${'}'.repeat(levels)}` : `${'['.repeat(levels)}0${']'.repeat(levels)}`;

/** An object with an own `name` key, as JSON.parse would build it (a literal `__proto__` sets the prototype). */
function withOwnKey(target: Record<string, Json>, name: string, value: Json): Record<string, Json> {
  const copy = { ...target };
  Object.defineProperty(copy, name, { value, enumerable: true, configurable: true, writable: true });
  return copy;
}

const isObject = (value: Json): value is Record<string, Json> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const edgeNumbers = [
  1e308,
  -1e308,
  -0,
  2 ** 53 + 1,
  2 ** 53 - 1,
  -(2 ** 53 - 1),
  -1,
  0,
  0.5,
  -0.5,
  1e-7,
  5e-324,
  1e21,
  2 ** 32,
  Number.EPSILON,
];

const wrongTypes: Json[] = [0, -1, 1.5, '', 'text', true, false, null, [], {}, [1, 'a'], { a: 1 }];

/** Sizes of the huge strings: past every field limit, up to most of the 1 MiB body. */
const hugeSizes = [70 * 1024, 401 * 1024, 900 * 1024];

const hugeUnits = ['x', '<', '<a', '&amp;', ' ', 'é', '😀', '\\', '"', '#'];

export type Mutation =
  | { kind: 'wrongType'; value: Json }
  | { kind: 'hugeString'; size: number; unit: string }
  | { kind: 'deepNesting'; levels: number; objects: boolean }
  | { kind: 'loneSurrogate'; surrogate: string; position: number }
  | { kind: 'prototypeKey'; name: '__proto__' | 'constructor' | 'prototype' }
  | { kind: 'hugeArray'; length: number }
  | { kind: 'edgeNumber'; value: number }
  | { kind: 'overflowNumber'; text: string }
  | { kind: 'dropField' }
  | { kind: 'unknownField'; name: string }
  | { kind: 'emptyValue'; value: Json };

/** One mutation, with its parameters. */
export const mutationArbitrary: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('wrongType' as const), value: fc.constantFrom(...wrongTypes) }),
  fc.record({
    kind: fc.constant('hugeString' as const),
    size: fc.constantFrom(...hugeSizes),
    unit: fc.constantFrom(...hugeUnits),
  }),
  fc.record({
    kind: fc.constant('deepNesting' as const),
    levels: fc.constantFrom(31, 32, 33, 40, 1_000, 100_000),
    objects: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('loneSurrogate' as const),
    surrogate: fc.constantFrom('\ud800', '\udbff', '\udc00', '\udfff'),
    position: fc.nat(),
  }),
  fc.record({
    kind: fc.constant('prototypeKey' as const),
    name: fc.constantFrom('__proto__' as const, 'constructor' as const, 'prototype' as const),
  }),
  fc.record({ kind: fc.constant('hugeArray' as const), length: fc.constantFrom(10_000, 20_000) }),
  fc.record({ kind: fc.constant('edgeNumber' as const), value: fc.constantFrom(...edgeNumbers) }),
  fc.record({
    kind: fc.constant('overflowNumber' as const),
    text: fc.constantFrom('1e400', '-1e400', '1e-400'),
  }),
  fc.record({ kind: fc.constant('dropField' as const) }),
  fc.record({ kind: fc.constant('unknownField' as const), name: fc.string({ maxLength: 12 }) }),
  fc.record({ kind: fc.constant('emptyValue' as const), value: fc.constantFrom<Json>('', [], {}) }),
);

/** A small copy of `value` for filling a 10,000-item array within the body limit. */
const arrayFiller = (value: Json) => (JSON.stringify(value ?? null).length <= 60 ? value : 'x');

/** What `mutation` makes of the value `value` it lands on; `raw` collects raw JSON texts. */
function mutate(value: Json, mutation: Mutation, raw: string[]): Json {
  switch (mutation.kind) {
    case 'wrongType':
      return mutation.value;
    case 'hugeString':
      return mutation.unit.repeat(Math.ceil(mutation.size / Buffer.byteLength(mutation.unit)));
    case 'deepNesting':
      raw.push(nestedText(mutation.levels, mutation.objects));
      return rawMarker;
    case 'loneSurrogate': {
      if (isObject(value)) return { ...value, [`key${mutation.surrogate}`]: 'value' };
      const text = typeof value === 'string' ? value : 'text';
      const at = mutation.position % (text.length + 1);
      return `${text.slice(0, at)}${mutation.surrogate}${text.slice(at)}`;
    }
    case 'prototypeKey':
      return withOwnKey(isObject(value) ? value : {}, mutation.name, {
        polluted: 'yes',
        prototype: { polluted: 'yes' },
      });
    case 'hugeArray': {
      const filler = arrayFiller(Array.isArray(value) ? value[0] : value);
      return Array.from({ length: mutation.length }, () => filler);
    }
    case 'edgeNumber':
      return mutation.value;
    case 'overflowNumber':
      raw.push(mutation.text);
      return rawMarker;
    case 'dropField': {
      if (!isObject(value)) return undefined;
      const [first] = Object.keys(value);
      const { [first ?? '']: _dropped, ...rest } = value;
      return rest;
    }
    case 'unknownField':
      return isObject(value) ? { ...value, [mutation.name]: 1 } : { [mutation.name]: value };
    case 'emptyValue':
      return mutation.value;
  }
}

/** Every place in `data` (paths of keys and indexes), `data` itself first. */
function placesIn(data: Json): (string | number)[][] {
  const places: (string | number)[][] = [];
  const pending: { value: Json; path: (string | number)[] }[] = [{ value: data, path: [] }];
  while (pending.length > 0) {
    const { value, path } = pending.pop()!;
    places.push(path);
    if (Array.isArray(value)) {
      for (const [index, item] of value.entries()) pending.push({ value: item, path: [...path, index] });
    } else if (isObject(value))
      for (const [key, item] of Object.entries(value)) pending.push({ value: item, path: [...path, key] });
  }
  return places;
}

/** `data` with the value at `path` replaced by `replace(value)` (copies along the path; `undefined` removes). */
function replaceAt(data: Json, path: readonly (string | number)[], replace: (value: Json) => Json): Json {
  if (path.length === 0) return replace(data);
  const [head, ...rest] = path;
  if (Array.isArray(data)) {
    const copy = [...data];
    copy[head as number] = replaceAt(copy[head as number], rest, replace);
    return copy;
  }
  const record = data as Record<string, Json>;
  const replaced = replaceAt(record[head as string], rest, replace);
  // Own-key copies keep a `__proto__` key an own key rather than a prototype.
  return withOwnKey(record, head as string, replaced);
}

/**
 * The request body text of `data` with `mutation` applied at the place `selector` picks (modulo
 * the number of places), or unmutated when `mutation` is null.
 */
export function hostileBody(data: Json, mutation: Mutation | null, selector: number): string {
  if (mutation === null) return JSON.stringify({ data });
  const places = placesIn(data);
  const place = places[selector % places.length]!;
  const raw: string[] = [];
  const mutated = replaceAt(data, place, (value) => mutate(value, mutation, raw));
  // `data` stays an object: the envelope checks are covered elsewhere, the route code is the target.
  const body = JSON.stringify({ data: isObject(mutated) ? mutated : { value: mutated } });
  return raw.reduce((text, number) => text.replace(JSON.stringify(rawMarker), number), body);
}

/** Short description of a mutation for reports (no huge values). */
export function describeMutation(mutation: Mutation | null): string {
  if (mutation === null) return 'none';
  const { kind, ...parameters } = mutation;
  return `${kind} ${JSON.stringify(parameters)}`;
}
