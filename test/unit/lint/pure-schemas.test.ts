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

/** Whether evaluating `node` may call something: a call outside the bodies of the functions it creates. */
function calls(node: ts.Node): boolean {
  if (ts.isArrowFunction(node) || ts.isFunctionExpression(node)) return false;
  if (ts.isCallExpression(node) || ts.isNewExpression(node) || ts.isTaggedTemplateExpression(node))
    return true;
  return ts.forEachChild(node, calls) ?? false;
}

/**
 * The top-level declarations of `source` that esbuild keeps in every bundle importing the module,
 * read or not (decisions §89, §92): built by a call that is not marked `/* @__PURE__ *\/`, or by a
 * marked call whose arguments call something (esbuild keeps a dropped call's arguments' effects, and
 * cannot tell that zod/mini's functions have none) — `buildSchema(() => ...)` is the way around it.
 */
function keptSchemas(fileName: string, source: string): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  return file.statements.filter(ts.isVariableStatement).flatMap((statement) =>
    statement.declarationList.declarations.flatMap((declaration) => {
      let value = declaration.initializer;
      while (value && (ts.isAsExpression(value) || ts.isSatisfiesExpression(value))) value = value.expression;
      if (!value || !ts.isCallExpression(value)) return [];
      const marked = source.slice(value.pos, value.getStart(file)).trim() === '/* @__PURE__ */';
      return marked && !value.arguments.some(calls) ? [] : [declaration.name.getText(file)];
    }),
  );
}

describe('schema modules', () => {
  it('build every top-level schema so that esbuild can drop it, so a function builds only the ones it reads', () => {
    const kept = schemaModules(join(root, 'shared')).flatMap((path) =>
      keptSchemas(path, readFileSync(path, 'utf8')).map((name) => `${relative(root, path)}: ${name}`),
    );
    expect(kept).toEqual([]);
  });

  it("are checked for marks on calls, and for calls in a marked call's arguments, wherever a declaration is cast", () => {
    const source = [
      'const a = /* @__PURE__ */ z.string();',
      'const b = z.object({ a });',
      'export const c = /* @__PURE__ */ buildSchema(() => z.object({ a: z.optional(a) })) as typeof b;',
      'const d = /* @__PURE__ */ z.object({ a: z.optional(a) });',
      'const e = /* @__PURE__ */ z.object({ a: new Set() });',
      "const f = ['x'];",
    ].join('\n');
    expect(keptSchemas('planted-schemas.ts', source)).toEqual(['b', 'd', 'e']);
  });
});
