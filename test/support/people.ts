/** People of the tests, as the contacts comment writers, reactors and tagged users carry. */
export const alice = { userId: 'alice', name: 'Alice', email: 'alice@example.com' };
export const bob = { userId: 'bob', name: 'Bob', email: 'bob@example.com' };
export const carol = { userId: 'carol', name: 'Carol', email: 'carol@example.com' };
