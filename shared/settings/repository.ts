import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { resourceExhausted } from '../core/errors';
import { setAssignments } from '../db/batch';
import { db, tableName } from '../db/client';
import { entities } from '../db/entities';
import type { ConfigKind } from '../db/entities/workspace';
import { keys } from '../db/keys';
import { cancellationReasons } from '../db/transactions';
import { decryptSecret, encryptSecret } from '../security/secrets';

/** Allowed domains one API key may hold: the list is read by every authenticated request. */
export const maxDomainsPerApiKey = 1000;

/** A stored config document with the version its next write must match. */
export interface VersionedConfig {
  document: unknown;
  version: number;
  createdAt: number;
}

/**
 * The owner a config document is sealed for: configs hold tokens the customer's systems check
 * (webhook and provider auth tokens), so they are sealed whole.
 */
export const configSealOwner = (apiKey: string, kind: ConfigKind) => `${apiKey}#config#${kind}`;

/** An API key's config of one kind with its version (one strongly consistent GetItem), if ever written. */
export async function findConfig(apiKey: string, kind: ConfigKind): Promise<VersionedConfig | undefined> {
  const output = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.apiKeyConfig(apiKey, kind), ConsistentRead: true }),
  );
  return output.Item ? configFromItem(apiKey, kind, output.Item) : undefined;
}

/** A stored config item, unsealed (for items read in a batch with other things). */
export function configFromItem(
  apiKey: string,
  kind: ConfigKind,
  item: Record<string, unknown>,
): VersionedConfig {
  return {
    document: JSON.parse(decryptSecret(item.sealed as string, configSealOwner(apiKey, kind))),
    version: item.version as number,
    createdAt: item.createdAt as number,
  };
}

/**
 * Writes a config document if the stored version is still `read`'s (or nothing is stored when
 * `read` is undefined): one conditional PutItem. `credentialFlags` are copied onto the API key's
 * credential in the same transaction, for settings that authentication (which reads only the
 * credential) must know. Returns false when a concurrent write won.
 */
export async function putConfigIfUnchanged(
  apiKey: string,
  kind: ConfigKind,
  document: unknown,
  read: VersionedConfig | undefined,
  now: number,
  credentialFlags?: Record<string, unknown>,
): Promise<boolean> {
  const put = {
    TableName: tableName(),
    Item: {
      ...keys.apiKeyConfig(apiKey, kind),
      entity: entities.apiKeyConfig.name,
      kind,
      sealed: encryptSecret(JSON.stringify(document), configSealOwner(apiKey, kind)),
      version: (read?.version ?? 0) + 1,
      createdAt: read?.createdAt ?? now,
      updatedAt: now,
    },
    ConditionExpression: read ? 'version = :version' : 'attribute_not_exists(pk)',
    ExpressionAttributeValues: read ? { ':version': read.version } : undefined,
  };
  try {
    if (!credentialFlags) {
      await db().send(new PutCommand(put));
      return true;
    }
    const set = setAssignments(credentialFlags);
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: put },
          {
            Update: {
              TableName: tableName(),
              Key: keys.apiKeyCredential(apiKey),
              UpdateExpression: `SET ${set.assignments}`,
              ConditionExpression: 'attribute_exists(pk)',
              ExpressionAttributeNames: set.names,
              ExpressionAttributeValues: set.values,
            },
          },
        ],
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    if (cancellationReasons(error)?.[0] === 'ConditionalCheckFailed') return false;
    throw error;
  }
}

/** The stored domains before an update, as DynamoDB returns them (`UPDATED_OLD`). */
function domainsBefore(attributes: Record<string, unknown> | undefined): Set<string> {
  return new Set((attributes?.domains as Set<string> | undefined) ?? []);
}

/**
 * Adds domains to an API key's allowed list with one atomic UpdateItem (`ADD` on a string set, so
 * concurrent adds never lose each other) and returns the list as it was before. Throws
 * RESOURCE_EXHAUSTED when the list could outgrow `maxDomainsPerApiKey` (counted before duplicates
 * are dropped).
 */
export async function addAllowedDomains(apiKey: string, domains: readonly string[], now: number) {
  try {
    const output = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.apiKeyCredential(apiKey),
        UpdateExpression: 'ADD domains :domains SET updatedAt = :now',
        ConditionExpression:
          'attribute_exists(pk) AND (attribute_not_exists(domains) OR size(domains) <= :room)',
        ExpressionAttributeValues: {
          ':domains': new Set(domains),
          ':now': now,
          ':room': maxDomainsPerApiKey - domains.length,
        },
        ReturnValues: 'UPDATED_OLD',
      }),
    );
    return domainsBefore(output.Attributes);
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) {
      throw resourceExhausted(`An API key may hold at most ${maxDomainsPerApiKey} allowed domains.`);
    }
    throw error;
  }
}

/**
 * Removes domains from an API key's allowed list with one atomic UpdateItem (`DELETE` on the string
 * set) and returns the list as it was before.
 */
export async function removeAllowedDomains(apiKey: string, domains: readonly string[], now: number) {
  const output = await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.apiKeyCredential(apiKey),
      UpdateExpression: 'DELETE domains :domains SET updatedAt = :now',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':domains': new Set(domains), ':now': now },
      ReturnValues: 'UPDATED_OLD',
    }),
  );
  return domainsBefore(output.Attributes);
}
