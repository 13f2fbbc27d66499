import type middy from '@middy/core';
import type { Context } from 'aws-lambda';
import { loadKeyring } from './keyring';

/**
 * A middy middleware that awaits `loadKeyring` before the handler runs: every handler that seals or
 * opens a value (routes, queue workers, the stream fan-out, the reconciler) has its keyring, fetched
 * once per cold start (and refreshed every few minutes) in the stack.
 */
export function keyringLoader<
  TEvent,
  TResult,
  TErr = Error,
  TContext extends Context = Context,
>(): middy.MiddlewareObj<TEvent, TResult, TErr, TContext> {
  return {
    before: async () => {
      await loadKeyring();
    },
  };
}
