import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { handlerFile, routes } from '../../../shared/api/routes';

describe('route table', () => {
  it('declares every path and name once', () => {
    expect(new Set(routes.map((route) => route.path)).size).toBe(routes.length);
    expect(new Set(routes.map((route) => route.name)).size).toBe(routes.length);
  });

  it('uses versioned POST paths', () => {
    for (const route of routes) expect(route.path).toMatch(/^\/v[12]\/[a-z_/]+$/);
  });

  it.each(routes.map((route) => [route.name, route] as const))(
    'has a handler file for %s that exports the handler defined for that route',
    async (_name, route) => {
      const file = resolve(process.cwd(), handlerFile(route));
      expect(existsSync(file)).toBe(true);
      const module = (await import(file)) as { handler?: { definition?: { route: { name: string } } } };
      expect(typeof module.handler).toBe('function');
      expect(module.handler?.definition?.route.name).toBe(route.name);
    },
  );
});
