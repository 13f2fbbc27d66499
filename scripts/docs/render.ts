/**
 * Loads every route's handler definition and renders the generated docs: `docs/openapi.json` and
 * the README endpoint table. Shared by `npm run docs` (which writes them) and the staleness test
 * (which compares them), so both always agree on what "fresh" means.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { EndpointHandler } from '../../shared/api/define-endpoint';
import { routeContracts } from '../../shared/api/route-contracts';
import { routeExamples } from '../../shared/api/route-examples';
import { routeDescriptions } from '../../shared/api/route-reference';
import { handlerFile, routes } from '../../shared/api/routes';
import { buildOpenApi, type RouteDocumentation, renderRouteTable } from '../../shared/http/openapi';

export const openApiFile = 'docs/openapi.json';
export const readmeFile = 'README.md';
export const routesStartMarker = '<!-- routes:start -->';
export const routesEndMarker = '<!-- routes:end -->';

/**
 * Imports each route's handler module (path derived from the route name) and returns the route with
 * its contract from the registry, in route-table order. Importing needs no environment:
 * configuration is read on first use. Throws when a handler file is missing, exports no `handler`,
 * serves another route, or validates with another schema than its contract's input.
 */
export async function loadDefinitions(root: string): Promise<RouteDocumentation[]> {
  return Promise.all(
    routes.map(async (route) => {
      const file = join(root, handlerFile(route));
      const module = (await import(file)) as { handler?: EndpointHandler };
      const definition = module.handler?.definition;
      if (!definition) throw new Error(`${handlerFile(route)} exports no handler made by defineEndpoint.`);
      if (definition.route.name !== route.name) {
        throw new Error(`${handlerFile(route)} serves ${definition.route.name}, expected ${route.name}.`);
      }
      const contract = routeContracts[route.name];
      if (definition.input !== contract.input) {
        throw new Error(`${handlerFile(route)} validates with another schema than its contract's input.`);
      }
      return { route: definition.route, ...contract };
    }),
  );
}

/** The freshly rendered `docs/openapi.json`: 2-space JSON with a trailing newline. */
export async function renderOpenApi(root: string): Promise<string> {
  const pkg = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as { version: string };
  const document = buildOpenApi(await loadDefinitions(root), {
    version: pkg.version,
    examples: routeExamples,
    descriptions: routeDescriptions().descriptions,
  });
  return `${JSON.stringify(document, null, 2)}\n`;
}

/**
 * `text` (the content of `file`) with what lies between the `start` and `end` markers replaced by
 * `generated`, the markers kept. Throws when `file` lacks the markers.
 */
export function withGeneratedRegion(
  text: string,
  region: { file: string; start: string; end: string },
  generated: string,
): string {
  const start = text.indexOf(region.start);
  const end = text.indexOf(region.end, start);
  if (start === -1 || end === -1) {
    throw new Error(`${region.file} lacks the ${region.start} … ${region.end} markers.`);
  }
  return `${text.slice(0, start + region.start.length)}\n${generated}\n${text.slice(end)}`;
}

/** `readme` with the text between the route markers replaced by the endpoint table. Throws without the markers. */
export function withRouteTable(readme: string): string {
  return withGeneratedRegion(
    readme,
    { file: readmeFile, start: routesStartMarker, end: routesEndMarker },
    renderRouteTable(routes),
  );
}

/** The project's README with a fresh endpoint table. */
export async function renderReadme(root: string): Promise<string> {
  return withRouteTable(await readFile(join(root, readmeFile), 'utf8'));
}
