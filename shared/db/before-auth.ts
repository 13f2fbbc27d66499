import { AsyncLocalStorage } from 'node:async_hooks';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';

/**
 * Most DynamoDB calls a route's prefetch sends before its caller is authenticated, all in its first
 * round trip (decisions: "Reads before auth"). A call over the limit waits for the verdict like any
 * later call.
 */
export const maxCallsBeforeAuth = 8;

/** Thrown to a prefetch's held-back call when the request ended without running its route. */
export class ReadWithheldError extends Error {
  override readonly name = 'ReadWithheldError';
  constructor() {
    super('DynamoDB read withheld: the request was answered before its caller was authenticated');
  }
}

/**
 * What the request decides about reads it started before auth: `open` once the route runs for an
 * authenticated caller (held-back calls go out), `close` otherwise (they fail with
 * `ReadWithheldError`, unsent). The first decision counts.
 */
export interface ReadGate {
  open(): void;
  close(): void;
}

interface GateState {
  decided?: boolean;
  verdict: Promise<boolean>;
  decide: (open: boolean) => void;
  /** Calls sent before the verdict, and whether one of them has answered (the first round trip ended). */
  sent: number;
  answered: boolean;
}

const gates = new AsyncLocalStorage<GateState>();

/**
 * Runs `start` (a route's prefetch) so that its DynamoDB calls obey a gate until the request
 * decides: calls started in the first round trip (before any of them answered, at most
 * `maxCallsBeforeAuth`) go out at once; every later one — a second page, a read that needs the
 * first one's answer — waits for `open`, and is never sent after `close`. So a request with a wrong
 * token costs one round trip of single-page reads, and nothing reads on after its answer.
 */
export function startBeforeAuth<T>(start: () => T): { started: T; gate: ReadGate } {
  let decide: (open: boolean) => void = () => undefined;
  const verdict = new Promise<boolean>((resolve) => {
    decide = resolve;
  });
  const state: GateState = { verdict, decide, sent: 0, answered: false };
  const settle = (open: boolean) => {
    if (state.decided !== undefined) return;
    state.decided = open;
    decide(open);
  };
  return {
    started: gates.run(state, start),
    gate: { open: () => settle(true), close: () => settle(false) },
  };
}

/**
 * Adds the gate of `startBeforeAuth` to a client, outermost (before the call counter, so a held-back
 * call counts when it is sent, and a withheld one never).
 */
export function gateReadsBeforeAuth(client: DynamoDBClient): void {
  client.middlewareStack.add(
    (next) => async (args) => {
      const state = gates.getStore();
      if (!state || state.decided === true) return next(args);
      if (state.decided === undefined && !state.answered && state.sent < maxCallsBeforeAuth) {
        state.sent += 1;
        return next(args).finally(() => {
          state.answered = true;
        });
      }
      if (!(await state.verdict)) throw new ReadWithheldError();
      return next(args);
    },
    { step: 'initialize', name: 'readGateBeforeAuth', priority: 'high', override: true },
  );
}
