import { readFile } from 'node:fs/promises';
import * as z from 'zod/mini';
import { openApiFile } from '../../../scripts/docs/render';
import { routeContracts } from '../../../shared/api/route-contracts';
import { routeExamples } from '../../../shared/api/route-examples';
import { type RouteName, routes } from '../../../shared/api/routes';
import type { OpenApiDocument } from '../../../shared/http/openapi';

const named = routes.map((route) => [route.name, route] as const);

describe('route examples', () => {
  it('has one example per route and none for an unknown route', () => {
    expect(Object.keys(routeExamples).sort()).toEqual(routes.map((route) => route.name).sort());
  });

  it.each(named)('%s: the request example is valid input of the route', (name) => {
    const parsed = routeContracts[name].input.safeParse(routeExamples[name as RouteName].request);
    expect(parsed.error?.issues).toBeUndefined();
  });

  it.each(named)('%s: the response example is a valid result of the route', (name) => {
    const output = z.strictObject(routeContracts[name].output.shape);
    const parsed = output.safeParse(routeExamples[name as RouteName].response);
    expect(parsed.error?.issues).toBeUndefined();
  });

  it('appears in docs/openapi.json on every operation, as sent and as answered', async () => {
    const document = JSON.parse(await readFile(openApiFile, 'utf8')) as OpenApiDocument;
    for (const route of routes) {
      const operation = document.paths[route.path]?.post;
      const example = routeExamples[route.name];
      expect(operation?.requestBody.content['application/json'].example).toEqual({ data: example.request });
      expect(operation?.responses['200']).toMatchObject({
        content: { 'application/json': { example: { result: example.response } } },
      });
    }
  });
});
