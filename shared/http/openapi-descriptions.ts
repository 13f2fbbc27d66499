/**
 * How the OpenAPI generator gives each operation and each field its description: from words kept
 * apart from the schemas (each domain's `reference.ts`, composed in shared/api/route-reference.ts),
 * so no handler bundle carries the reference's prose. Pure; types and the schema walk only.
 */
import type { RouteDefinition } from './route-rows';

/**
 * The description of the field at `path`: property names from the root, `data` (what a caller
 * sends) or `result` (what it gets back) or a named component's name (`Folder`); array items, union
 * branches and map values add no name. Undefined when there is none.
 */
export type FieldDescriber = (path: readonly string[]) => string | undefined;

/** The words the generator adds to the schemas: per route, its description and its fields' words. */
export interface OpenApiDescriptions {
  /** What the operation does beyond its summary. */
  readonly operation: (route: RouteDefinition) => string | undefined;
  /** The describer of the fields of the route's `data` and `result`. */
  readonly fields: (route: RouteDefinition) => FieldDescriber;
  /** Reference sections (tags) whose introduction is longer than their one line (Markdown). */
  readonly tags?: Readonly<Record<string, string>>;
}

/** Keywords whose schemas describe the same field as their parent (no property name added). */
const sameFieldKeywords = ['items', 'prefixItems', 'anyOf', 'oneOf', 'allOf', 'additionalProperties'];

/**
 * Adds a description to every property under `schema` that has none, from `describe` (by the
 * property's path), in place. A description the schema already carries (zod `.meta`) is kept.
 * `$ref`s are not followed: components are described where they are generated.
 */
export function describeFields(
  schema: unknown,
  describe: FieldDescriber,
  path: readonly string[] = [],
): void {
  if (Array.isArray(schema)) {
    for (const item of schema) describeFields(item, describe, path);
    return;
  }
  if (typeof schema !== 'object' || schema === null) return;
  const node = schema as Record<string, unknown>;
  const properties = node.properties as Record<string, Record<string, unknown>> | undefined;
  for (const [name, property] of Object.entries(properties ?? {})) {
    const fieldPath = [...path, name];
    if (property.description === undefined) {
      const description = describe(fieldPath);
      if (description !== undefined) property.description = description;
    }
    describeFields(property, describe, fieldPath);
  }
  for (const keyword of sameFieldKeywords) describeFields(node[keyword], describe, path);
}

/**
 * A describer over a glossary: the entry of the longest dotted suffix of the path (`folders.name`
 * before `name`), so a name that means different things in different places can be told apart by
 * its parents. A key starting with `data.` names the request's `data` only: inside an answer the
 * same fields sit under `result.data.`. `onUse` hears each entry used.
 */
export function glossaryDescriber(
  glossary: Readonly<Record<string, string>>,
  onUse: (key: string) => void = () => {},
): FieldDescriber {
  return (path) => {
    for (let start = 0; start < path.length; start += 1) {
      if (start > 0 && path[start] === 'data' && start < path.length - 1) continue;
      const key = path.slice(start).join('.');
      const description = Object.hasOwn(glossary, key) ? glossary[key] : undefined;
      if (description !== undefined) {
        onUse(key);
        return description;
      }
    }
    return undefined;
  };
}
