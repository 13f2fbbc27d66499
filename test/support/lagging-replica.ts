import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../../shared/db/client';
import type { ItemKey } from '../../shared/db/key-parts';

const middlewareName = 'laggingReplica';

/**
 * Failure injection: DynamoDB's eventually consistent reads may answer from a replica that has not
 * seen the latest writes, which DynamoDB Local never does. Until the returned function is called,
 * an eventually consistent GetItem of one of `keys` answers the item as it was when the lag began
 * (`asOf: 'now'`) or as if it did not exist yet (`asOf: 'absent'`, a replica that missed its
 * creation). Strongly consistent reads and every other call reach the table unchanged.
 */
export async function lagReplicas(
  keys: readonly ItemKey[],
  options: { asOf?: 'now' | 'absent' } = {},
): Promise<() => void> {
  const stale = new Map<string, Record<string, unknown> | undefined>();
  for (const key of keys) {
    const item =
      options.asOf === 'absent'
        ? undefined
        : (await db().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }))).Item;
    stale.set(JSON.stringify([key.pk, key.sk]), item);
  }
  const stack = db().middlewareStack;
  stack.add(
    (next, context) => async (args) => {
      const input = args.input as {
        ConsistentRead?: boolean;
        Key?: { pk?: { S?: string }; sk?: { S?: string } };
      };
      const id = JSON.stringify([input.Key?.pk?.S, input.Key?.sk?.S]);
      if (context.commandName !== 'GetItemCommand' || input.ConsistentRead || !stale.has(id)) {
        return next(args);
      }
      // Answered in document form: the document client's unmarshalling sits below this step.
      const item = stale.get(id);
      return { output: { $metadata: {}, ...(item && { Item: item }) }, response: {} } as never;
    },
    { step: 'build', name: middlewareName, override: true },
  );
  return () => {
    stack.remove(middlewareName);
  };
}
