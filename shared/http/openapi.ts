/**
 * The OpenAPI 3.1 description of the API and the README endpoint table, both derived from the route
 * table and each route's contract (zod input and output schemas, `handler.definition`). Pure: the docs generator
 * (`npm run docs`) loads the definitions and writes the results; a unit test keeps them current.
 */
import * as z from 'zod/mini';
import { httpStatusByErrorStatus } from '../core/errors';
import { describeFields, type FieldDescriber, type OpenApiDescriptions } from './openapi-descriptions';
import { defaultMaxBodyBytes, type RouteDefinition, routeId } from './route-rows';

/** What the generator needs of a route: its table entry, the schema of its `data` and of its `result`. */
export interface RouteDocumentation {
  readonly route: RouteDefinition;
  readonly input: z.ZodMiniType;
  readonly output: z.ZodMiniType;
}

/** An example call of a route, shown on its operation: the `data` sent and the `result` answered. */
export interface OperationExample {
  readonly request: unknown;
  readonly response: unknown;
}

/** A JSON Schema / OpenAPI object; kept loose because it is written to a file, not interpreted. */
export type JsonObject = { [key: string]: unknown };

export interface OpenApiOperation {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  security: Record<string, string[]>[];
  requestBody: { required: true; content: { 'application/json': { schema: JsonObject; example?: unknown } } };
  responses: Record<string, JsonObject>;
  'x-max-body-bytes': number;
}

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: {
    title: string;
    version: string;
    description: string;
    license: { name: string; identifier: string };
  };
  servers: JsonObject[];
  tags: { name: string; description: string }[];
  paths: Record<string, { post: OpenApiOperation }>;
  components: {
    securitySchemes: Record<string, JsonObject>;
    headers: Record<string, JsonObject>;
    schemas: Record<string, JsonObject>;
    responses: Record<string, JsonObject>;
  };
}

/** One line per route domain or tag (the operations' tag), shown as the section intro of the reference. */
const domainDescriptions: Record<string, string> = {
  workspace: 'Workspaces, their API keys and auth tokens, allowed domains.',
  settings: 'Per-API-key configuration: allowed domains, activity logging, permission provider.',
  organizations: 'Organizations, folders, documents and user groups.',
  migration: "Moving a document's data to a new document id.",
  access: 'Users, permissions and frontend tokens.',
  lifecycle: "A user's data: export and erasure.",
  webhooks:
    'Webhooks: basic and advanced configs, endpoints and their signing secrets, messages (listing, replay) and test events.',
  notifications: 'Notifications and their recipients.',
  activities: 'Activity logs.',
  crdt: 'Collaborative editor (CRDT) content.',
  comments: 'Comment threads (annotations), comments and reactions.',
  memory: 'Search and listing of review judgments.',
  realtime: 'Live state broadcast to connected realtime clients.',
};

/** Security scheme names per credential header; each auth level requires its pair together. */
export const securitySchemeNames = {
  apiKey: ['ApiKey', 'AuthToken'],
  workspace: ['WorkspaceId', 'WorkspaceAuthToken'],
} as const;

const securitySchemes: Record<string, JsonObject> = {
  ApiKey: headerScheme('x-svc-api-key', 'The API key (API-key-level operations, with `x-svc-auth-token`).'),
  AuthToken: headerScheme('x-svc-auth-token', "The API key's auth token (with `x-svc-api-key`)."),
  WorkspaceId: headerScheme(
    'x-svc-workspace-id',
    'The workspace id (workspace-level operations, with `x-svc-workspace-auth-token`).',
  ),
  WorkspaceAuthToken: headerScheme(
    'x-svc-workspace-auth-token',
    "The workspace's auth token (with `x-svc-workspace-id`).",
  ),
  PortalSession: {
    type: 'http',
    scheme: 'bearer',
    description:
      'A portal session token (`portal/session`), instead of the API-key headers, on the advanced-webhook routes that name it; a read-only session only on the list, get and stats routes.',
  },
};

function headerScheme(name: string, description: string): JsonObject {
  return { type: 'apiKey', in: 'header', name, description };
}

/** The credentials a route takes: its auth level's header pair, or on portal routes a portal session's token. */
function securityFor(route: RouteDefinition): Record<string, string[]>[] {
  if (route.auth === 'none') return [];
  const headers = Object.fromEntries(securitySchemeNames[route.auth].map((scheme) => [scheme, []]));
  return route.portal ? [headers, { PortalSession: [] }] : [headers];
}

