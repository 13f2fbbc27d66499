import { type BuildOptions, build, type Metafile } from 'esbuild';
import ts from 'typescript';

/**
 * A function's load-time baseline (decisions §66, §93): a module that imports only the AWS SDK
 * clients and middleware the function's own bundle holds — the same names from the same packages,
 * each the same way (when the module loads, or by `import()` on first use), nothing of the
 * project's — so that `loadMs / baselineLoadMs` is what the project's own code adds to a cold start.
 * Derived from esbuild, never listed by hand.
 */

/** The scopes of the packages a function cannot load without: the AWS SDK and the middleware engine. */
const baselineScopes = ['@aws-sdk', '@middy'];

const isBaselinePackage = (specifier: string) =>
  baselineScopes.some((scope) => specifier.startsWith(`${scope}/`));

/** Imports evaluated when the module loads (a dynamic `import()` runs only when reached). */
const loadTimeKinds = new Set<string>(['import-statement', 'require-call']);

/** The baseline packages a bundle holds: evaluated when it loads, or only on first use. */
export interface BaselinePackages {
  atLoad: Set<string>;
  /** Reached only through a dynamic `import()`: in the bundle, wrapped to be evaluated when first used. */
  onFirstUse: Set<string>;
}

/**
 * The baseline packages the bundle holds, from the entry's import graph through the project's
 * modules as esbuild's metafile records it (packages left external). Those the static graph
 * reaches are evaluated at load; a package reached only through a dynamic `import()` (the keyring's
 * Secrets Manager client, the management API poster) is bundled too, but evaluated when first used.
 */
export function baselinePackages(metafile: Metafile, entry: string): BaselinePackages {
  const atLoad = walkPackages(metafile, entry, (kind) => loadTimeKinds.has(kind));
  const everyPackage = walkPackages(metafile, entry, () => true);
  return { atLoad, onFirstUse: new Set([...everyPackage].filter((specifier) => !atLoad.has(specifier))) };
}

/** The baseline packages imported by the modules reached from `entry` through imports `follows` takes. */
function walkPackages(metafile: Metafile, entry: string, follows: (kind: string) => boolean): Set<string> {
  const reached = new Set([entry]);
  const packages = new Set<string>();
  const pending = [entry];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    for (const imported of metafile.inputs[file]?.imports ?? []) {
      if (!follows(imported.kind)) continue;
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
 * The baseline's source: the import declarations of the packages imported at load in a bundle
 * built with those packages external (esbuild writes one per module that imports them, naming only
 * what survived tree-shaking), each local name exported again so the baseline's bundle keeps it;
 * then an exported `import()` of each package used only on first use, which esbuild bundles wrapped
 * as it does in the function's bundle (held whole, evaluated when called).
 */
export function baselineSource(bundleText: string, { atLoad, onFirstUse }: BaselinePackages): string {
  const file = ts.createSourceFile('bundle.mjs', bundleText, ts.ScriptTarget.Latest, false, ts.ScriptKind.JS);
  const declarations: string[] = [];
  const locals: string[] = [];
  for (const statement of file.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    if (!atLoad.has(statement.moduleSpecifier.text)) continue;
    declarations.push(statement.getText(file));
    const clause = statement.importClause;
    if (clause?.name) locals.push(clause.name.text);
    const bindings = clause?.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) locals.push(bindings.name.text);
    if (bindings && ts.isNamedImports(bindings))
      locals.push(...bindings.elements.map((element) => element.name.text));
  }
  const firstUse = [...onFirstUse]
    .sort()
    .map((specifier, index) => `export const firstUse${index} = () => import(${JSON.stringify(specifier)});`);
  return [...declarations, `export { ${locals.join(', ')} };`, ...firstUse].join('\n');
}

/** What a function's baseline holds: its source, and the packages it imports at load and on first use. */
export interface Baseline {
  source: string;
  packages: string[];
  firstUsePackages: string[];
}

/**
 * Derives the baseline of the function whose handler is `entry` (relative to `root`): one esbuild
 * run of the handler with the baseline packages external (`settings` as the real bundle's), in
 * memory; its metafile gives the packages and how each is imported, its output the names.
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
  const packages = baselinePackages(result.metafile, entry);
  const text = result.outputFiles[0]?.text ?? '';
  return {
    source: baselineSource(text, packages),
    packages: [...packages.atLoad].sort(),
    firstUsePackages: [...packages.onFirstUse].sort(),
  };
}
