import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as z from 'zod/mini';
import { committedDocs } from '../../../scripts/docs/committed-docs';
import { withDataModelTables } from '../../../scripts/docs/data-model';
import { loadDefinitions, withRouteTable } from '../../../scripts/docs/render';
import { routeNamed, routes } from '../../../shared/api/routes';
import { httpStatusByErrorStatus } from '../../../shared/core/errors';
import {
  buildOpenApi,
  type JsonObject,
  type OpenApiDocument,
  type RouteDocumentation,
  renderRouteTable,
} from '../../../shared/http/openapi';

const root = process.cwd();
const configVariables = ['TABLE_NAME', 'DATA_KEY', 'DYNAMODB_ENDPOINT', 'SQS_ENDPOINT'];

let definitions: RouteDocumentation[];
let document: OpenApiDocument;

beforeAll(async () => {
  // Loading handlers must not need configuration: strip it for the first import of every handler.
  const saved = { ...process.env };
  for (const name of configVariables) delete process.env[name];
  try {
    definitions = await loadDefinitions(root);
  } finally {
    process.env = saved;
  }
  document = buildOpenApi(definitions, { version: '0.0.0-test' });
});

async function expectFresh(file: string, fresh: string): Promise<void> {
  const checkedIn = await readFile(join(root, file), 'utf8').catch(() => '');
  if (checkedIn !== fresh) {
    throw new Error(`${file} is stale: run \`npm run docs\` and commit the result.`);
  }
}

/** The value at `keys` under `value`, or undefined. */
function pick(value: unknown, ...keys: string[]): unknown {
  return keys.reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], value);
}

function dataSchema(path: string): JsonObject {
  const body = document.paths[path]?.post.requestBody.content['application/json'].schema;
  return pick(body, 'properties', 'data') as JsonObject;
}

/** Every `$ref` in a JSON value. */
function refsIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(refsIn);
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, item]) =>
    key === '$ref' && typeof item === 'string' ? [item] : refsIn(item),
  );
}

/** The target of a local `$ref` (`#/components/...`). */
function resolve(doc: unknown, ref: string): unknown {
  return pick(doc, ...ref.slice(2).split('/'));
}

describe('generated docs', () => {
  it.each(committedDocs)('has a checked-in $file equal to a fresh rendering', async ({ file, render }) => {
    await expectFresh(file, await render(root));
  });
});

describe('buildOpenApi', () => {
  it('declares OpenAPI 3.1.0', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.title).toBe('Collaboration backend API');
  });

  it('gives every route a post operation named after it, tagged with its domain or its own tag', () => {
    for (const route of routes) {
      const operation = document.paths[route.path]?.post;
      expect(operation?.operationId).toBe(route.name);
      expect(operation?.tags).toEqual(['tag' in route ? route.tag : route.domain]);
    }
    expect(Object.keys(document.paths)).toHaveLength(routes.length);
  });

  it('requires both workspace headers on a workspace-level route', () => {
    expect(document.paths['/v2/workspace/get']?.post.security).toEqual([
      { WorkspaceId: [], WorkspaceAuthToken: [] },
    ]);
    expect(document.components.securitySchemes.WorkspaceId).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'x-svc-workspace-id',
    });
    expect(document.components.securitySchemes.WorkspaceAuthToken).toMatchObject({
      name: 'x-svc-workspace-auth-token',
    });
  });

  it('requires both API-key headers on an API-key-level route and none on a public one', () => {
    expect(document.paths['/v2/workspace/domains/get']?.post.security).toEqual([
      { ApiKey: [], AuthToken: [] },
    ]);
    expect(document.paths['/v2/workspace/create']?.post.security).toEqual([]);
    expect(document.paths['/v2/workspace/create']?.post.responses['403']).toBeUndefined();
    expect(document.paths['/v2/workspace/get']?.post.responses['403']).toBeDefined();
  });

  it('marks ownerEmail required in the workspace.create request', () => {
    const data = dataSchema('/v2/workspace/create');
    expect(data.required).toEqual(['ownerEmail']);
    expect(data.additionalProperties).toBe(false);
  });

  it('leaves fields with defaults optional (input side of the schema)', () => {
    const data = dataSchema('/v2/workspace/apikey/create');
    expect(data.required).toEqual(['type']);
    expect((data.properties as Record<string, JsonObject>).createAuthToken).toMatchObject({ default: true });
  });

  it('lists every contract status in the error envelope', () => {
    const statuses = pick(
      document.components.schemas.ErrorEnvelope,
      'properties',
      'error',
      'properties',
      'status',
      'enum',
    );
    expect(statuses).toEqual(Object.keys(httpStatusByErrorStatus));
  });

  it('resolves every $ref inside the document', () => {
    const refs = refsIn(document);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) expect([ref, resolve(document, ref) !== undefined]).toEqual([ref, true]);
  });

  it('moves named and recursive subschemas into components.schemas', () => {
    const tree: z.ZodMiniType = z.object({
      name: z.string(),
      get children() {
        return z.array(tree);
      },
    });
    const input = z.object({ root: tree, label: z.string().check(z.meta({ id: 'TestLabel' })) });
    const route = { ...routeNamed('workspace.create'), name: 'test.tree', path: '/v2/test/tree' };
    const built = buildOpenApi([{ route, input, output: z.object({}) }], { version: '0.0.0-test' });
    const refs = refsIn(built);
    expect(refs).toContain('#/components/schemas/TestLabel');
    expect(refs.some((ref) => ref.startsWith('#/$defs') || ref === '#')).toBe(false);
    for (const ref of refs) expect([ref, resolve(built, ref) !== undefined]).toEqual([ref, true]);

    const recursiveRoot = buildOpenApi([{ route, input: tree, output: z.object({}) }], {
      version: '0.0.0-test',
    });
    expect(
      pick(
        recursiveRoot.paths['/v2/test/tree']?.post.requestBody,
        'content',
        'application/json',
        'schema',
        'properties',
        'data',
      ),
    ).toMatchObject({
      $ref: '#/components/schemas/TestTreeInput',
    });
    expect(refsIn(recursiveRoot.components.schemas.TestTreeInput)).toEqual([
      '#/components/schemas/TestTreeInput',
    ]);
  });
});

describe('renderRouteTable', () => {
  it('shows each auth level as none, W or K', () => {
    const table = renderRouteTable(routes);
    expect(table).toContain('| /v2/workspace/create | none |');
    expect(table).toContain('| /v2/workspace/get | W |');
    expect(table).toContain('| /v2/workspace/domains/get | K |');
  });

  it('refuses a README without the route markers', () => {
    expect(() => withRouteTable('# No markers here\n')).toThrow(/markers/);
  });

  it('refuses a data model without its markers', () => {
    expect(() => withDataModelTables('# No markers here\n')).toThrow(/data-model\.md lacks/);
  });
});
