import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ApiError, resourceExhausted } from '../core/errors';
import { batchGet } from '../db/batch';
import { db, tableName } from '../db/client';
import { entities } from '../db/entities';
import { keys } from '../db/keys';
import {
  type QueryRequestOutput,
  queryAll,
  queryFirstRequest,
  queryPage,
  withoutKeys,
} from '../db/query-page';
import { cancellationReasons } from '../db/transactions';
import {
  type ApiKeyCredential,
  type ApiKeyListing,
  apiKeyCredential,
  apiKeyListing,
  type CredentialForAuth,
  credentialForAuth,
  type WorkspaceRecord,
  workspaceRecord,
} from './schemas';

/** Workspaces one owner email may hold (addendum §3). */
export const maxWorkspacesPerOwner = 5;

/** The token-related fields of a credential write. */
export interface AuthTokenFields {
  authTokenHash: string;
  authTokenEncrypted: string;
}

/**
 * Creates a workspace with its first API key in one transaction: the owner's quota counter
 * (conditional), the workspace, the key's listing and its credential.
 * Throws RESOURCE_EXHAUSTED when the owner already holds the maximum, ABORTED on a concurrent create.
 */
export async function insertWorkspace(
  workspace: WorkspaceRecord,
  credential: ApiKeyCredential,
): Promise<void> {
  const listing: ApiKeyListing = {
    apiKey: credential.apiKey,
    apiKeyName: credential.apiKeyName,
    type: credential.type,
    createdAt: credential.createdAt,
  };
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName(),
              Key: keys.owner(workspace.ownerEmail),
              UpdateExpression: 'SET entity = :entity, updatedAt = :now ADD workspaceCount :one',
              ConditionExpression: 'attribute_not_exists(workspaceCount) OR workspaceCount < :max',
              ExpressionAttributeValues: {
                ':entity': entities.owner.name,
                ':now': workspace.createdAt,
                ':one': 1,
                ':max': maxWorkspacesPerOwner,
              },
            },
          },
          {
            Put: {
              TableName: tableName(),
              Item: {
                ...keys.workspace(workspace.workspaceId),
                entity: entities.workspace.name,
                ...workspace,
              },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          ...apiKeyPuts(workspace.workspaceId, listing, credential),
        ],
      }),
    );
  } catch (error) {
    const reasons = cancellationReasons(error);
    if (reasons?.[0] === 'ConditionalCheckFailed') {
      throw resourceExhausted(
        `An owner email may hold at most ${maxWorkspacesPerOwner} workspaces.`,
        24 * 60 * 60,
      );
    }
    if (reasons?.includes('TransactionConflict')) {
      throw new ApiError('ABORTED', 'A concurrent request changed the same data; retry.');
    }
    throw error;
  }
}

