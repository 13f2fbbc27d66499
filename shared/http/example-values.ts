/**
 * Values the route examples of several domains share (`shared/<domain>/examples.ts`): people, a
 * document, a timestamp and the shapes of a success `result`. Docs and tests only read them.
 */

const ok = 'success' as const;
export const at = '2026-03-02T09:30:00.000Z';
export const ms = 1772443800000;
export const alice = { userId: 'alice', name: 'Alice', email: 'alice@example.com' };
export const bob = { userId: 'bob', name: 'Bob', email: 'bob@example.com' };
export const doc = { organizationId: 'org-1', documentId: 'doc-1' };
const saved = (message: string, id: string) => ({ [id]: { success: true, id, message } });
/** A success `result` carrying `data`. */
export const answer = <Data>(message: string, data: Data) => ({ status: ok, message, data });
/** A success `result` without data. */
export const acknowledged = (message: string) => ({ status: ok, message });
/** A batch operation's `result` (`<items> processed.`) with one item saved under its id. */
export const processed = (items: string, message: string, id: string) =>
  answer(`${items} processed.`, saved(message, id));
