import { type BuildOptions, build, type Metafile } from 'esbuild';
import ts from 'typescript';

/**
 * A function's load-time baseline (decisions §66): a module that imports only the AWS SDK clients
 * and middleware the function's own bundle imports when it loads — the same names from the same
 * packages, nothing of the project's — so that `loadMs / baselineLoadMs` is what the project's own
 * code adds to a cold start. Derived from esbuild, never listed by hand.
 */

/** The scopes of the packages a function cannot load without: the AWS SDK and the middleware engine. */
const baselineScopes = ['@aws-sdk', '@middy'];

const isBaselinePackage = (specifier: string) =>
  baselineScopes.some((scope) => specifier.startsWith(`${scope}/`));

/** Imports evaluated when the module loads (a dynamic `import()` runs only when reached). */
const loadTimeKinds = new Set<string>(['import-statement', 'require-call']);

/**
 * The baseline packages the bundle imports at load time: the entry's static import graph through
 * the project's modules, as esbuild's metafile records it (packages left external), and the
 * specifiers those modules import from the baseline packages. A module reached only through a
 * dynamic `import()` (the management API poster, the Bedrock and Secrets Manager clients) is not
 * evaluated at load, and neither are its packages.
 */
export function loadTimePackages(metafile: Metafile, entry: string): Set<string> {
  const reached = new Set([entry]);
  const packages = new Set<string>();
  const pending = [entry];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    for (const imported of metafile.inputs[file]?.imports ?? []) {
      if (!loadTimeKinds.has(imported.kind)) continue;
      if (imported.external) {
        if (isBaselinePackage(imported.path)) packages.add(imported.path);
      } else if (!reached.has(imported.path)) {
        reached.add(imported.path);
        pending.push(imported.path);
      }
    }
  }
  return packages;
}

/**
 * The baseline's source: the import declarations of `packages` in a bundle built with those
 * packages external (esbuild writes one per module that imports them, naming only what survived
 * tree-shaking), each local name exported again so the baseline's bundle keeps it.
 */
export function baselineSource(bundleText: string, packages: ReadonlySet<string>): string {
  const file = ts.createSourceFile('bundle.mjs', bundleText, ts.ScriptTarget.Latest, false, ts.ScriptKind.JS);
  const declarations: string[] = [];
  const locals: string[] = [];
  for (const statement of file.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    if (!packages.has(statement.moduleSpecifier.text)) continue;
    declarations.push(statement.getText(file));
    const clause = statement.importClause;
    if (clause?.name) locals.push(clause.name.text);
    const bindings = clause?.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) locals.push(bindings.name.text);
    if (bindings && ts.isNamedImports(bindings))
      locals.push(...bindings.elements.map((element) => element.name.text));
  }
  return [...declarations, `export { ${locals.join(', ')} };`].join('\n');
}

/** What a function's baseline holds: its source, and the packages it imports. */
export interface Baseline {
  source: string;
  packages: string[];
}

/**
 * Derives the baseline of the function whose handler is `entry` (relative to `root`): one esbuild
 * run of the handler with the baseline packages external (`settings` as the real bundle's), in
 * memory; its metafile gives the packages imported at load, its output the names.
 */
export async function deriveBaseline(root: string, entry: string, settings: BuildOptions): Promise<Baseline> {
  const result = await build({
    ...settings,
    absWorkingDir: root,
    entryPoints: [entry],
    external: baselineScopes.map((scope) => `${scope}/*`),
    minify: false,
    write: false,
    metafile: true,
    outfile: 'baseline-probe.mjs',
    logLevel: 'silent',
  });
  const packages = loadTimePackages(result.metafile, entry);
  const text = result.outputFiles[0]?.text ?? '';
  return { source: baselineSource(text, packages), packages: [...packages].sort() };
}
