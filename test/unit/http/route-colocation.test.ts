import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { preProcessFile } from 'typescript';
import { handlerFile, type RouteDefinition, routes } from '../../../shared/api/routes';

/** Folders below or above the domains (shared/http, shared/db, ..., the composition roots). */
const notDomain =
  /^shared\/(core|config|observability|security|db|queues|http|reconcile|sockets|plugins|api|admin)\//;

const importsCache = new Map<string, string[]>();

/** The project files a source file imports (relative imports, type imports included). */
function importsOf(file: string): string[] {
  let imports = importsCache.get(file);
  if (!imports) {
    const { importedFiles } = preProcessFile(readFileSync(file, 'utf8'), true, true);
    imports = importedFiles
      .map(({ fileName }) => fileName)
      .filter((name) => name.startsWith('.'))
      .map((name) => `${normalize(join(dirname(file), name))}.ts`);
    importsCache.set(file, imports);
  }
  return imports;
}

/**
 * The repositories a route's domain code stores through: the repository modules its services reach
 * through modules of their own folder, in that folder. (Another domain's repository a service reaches
 * is a collaborator, as activities written with a comment, not the route's storage.)
 */
function storageOf(services: readonly string[]): string[] {
  const storage = new Set<string>();
  for (const service of services) {
    const folder = dirname(service);
    const seen = new Set<string>();
    const pending = [service];
    for (let file = pending.pop(); file; file = pending.pop()) {
      if (seen.has(file)) continue;
      seen.add(file);
      if (/repository\.ts$/.test(file)) storage.add(file);
      pending.push(...importsOf(file).filter((imported) => dirname(imported) === folder));
    }
  }
  return [...storage];
}

/** Where a newcomer finds each part of a route, from the route table and the handler's imports. */
function partsOf(route: RouteDefinition) {
  const domainFolder = `shared/${route.domain}`;
  const handler = handlerFile(route);
  const services = importsOf(handler).filter((file) => file.startsWith('shared/') && !notDomain.test(file));
  const contracts = `${domainFolder}/contracts.ts`;
  const schemas = importsOf(contracts).filter(
    (file) => !notDomain.test(file) && !file.endsWith('/routes.ts'),
  );
  return {
    declaration: [`${domainFolder}/routes.ts`, contracts, `${domainFolder}/examples.ts`],
    handler: [handler],
    schemas,
    services,
    storage: storageOf(services),
  };
}

/** Routes whose answer is built from code alone: they store and read nothing of their own. */
const storeless = new Set(['workspace.advancedwebhook.eventtypes.get']);

describe('where a route lives', () => {
  it('gives every route its own handler file', () => {
    expect(new Set(routes.map(handlerFile)).size).toBe(routes.length);
  });

  it.each(routes.map((route) => [route.name, route] as const))(
    '%s: declaration, handler, schema, service and storage lie in its handler folder and its domain folder',
    (_name, route) => {
      const parts = partsOf(route);
      const declaredIn = (file: string, pattern: string) => readFileSync(file, 'utf8').includes(pattern);
      const [rows, contracts, examples] = parts.declaration as [string, string, string];
      expect(declaredIn(rows, `name: '${route.name}'`)).toBe(true);
      expect(declaredIn(contracts, `'${route.name}':`)).toBe(true);
      expect(declaredIn(examples, `'${route.name}':`)).toBe(true);
      expect(existsSync(parts.handler[0] as string)).toBe(true);
      expect(parts.schemas.length).toBeGreaterThan(0);
      expect(parts.services.length).toBeGreaterThan(0);
      expect(parts.storage.length > 0).toBe(!storeless.has(route.name));
      const folders = new Set(Object.values(parts).flatMap((files) => files.map(dirname)));
      expect([...folders].sort()).toEqual([`functions/${route.domain}`, `shared/${route.domain}`]);
    },
  );
});
