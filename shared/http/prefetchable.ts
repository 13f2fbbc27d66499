import type { ApiKeyCaller } from './caller';

/**
 * An operation whose first reads need only the API key and the input, so that its route starts them
 * as the `prefetch`, together with the auth read (decisions §43): `read` starts them, `run` is the
 * operation given the started reads. The result takes them as its third argument; a caller without
 * them (a test, a script) leaves it out and they start when it is called. The input's type is
 * `read`'s, stated once. Each call carries a `@__PURE__` annotation: a top-level call is otherwise kept by
 * esbuild, and with it every operation of the module and all they import, in every function that
 * imports the module (esbuild does not carry `@__NO_SIDE_EFFECTS__` across modules; tried).
 */
export function prefetchable<Input, Reads, Result, Caller extends { apiKey: string } = ApiKeyCaller>(
  read: (apiKey: string, input: Input) => Reads,
  run: (caller: Caller, input: Input, reads: Reads) => Promise<Result>,
) {
  return (caller: Caller, input: Input, reads: Reads = read(caller.apiKey, input)): Promise<Result> =>
    run(caller, input, reads);
}
