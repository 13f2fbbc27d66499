import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadDefinitions } from '../../../scripts/docs/render';
import { routeDescriptions } from '../../../shared/api/route-reference';
import { buildOpenApi } from '../../../shared/http/openapi';
import { eventTypeNames } from '../../../shared/webhooks/event-schemas';

type Json = { [key: string]: unknown };

const root = process.cwd();
const committed = JSON.parse(readFileSync(join(root, 'docs/openapi.json'), 'utf8')) as Json;

const objectsOf = (value: unknown): Json[] => {
  if (Array.isArray(value)) return value.flatMap(objectsOf);
  return typeof value === 'object' && value !== null ? [value as Json] : [];
};

/** Keywords under which a schema describes the same field as its parent. */
const sameField = ['items', 'prefixItems', 'anyOf', 'oneOf', 'allOf', 'additionalProperties'];

/** Every property under a schema, recursively, without a description, as `<at>.<name>`. */
function undescribedProperties(schema: unknown, at: string): string[] {
  return objectsOf(schema).flatMap((node) => [
    ...Object.entries((node.properties ?? {}) as Record<string, Json>).flatMap(([name, property]) => [
      ...(typeof property.description === 'string' && property.description.trim() !== ''
        ? []
        : [`${at}.${name}`]),
      ...undescribedProperties(property, `${at}.${name}`),
    ]),
    ...sameField.flatMap((keyword) => undescribedProperties(node[keyword], at)),
  ]);
}

/**
 * Everything in an OpenAPI document a reader needs words for and that has none: operations,
 * parameters, request and response bodies' properties (components included), responses, headers and
 * security schemes.
 */
function undescribed(document: Json): string[] {
  const paths = document.paths as Record<string, Record<string, Json>>;
  const components = document.components as Record<string, Record<string, Json>>;
  const hasWords = (node: Json | undefined) =>
    typeof node?.description === 'string' && node.description !== '';
  const operations = Object.entries(paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ at: `${method} ${path}`, operation })),
  );
  return [
    ...operations.flatMap(({ at, operation }) => [
      ...(hasWords(operation) ? [] : [`${at} (operation)`]),
      ...objectsOf(operation.parameters).flatMap((parameter) =>
        hasWords(parameter) ? [] : [`${at} parameter ${String(parameter.name)}`],
      ),
      ...undescribedProperties(operation.requestBody, `${at} request`),
      ...Object.entries((operation.responses ?? {}) as Record<string, Json>).flatMap(([status, response]) => [
        ...(response.$ref || hasWords(response) ? [] : [`${at} response ${status}`]),
        ...undescribedProperties(response.content, `${at} response ${status}`),
      ]),
    ]),
    ...Object.entries(components.schemas ?? {}).flatMap(([name, schema]) =>
      undescribedProperties(schema, `#/components/schemas/${name}`),
    ),
    ...['responses', 'headers', 'securitySchemes'].flatMap((kind) =>
      Object.entries(components[kind] ?? {}).flatMap(([name, item]) =>
        hasWords(item) ? [] : [`#/components/${kind}/${name}`],
      ),
    ),
    ...objectsOf(document.tags).flatMap((tag) => (hasWords(tag) ? [] : [`tag ${String(tag.name)}`])),
  ];
}

/** Every description in the document. */
function descriptions(value: unknown): string[] {
  return objectsOf(value).flatMap((node) => [
    ...(typeof node.description === 'string' ? [node.description] : []),
    ...Object.values(node).flatMap(descriptions),
  ]);
}

describe('the reference (docs/openapi.json)', () => {
  it('describes every operation, parameter, request and response field, response, header and tag', () => {
    expect(undescribed(committed)).toEqual([]);
  });

  it('finds a field whose description went missing, however deep', () => {
    const planted = structuredClone(committed);
    /** The object at `keys` under `value`. */
    const at = (value: unknown, ...keys: string[]) =>
      keys.reduce((node, key) => (node as Json)[key], value) as Json;
    delete at(planted, 'components', 'schemas', 'Comment', 'properties', 'agent', 'properties', 'model')
      .description;
    delete at(planted, 'paths', '/v2/crdt/get', 'post').description;
    expect(undescribed(planted)).toEqual([
      'post /v2/crdt/get (operation)',
      '#/components/schemas/Comment.agent.model',
    ]);
  });

  it('uses every word of every domain glossary somewhere', async () => {
    const { descriptions: words, unused } = routeDescriptions();
    buildOpenApi(await loadDefinitions(root), { version: '0.0.0-test', descriptions: words });
    expect(unused()).toEqual([]);
  });

  it('lists every webhook event type, the ones filterTypes accepts, in the webhooks section', () => {
    const webhooks = objectsOf(committed.tags).find((tag) => tag.name === 'webhooks');
    const listed = [...String(webhooks?.description).matchAll(/^\| `([a-z_.]+)` \|/gm)].map(
      (match) => match[1],
    );
    expect(listed).toEqual([...eventTypeNames]);
    const create = (committed.paths as Record<string, Record<string, Json>>)[
      '/v2/workspace/advancedwebhook/endpoints/create'
    ]?.post;
    expect(JSON.stringify(create?.requestBody)).toContain(JSON.stringify([...eventTypeNames]));
  });

  it('says how to verify a webhook: the three headers, the secret and the standardwebhooks call', () => {
    const webhooks = String(objectsOf(committed.tags).find((tag) => tag.name === 'webhooks')?.description);
    for (const words of [
      'webhook-id',
      'webhook-timestamp',
      'webhook-signature',
      'whsec_',
      'webhook.verify(',
    ]) {
      expect(webhooks).toContain(words);
    }
  });

  it('links nowhere outside the repository', () => {
    const links = descriptions(committed).flatMap(
      (text) => text.match(/\]\([a-z]+:[^)]*\)|<https?:[^>]*>/g) ?? [],
    );
    expect(links).toEqual([]);
  });
});
