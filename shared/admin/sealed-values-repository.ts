import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { QueryCommand, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { signingSecretOwner } from '../access/token-service';
import { batchGet } from '../db/batch';
import { db, tableName } from '../db/client';
import { entities } from '../db/entities';
import type { ConfigKind } from '../db/entities/workspace';
import type { ItemKey } from '../db/key-parts';
import { keys } from '../db/keys';
import { configSealOwner } from '../settings/repository';
import { endpointSecretOwner } from '../webhooks/signing-secrets';
import { authTokenOwner } from '../workspace/service';

/** One sealed value in the table: where it is, the owner it is sealed for, and the value. */
export interface SealedValue {
  readonly key: ItemKey;
  readonly attribute: string;
  readonly owner: string;
  readonly value: string;
}

type Item = Record<string, unknown>;

/** Every config kind, checked complete by the compiler (a new kind must be listed here). */
const configKinds = Object.keys({
  webhook: true,
  advancedWebhook: true,
  activity: true,
  permissionProvider: true,
  notification: true,
} satisfies Record<ConfigKind, true>) as ConfigKind[];

const keyOf = (item: Item): ItemKey => ({ pk: item.pk as string, sk: item.sk as string });

const slot = (item: Item, attribute: string, owner: string): SealedValue[] =>
  typeof item[attribute] === 'string' ? [{ key: keyOf(item), attribute, owner, value: item[attribute] }] : [];

/** One page of API keys with the auth token sealed on their credential. */
export interface CredentialPage {
  readonly apiKeys: string[];
  readonly authTokens: SealedValue[];
  /** Where the next page starts; undefined after the last one. */
  readonly next: Record<string, unknown> | undefined;
}

/**
 * One page of a paginated Scan of the table for API-key credentials (each page reads up to 1 MB of
 * the table). For admin commands only, which must visit every tenant; request paths never Scan.
 */
export async function scanCredentials(start?: Record<string, unknown>): Promise<CredentialPage> {
  const output = await db().send(
    new ScanCommand({
      TableName: tableName(),
      FilterExpression: 'entity = :credential',
      ProjectionExpression: 'pk, sk, apiKey, authTokenEncrypted',
      ExpressionAttributeValues: { ':credential': entities.apiKeyCredential.name },
      ExclusiveStartKey: start,
    }),
  );
  const items = output.Items ?? [];
  return {
    apiKeys: items.map((item) => item.apiKey as string),
    authTokens: items.flatMap((item) =>
      slot(item, 'authTokenEncrypted', authTokenOwner(item.apiKey as string)),
    ),
    next: output.LastEvaluatedKey,
  };
}

/**
 * The sealed values an API key holds besides its auth token: the token-signing secret and the
 * config documents (one BatchGetItem), and each webhook endpoint's current and previous secret
 * (a paginated Query of the endpoint partition).
 */
export async function findSealedValues(apiKey: string): Promise<SealedValue[]> {
  const signingKey = keys.tokenSigningSecret(apiKey);
  const single = await batchGet(
    [signingKey, ...configKinds.map((kind) => keys.apiKeyConfig(apiKey, kind))],
    ['pk', 'sk', 'kind', 'encrypted', 'sealed'],
  );
  const found = single.flatMap((item) =>
    item.sk === signingKey.sk
      ? slot(item, 'encrypted', signingSecretOwner(apiKey))
      : slot(item, 'sealed', configSealOwner(apiKey, item.kind as ConfigKind)),
  );
  let start: Record<string, unknown> | undefined;
  do {
    const output = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ProjectionExpression: 'pk, sk, endpointId, secretEncrypted, previousSecretEncrypted',
        ExpressionAttributeValues: {
          ':pk': keys.webhookPartition(apiKey),
          ':prefix': keys.webhookEndpointPrefix,
        },
        ExclusiveStartKey: start,
      }),
    );
    for (const item of output.Items ?? []) {
      const owner = endpointSecretOwner(apiKey, item.endpointId as string);
      found.push(...slot(item, 'secretEncrypted', owner), ...slot(item, 'previousSecretEncrypted', owner));
    }
    start = output.LastEvaluatedKey;
  } while (start);
  return found;
}

/**
 * Replaces a sealed value with `replacement` if it still holds the value that was read (one
 * conditional UpdateItem); false when a concurrent write changed it first.
 */
export async function replaceSealedValue(sealed: SealedValue, replacement: string): Promise<boolean> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: sealed.key,
        UpdateExpression: 'SET #value = :replacement',
        ConditionExpression: '#value = :read',
        ExpressionAttributeNames: { '#value': sealed.attribute },
        ExpressionAttributeValues: { ':replacement': replacement, ':read': sealed.value },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}
