import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { createdItems, replayTrace } from '../../../scripts/bench/replay';
import { env } from '../../../shared/config/env';
import { db, tableName } from '../../../shared/db/client';
import { keys } from '../../../shared/db/keys';
import { measureDbCalls } from '../../../shared/db/metrics';
import { maxWorkspacesPerOwner } from '../../../shared/workspace/repository';
import { createWorkspace } from '../../../shared/workspace/service';
import { uniqueEmail } from '../../support/workspaces';

/** The bench's replay client: a document client with no instrumentation, on the same DynamoDB Local. */
function bareClient(): DynamoDBDocumentClient {
  const { AWS_REGION, DYNAMODB_ENDPOINT } = env();
  return DynamoDBDocumentClient.from(
    new DynamoDBClient({ region: AWS_REGION, endpoint: DYNAMODB_ENDPOINT }),
    {
      marshallOptions: { removeUndefinedValues: true },
    },
  );
}

/** workspace.create's DynamoDB calls: one transaction of an owner counter and three conditional creates. */
async function recordWorkspaceCreate() {
  const { result, stats } = await measureDbCalls(() => createWorkspace({ ownerEmail: uniqueEmail() }));
  const apiKey = Object.keys(result.apiKeyList)[0]!;
  return { workspaceId: result.id, apiKey, trace: stats.trace };
}

const readItem = async (key: Record<string, string>) =>
  (await db().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }))).Item;

describe('replayTrace', () => {
  it('replays a request whose conditional creates succeeded as accepted, every recorded call sent', async () => {
    const { workspaceId, apiKey, trace } = await recordWorkspaceCreate();
    const credentialBefore = await readItem(keys.apiKeyCredential(apiKey));
    expect(createdItems(trace)).toHaveLength(3);

    const first = await replayTrace(bareClient(), trace);
    const second = await replayTrace(bareClient(), trace);

    expect(first).toMatchObject({ calls: trace.length, refused: 0 });
    expect(second).toMatchObject({ calls: trace.length, refused: 0 });
    expect(await readItem(keys.apiKeyCredential(apiKey))).toEqual(credentialBefore);
    expect(await readItem(keys.workspace(workspaceId))).toMatchObject({ workspaceId });
  });

  it('counts a call refused for another reason and puts back the items it deleted first', async () => {
    const { workspaceId, apiKey, trace } = await recordWorkspaceCreate();
    // Each replay adds one to the owner's workspace count; the replay that meets the quota is refused.
    const accepted = maxWorkspacesPerOwner - 1;
    for (let replay = 0; replay < accepted; replay += 1) {
      expect(await replayTrace(bareClient(), trace)).toMatchObject({ refused: 0 });
    }

    expect(await replayTrace(bareClient(), trace)).toMatchObject({ calls: trace.length, refused: 1 });
    expect(await readItem(keys.workspace(workspaceId))).toMatchObject({ workspaceId });
    expect(await readItem(keys.apiKeyCredential(apiKey))).toMatchObject({ apiKey, workspaceId });
  });
});