const errorStatuses = Object.keys(httpStatusByErrorStatus);

/** Contract statuses answered with an HTTP status, as named in a response description. */
function statusesAnsweredWith(httpStatus: number): string {
  return Object.entries(httpStatusByErrorStatus)
    .filter(([, code]) => code === httpStatus)
    .map(([status]) => status)
    .join(', ');
}

const schemas: Record<string, JsonObject> = {
  ErrorEnvelope: {
    type: 'object',
    required: ['error'],
    properties: {
      error: {
        type: 'object',
        description: 'Why the operation failed.',
        required: ['status', 'message'],
        properties: {
          status: {
            type: 'string',
            enum: errorStatuses,
            description:
              'The kind of failure; it decides the HTTP status (see the responses of each operation).',
          },
          message: {
            type: 'string',
            description: 'What went wrong, for people; a validation failure names the field path.',
          },
          details: {
            type: 'object',
            description:
              'Structured details: validation failures list every problem in `issues`; some operations add their own (the domains skipped by domains/add and domains/delete, the per-user entries of a permission lookup that named a missing folder or document).',
            properties: {
              issues: {
                type: 'array',
                description: 'Every validation problem of the request, not only the first.',
                items: {
                  type: 'object',
                  required: ['path', 'message'],
                  properties: {
                    path: {
                      type: 'string',
                      examples: ['users[2].userId'],
                      description: 'The field, as a path inside `data`.',
                    },
                    message: {
                      type: 'string',
                      examples: ['required'],
                      description: 'What is wrong with it.',
                    },
                  },
                },
              },
            },
          },
        },
        additionalProperties: false,
      },
    },
    additionalProperties: false,
  },
};

/** The words on the two wrappers every operation shares: the request's `data` and the answer's `result`. */
const dataDescription = "The operation's parameters (an empty object for operations that take none).";
const resultDescription = 'What the operation answered.';

/** Describes nothing: the document without the reference's words (unit tests of the structure). */
const noDescriptions: OpenApiDescriptions = { operation: () => undefined, fields: () => () => undefined };

const requestIdHeader = { 'x-request-id': { $ref: '#/components/headers/RequestId' } };

function failure(description: string, extraHeaders: JsonObject = {}): JsonObject {
  return {
    description,
    headers: { ...requestIdHeader, ...extraHeaders },
    content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
  };
}

/** Failure responses by HTTP status; `forAuthenticated` ones apply only to routes that need credentials. */
const failures: { code: string; name: string; forAuthenticated?: true; response: JsonObject }[] = [
  {
    code: '400',
    name: 'BadRequest',
    response: failure(
      `${statusesAnsweredWith(400)}: the body is not JSON, lacks a \`data\` object, exceeds the size limit or fails validation (messages name the field path); or the operation's preconditions do not hold.`,
    ),
  },
  {
    code: '403',
    name: 'PermissionDenied',
    forAuthenticated: true,
    response: failure(
      'PERMISSION_DENIED: missing or wrong credentials, or an `Origin` outside the allowed domains.',
    ),
  },
  {
    code: '404',
    name: 'NotFound',
    response: failure(`${statusesAnsweredWith(404)}: a named resource does not exist for the caller.`),
  },
  {
    code: '405',
    name: 'MethodNotAllowed',
    response: failure('INVALID_ARGUMENT: a method other than POST.'),
  },
  {
    code: '409',
    name: 'Conflict',
    response: failure(`${statusesAnsweredWith(409)}: the write conflicts with the current state.`),
  },
  {
    code: '429',
    name: 'ResourceExhausted',
    response: failure(`${statusesAnsweredWith(429)}: a quota or rate limit is reached.`, {
      'retry-after': { $ref: '#/components/headers/RetryAfter' },
    }),
  },
  {
    code: '500',
    name: 'Internal',
    response: failure(
      `${statusesAnsweredWith(500)}: an unexpected error; the message names the request id, never internals.`,
    ),
  },
];