function apiKeyPuts(workspaceId: string, listing: ApiKeyListing, credential: ApiKeyCredential) {
  return [
    {
      Put: {
        TableName: tableName(),
        Item: {
          ...keys.workspaceApiKey(workspaceId, listing.apiKey),
          entity: entities.workspaceApiKey.name,
          ...listing,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    {
      Put: {
        TableName: tableName(),
        Item: {
          ...keys.apiKeyCredential(credential.apiKey),
          entity: entities.apiKeyCredential.name,
          ...credential,
          // A string set (empty sets cannot be stored), so that domain add/delete are atomic updates.
          domains: credential.domains.length > 0 ? new Set(credential.domains) : undefined,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ];
}

/** Adds an API key (listing and credential) to an existing workspace in one transaction. */
export async function insertApiKey(credential: ApiKeyCredential): Promise<void> {
  const listing: ApiKeyListing = {
    apiKey: credential.apiKey,
    apiKeyName: credential.apiKeyName,
    type: credential.type,
    createdAt: credential.createdAt,
  };
  await db().send(
    new TransactWriteCommand({ TransactItems: apiKeyPuts(credential.workspaceId, listing, credential) }),
  );
}

/**
 * The workspace's token hash, for workspace-level auth (one strongly consistent GetItem: a
 * credential check must never answer from a replica that lags behind a change).
 */
export async function findWorkspaceTokenHash(workspaceId: string): Promise<string | undefined> {
  const output = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.workspace(workspaceId),
      ProjectionExpression: 'tokenHash',
      ConsistentRead: true,
    }),
  );
  return output.Item?.tokenHash as string | undefined;
}

const workspacePartition = (workspaceId: string) => ({
  KeyConditionExpression: 'pk = :pk',
  ExpressionAttributeValues: { ':pk': keys.workspace(workspaceId).pk },
});

/** The first request of `findWorkspaceWithApiKeys`, started early (one Query page; a route's prefetch). */
export const startWorkspaceRead = (workspaceId: string) => queryFirstRequest(workspacePartition(workspaceId));

/**
 * The workspace item with all its API-key listings (one Query over the workspace's partition;
 * more pages only past 1 MB). `firstRequest` is `startWorkspaceRead`'s, when already started.
 */
export async function findWorkspaceWithApiKeys(
  workspaceId: string,
  firstRequest?: Promise<QueryRequestOutput>,
): Promise<{ workspace: WorkspaceRecord; apiKeys: ApiKeyListing[] } | undefined> {
  const items = await queryAll(workspacePartition(workspaceId), firstRequest);
  const workspaceItem = items.find((item) => item.entity === entities.workspace.name);
  if (!workspaceItem) return undefined;
  return {
    workspace: workspaceRecord.parse(withoutKeys(workspaceItem)),
    apiKeys: items
      .filter((item) => item.entity === entities.workspaceApiKey.name)
      .map((item) => apiKeyListing.parse(withoutKeys(item))),
  };
}

/** One page of a workspace's API-key listings, oldest key first. */
export async function listApiKeys(workspaceId: string, pageSize: number, startKey?: Record<string, unknown>) {
  const page = await queryPage(
    {
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: {
        ':pk': keys.workspace(workspaceId).pk,
        ':prefix': keys.workspaceApiKeyPrefix,
      },
    },
    pageSize,
    startKey,
  );
  return { apiKeys: page.items.map((item) => apiKeyListing.parse(withoutKeys(item))), nextKey: page.nextKey };
}

/** The listings of the given API keys within a workspace (one BatchGet); absent keys are left out. */
export async function findApiKeyListings(
  workspaceId: string,
  apiKeys: readonly string[],
): Promise<ApiKeyListing[]> {
  const found = await batchGet(apiKeys.map((apiKey) => keys.workspaceApiKey(workspaceId, apiKey)));
  return found.map((item) => apiKeyListing.parse(withoutKeys(item)));
}

/** An API key's credential item, or undefined (one strongly consistent GetItem: a reset shows at once). */
export async function findCredential(apiKey: string): Promise<ApiKeyCredential | undefined> {
  const output = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.apiKeyCredential(apiKey), ConsistentRead: true }),
  );
  return output.Item ? apiKeyCredential.parse(withoutKeys(output.Item)) : undefined;
}

/**
 * Replaces an API key's auth token if the key belongs to `workspaceId` (one conditional UpdateItem);
 * returns the credential after the write, or undefined when the key is not the workspace's.
 */
export async function replaceAuthToken(
  workspaceId: string,
  apiKey: string,
  token: AuthTokenFields,
  now: number,
): Promise<ApiKeyCredential | undefined> {
  try {
    const output = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.apiKeyCredential(apiKey),
        UpdateExpression: 'SET authTokenHash = :hash, authTokenEncrypted = :encrypted, updatedAt = :now',
        ConditionExpression: 'workspaceId = :workspaceId',
        ExpressionAttributeValues: {
          ':hash': token.authTokenHash,
          ':encrypted': token.authTokenEncrypted,
          ':now': now,
          ':workspaceId': workspaceId,
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return apiKeyCredential.parse(withoutKeys(output.Attributes ?? {}));
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return undefined;
    throw error;
  }
}

/**
 * What API-key auth needs of a credential, read with a projection (one strongly consistent GetItem
 * per request, so a reset token or a removed allowed domain fails from the next request on).
 */
export async function findCredentialForAuth(apiKey: string): Promise<CredentialForAuth | undefined> {
  const output = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.apiKeyCredential(apiKey),
      ProjectionExpression:
        'authTokenHash, workspaceId, #type, domains, usesPermissionProvider, digestDelayMinutes, erasing, incarnations',
      ExpressionAttributeNames: { '#type': 'type' },
      ConsistentRead: true,
    }),
  );
  return output.Item ? credentialForAuth.parse(output.Item) : undefined;
}
