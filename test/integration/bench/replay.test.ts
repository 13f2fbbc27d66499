import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { writtenItems } from '../../../scripts/bench/before-images';
import { replayTrace } from '../../../scripts/bench/replay';
import { env } from '../../../shared/config/env';
import { db, tableName } from '../../../shared/db/client';
import { keys } from '../../../shared/db/keys';
import { measureDbCalls } from '../../../shared/db/metrics';
import { updateActivityConfig } from '../../../shared/settings/service';
import { maxWorkspacesPerOwner } from '../../../shared/workspace/repository';
import { createWorkspace } from '../../../shared/workspace/service';
import { createTestWorkspace, uniqueEmail } from '../../support/workspaces';

/** The bench's replay client: a document client with no instrumentation, on the same DynamoDB Local. */
function bareClient(): DynamoDBDocumentClient {
  const { AWS_REGION, DYNAMODB_ENDPOINT } = env();
  return DynamoDBDocumentClient.from(
    new DynamoDBClient({ region: AWS_REGION, endpoint: DYNAMODB_ENDPOINT }),
    { marshallOptions: { removeUndefinedValues: true } },
  );
}

/** workspace.create's DynamoDB calls: one transaction of an owner counter and three conditional creates. */
async function recordWorkspaceCreate() {
  const ownerEmail = uniqueEmail();
  const { result, stats } = await measureDbCalls(() => createWorkspace({ ownerEmail }));
  const apiKey = Object.keys(result.apiKeyList)[0]!;
  return { ownerEmail, workspaceId: result.id, apiKey, trace: stats.trace };
}

const readItem = async (key: Record<string, string>) =>
  (await db().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }))).Item;

describe('replayTrace', () => {
  it('replays conditional creates as accepted, every recorded call sent, and leaves the table as it was', async () => {
    const { ownerEmail, workspaceId, apiKey, trace } = await recordWorkspaceCreate();
    const credential = await readItem(keys.apiKeyCredential(apiKey));
    const owner = await readItem(keys.owner(ownerEmail));
    // The three creates were absent before; the owner counter was never read: no before-image.
    expect(writtenItems(trace).map((item) => item.before?.Item)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect(writtenItems(trace).filter((item) => item.before)).toHaveLength(3);

    for (let replay = 0; replay < maxWorkspacesPerOwner; replay += 1) {
      expect(await replayTrace(bareClient(), trace)).toEqual(
        expect.objectContaining({ calls: trace.length, refused: 0 }),
      );
    }

    expect(await readItem(keys.apiKeyCredential(apiKey))).toEqual(credential);
    expect(await readItem(keys.owner(ownerEmail))).toEqual(owner);
    expect(await readItem(keys.workspace(workspaceId))).toMatchObject({ workspaceId });
  });

  it('replays an optimistic update as accepted: the item it read is put back as it was first', async () => {
    const { apiKey } = await createTestWorkspace();
    await updateActivityConfig(apiKey, { isEnabled: true });
    const { stats } = await measureDbCalls(() => updateActivityConfig(apiKey, { isEnabled: false }));
    const after = await readItem(keys.apiKeyConfig(apiKey, 'activity'));
    expect(stats.trace.map((call) => call.command)).toEqual(['GetItem', 'PutItem']);
    expect(writtenItems(stats.trace)).toEqual([
      expect.objectContaining({
        before: expect.objectContaining({ Item: expect.objectContaining({ version: 1 }) }),
      }),
    ]);

    expect(await replayTrace(bareClient(), stats.trace)).toEqual(
      expect.objectContaining({ calls: 2, refused: 0 }),
    );
    expect(await readItem(keys.apiKeyConfig(apiKey, 'activity'))).toEqual(after);
  });

  it('counts a call refused for another reason and still leaves the table as it was', async () => {
    const { ownerEmail, workspaceId, apiKey, trace } = await recordWorkspaceCreate();
    // The owner reaches the quota between the request and its replay.
    const fullOwner = { ...(await readItem(keys.owner(ownerEmail))), workspaceCount: maxWorkspacesPerOwner };
    await db().send(new PutCommand({ TableName: tableName(), Item: fullOwner }));

    expect(await replayTrace(bareClient(), trace)).toEqual(
      expect.objectContaining({ calls: trace.length, refused: 1 }),
    );
    expect(await readItem(keys.workspace(workspaceId))).toMatchObject({ workspaceId });
    expect(await readItem(keys.apiKeyCredential(apiKey))).toMatchObject({ apiKey, workspaceId });
    expect(await readItem(keys.owner(ownerEmail))).toEqual(fullOwner);
  });
});
