import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../db/client';
import { entities } from '../db/entities';
import type { ItemKey } from '../db/key-parts';

/** What `list-workspaces` shows of a workspace (never its token hash). */
export interface WorkspaceSummary {
  readonly workspaceId: string;
  readonly name: string;
  readonly ownerEmail: string;
  readonly createdAt: number;
  /** The item's key: a Scan started from it continues after this workspace. */
  readonly key: ItemKey;
}

/** One page of workspaces and where the next page starts (undefined after the last one). */
export interface WorkspacePage {
  readonly workspaces: WorkspaceSummary[];
  readonly next: Record<string, unknown> | undefined;
}

/**
 * One page of a paginated Scan of the table for workspaces (up to 1 MB of the table read per page;
 * a page may hold no workspace), optionally only those of one owner email. For admin commands
 * only: no request path lists every tenant, so no index serves it and request paths never Scan.
 */
export async function scanWorkspaces(
  start: Record<string, unknown> | undefined,
  ownerEmail?: string,
): Promise<WorkspacePage> {
  const output = await db().send(
    new ScanCommand({
      TableName: tableName(),
      FilterExpression: ownerEmail ? 'entity = :workspace AND ownerEmail = :owner' : 'entity = :workspace',
      ProjectionExpression: 'pk, sk, workspaceId, #name, ownerEmail, createdAt',
      ExpressionAttributeNames: { '#name': 'name' },
      ExpressionAttributeValues: {
        ':workspace': entities.workspace.name,
        ...(ownerEmail && { ':owner': ownerEmail.toLowerCase() }),
      },
      ExclusiveStartKey: start,
    }),
  );
  return {
    workspaces: (output.Items ?? []).map((item) => ({
      workspaceId: item.workspaceId as string,
      name: item.name as string,
      ownerEmail: item.ownerEmail as string,
      createdAt: item.createdAt as number,
      key: { pk: item.pk as string, sk: item.sk as string },
    })),
    next: output.LastEvaluatedKey,
  };
}