function responsesFor(
  doc: RouteDocumentation,
  components: Record<string, JsonObject>,
  example: OperationExample | undefined,
  describe: FieldDescriber,
): Record<string, JsonObject> {
  const { route } = doc;
  const result = { description: resultDescription, ...jsonSchemaOf(doc, 'output', components, describe) };
  const responses: Record<string, JsonObject> = {
    '200': {
      description: 'Success.',
      headers: requestIdHeader,
      content: {
        'application/json': {
          schema: {
            type: 'object',
            required: ['result'],
            properties: { result },
            additionalProperties: false,
          },
          ...(example && { example: { result: example.response } }),
        },
      },
    },
  };
  for (const { code, name, forAuthenticated } of failures) {
    if (forAuthenticated && route.auth === 'none') continue;
    responses[code] = { $ref: `#/components/responses/${name}` };
  }
  return responses;
}

/**
 * The JSON Schema of what a caller sends as `data` (`side` input: zod `io: 'input'`, so defaults stay
 * optional and transforms show their input) or of the `result` it gets back (`side` output).
 * Subschemas zod places in `$defs` (named with `.meta({ id })`, or recursive) move to
 * `components.schemas`, and a schema that refers to its own root becomes a component too, so every
 * `$ref` resolves inside the OpenAPI document. Throws, naming the route, when the schema has no
 * JSON Schema form or two routes give different schemas the same id.
 */
function jsonSchemaOf(
  doc: RouteDocumentation,
  side: 'input' | 'output',
  components: Record<string, JsonObject>,
  describe: FieldDescriber,
): JsonObject {
  const { route } = doc;
  let generated: JsonObject;
  try {
    generated = z.toJSONSchema(doc[side], { io: side, target: 'draft-2020-12' }) as JsonObject;
  } catch (error) {
    throw new Error(`Route ${route.name}: ${side} schema has no JSON Schema form: ${String(error)}`);
  }
  describeFields(generated, describe, [side === 'input' ? 'data' : 'result']);
  // A named component's fields are found under its name (`BatchItemResult.id`), the same in every route.
  for (const [id, definition] of Object.entries((generated.$defs ?? {}) as Record<string, JsonObject>)) {
    describeFields(definition, describe, id.startsWith('__schema') ? [] : [id]);
  }
  const { $schema: _dialect, $defs, ...root } = generated;
  const suffix = side === 'input' ? 'Input' : 'Result';
  const rootName = `${routeId(route)}${suffix}`;
  // zod's generated ids (`__schema0`) restart per schema: qualify them with the route and side.
  const componentName = (id: string) => (id.startsWith('__schema') ? `${routeId(route)}${suffix}${id}` : id);
  let refersToRoot = false;
  const refTarget = (ref: string): string => {
    if (ref === '#') {
      refersToRoot = true;
      return `#/components/schemas/${rootName}`;
    }
    if (ref.startsWith('#/$defs/')) return `#/components/schemas/${componentName(ref.slice(8))}`;
    throw new Error(`Route ${route.name}: cannot place $ref ${ref} in the OpenAPI document.`);
  };
  const place = (name: string, schema: JsonObject) => {
    const existing = components[name];
    if (existing && JSON.stringify(existing) !== JSON.stringify(schema)) {
      throw new Error(`Route ${route.name}: schema id ${name} names two different schemas.`);
    }
    components[name] = schema;
  };
  for (const [id, definition] of Object.entries(($defs ?? {}) as Record<string, JsonObject>)) {
    place(componentName(id), rewriteRefs(definition, refTarget) as JsonObject);
  }
  const schema = rewriteRefs(root, refTarget) as JsonObject;
  if (!refersToRoot) return schema;
  place(rootName, schema);
  return { $ref: `#/components/schemas/${rootName}` };
}

/** A copy of a JSON Schema with every `$ref` mapped through `target`. */
function rewriteRefs(value: unknown, target: (ref: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => rewriteRefs(item, target));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      key === '$ref' && typeof item === 'string' ? target(item) : rewriteRefs(item, target),
    ]),
  );
}

/**
 * Builds the OpenAPI 3.1 document: one `post` operation per route, in route-table order, with the
 * request schema from the route's zod input and the contract's envelopes as responses. The output is
 * a function of its arguments only (fixed key order), so a checked-in copy can be compared for
 * staleness. `examples` (by route name) become each operation's request and success examples.
 * Throws on two routes sharing a path or a schema that cannot be represented.
 */
