import { resolve } from 'node:path';
import { handlerFile, type RouteDefinition } from '../../shared/api/routes';

/** The handler module of a route, loaded from the path the route table derives. */
export async function loadRouteHandler(route: RouteDefinition): Promise<unknown> {
  const module = (await import(resolve(process.cwd(), handlerFile(route)))) as { handler: unknown };
  return module.handler;
}
