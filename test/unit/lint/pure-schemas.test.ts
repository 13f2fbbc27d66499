import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

const root = join(__dirname, '../../..');

/** The schema modules under `dir`: files named `schemas.ts` or `<concept>-schemas.ts`. */
function schemaModules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return schemaModules(path);
    return /(^|-)schemas\.ts$/.test(entry.name) ? [path] : [];
  });
}

/**
 * The top-level declarations of `source` built by a call that is not marked `/* @__PURE__ *\/`:
 * esbuild keeps such a schema in every bundle that imports the module, read or not (decisions §89).
 */
function unmarkedSchemas(fileName: string, source: string): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  return file.statements.filter(ts.isVariableStatement).flatMap((statement) =>
    statement.declarationList.declarations.flatMap((declaration) => {
      let value = declaration.initializer;
      while (value && (ts.isAsExpression(value) || ts.isSatisfiesExpression(value))) value = value.expression;
      if (!value || !ts.isCallExpression(value)) return [];
      const marked = source.slice(value.pos, value.getStart(file)).trim() === '/* @__PURE__ */';
      return marked ? [] : [declaration.name.getText(file)];
    }),
  );
}

describe('schema modules', () => {
  it('mark every top-level schema they build pure, so a function builds only the ones it reads', () => {
    const unmarked = schemaModules(join(root, 'shared')).flatMap((path) =>
      unmarkedSchemas(path, readFileSync(path, 'utf8')).map((name) => `${relative(root, path)}: ${name}`),
    );
    expect(unmarked).toEqual([]);
  });

  it('are checked for marks on calls only, wherever a declaration is cast', () => {
    const source = [
      'const a = /* @__PURE__ */ z.string().min(1);',
      'const b = z.object({ a });',
      'export const c = b.extend({}) as typeof b;',
      "const d = ['x'];",
    ].join('\n');
    expect(unmarkedSchemas('planted-schemas.ts', source)).toEqual(['b', 'c']);
  });
});
