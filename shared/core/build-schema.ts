/**
 * Builds a schema module's top-level schema (or a value made of its schemas, such as the event
 * catalog), marked `/* @__PURE__ *\/` where it is called:
 * `/* @__PURE__ *\/ buildSchema(() => z.strictObject({ ... }))`. esbuild drops a marked call whose
 * result nothing reads only when its arguments have no side effects of their own. A zod/mini
 * schema's arguments are calls (`z.optional(z.string())`) that esbuild cannot prove pure, so a
 * schema built directly stays in every bundle that imports its module; behind a function it goes
 * from the bundles that never read it (decisions §89, §92).
 */
export const buildSchema = <Schema>(build: () => Schema): Schema => build();

/**
 * A schema built the first time it is read (and kept), for a module whose schemas most of the
 * functions that hold it never read: the event catalog holds every type's payload, and a function
 * builds the payloads of the types it publishes. Building a zod schema costs every cold start
 * that builds it, read or not (decisions §95).
 */
export function onFirstRead<Schema>(build: () => Schema): () => Schema {
  let built: Schema | undefined;
  return () => {
    built ??= build();
    return built;
  };
}