export function buildOpenApi(
  definitions: readonly RouteDocumentation[],
  options: {
    version: string;
    examples?: Readonly<Record<string, OperationExample>>;
    descriptions?: OpenApiDescriptions;
  },
): OpenApiDocument {
  const descriptions = options.descriptions ?? noDescriptions;
  const paths: Record<string, { post: OpenApiOperation }> = {};
  const componentSchemas: Record<string, JsonObject> = { ...schemas };
  for (const doc of definitions) {
    const { route } = doc;
    if (paths[route.path]) throw new Error(`Two routes serve ${route.path}.`);
    const example = options.examples?.[route.name];
    const describe = descriptions.fields(route);
    const description = descriptions.operation(route);
    paths[route.path] = {
      post: {
        operationId: route.name,
        summary: route.summary,
        ...(description !== undefined && { description }),
        tags: [route.tag ?? route.domain],
        security: securityFor(route),
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['data'],
                properties: {
                  data: {
                    description: dataDescription,
                    ...jsonSchemaOf(doc, 'input', componentSchemas, describe),
                  },
                },
              },
              ...(example && { example: { data: example.request } }),
            },
          },
        },
        responses: responsesFor(doc, componentSchemas, example, describe),
        'x-max-body-bytes': route.maxBodyBytes ?? defaultMaxBodyBytes,
      },
    };
  }
  const tags = [...new Set(definitions.map((doc) => doc.route.tag ?? doc.route.domain))].map((name) => ({
    name,
    description: descriptions.tags?.[name] ?? domainDescriptions[name] ?? name,
  }));
  // A copy, so callers that edit the document cannot reach the module's shared fragments.
  return structuredClone({
    openapi: '3.1.0',
    info: {
      title: 'Collaboration backend API',
      version: options.version,
      description:
        'Every operation is a POST of `{ data: {...} }`. Success answers `{ result: { status: "success", message, data? } }` (the memory search and judgment query answer their `result` without `status` and `message`); failure answers `{ error: { status, message, details? } }` with the HTTP status its contract status maps to. Bodies over an operation\'s `x-max-body-bytes` are refused before parsing. Generated by `npm run docs`; do not edit.',
      license: { name: 'Apache-2.0', identifier: 'Apache-2.0' },
    },
    servers: [
      { url: 'http://localhost:3000', description: 'The local stack (`npm start`).' },
      {
        url: 'https://{apiId}.execute-api.{region}.amazonaws.com',
        description: 'A deployed stack (its HTTP API URL is a stack output).',
        variables: { apiId: { default: 'apiId' }, region: { default: 'us-east-1' } },
      },
    ],
    tags,
    paths,
    components: {
      securitySchemes,
      headers: {
        RequestId: {
          description: 'The request id, also written to the service logs; quote it when reporting a problem.',
          schema: { type: 'string' },
        },
        RetryAfter: {
          description: 'Seconds to wait before retrying.',
          schema: { type: 'integer', minimum: 0 },
        },
      },
      schemas: componentSchemas,
      responses: Object.fromEntries(failures.map(({ name, response }) => [name, response])),
    },
  } satisfies OpenApiDocument);
}

const authLabels = { none: 'none', workspace: 'W', apiKey: 'K' } as const;
const portalLabels = { read: ' or P', write: ' or P (full)' } as const;

/**
 * The README endpoint table (`| Path | Auth | Summary |`), in route-table order, with a legend
 * for the auth column.
 */
export function renderRouteTable(routes: readonly RouteDefinition[]): string {
  const cell = (text: string) => text.replaceAll('|', '\\|');
  const auth = (route: RouteDefinition) =>
    `${authLabels[route.auth]}${route.portal ? portalLabels[route.portal] : ''}`;
  const rows = routes.map((route) => `| ${route.path} | ${auth(route)} | ${cell(route.summary)} |`);
  return [
    '| Path | Auth | Summary |',
    '|---|---|---|',
    ...rows,
    '',
    'Auth: `W` = workspace credentials (`x-svc-workspace-id` + `x-svc-workspace-auth-token`), ' +
      "`K` = API-key credentials (`x-svc-api-key` + `x-svc-auth-token`), `P` = a portal session's token " +
      '(`Authorization: Bearer`; `P (full)`: not a read-only session). Every operation is a `POST`; ' +
      'the full schema is in [docs/openapi.json](docs/openapi.json).',
  ].join('\n');
}
