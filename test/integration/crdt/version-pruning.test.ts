import { autoVersionIntervalMs } from '../../../shared/crdt/versions-schemas';
import { keys } from '../../../shared/db/keys';
import { queryAll } from '../../../shared/db/query-page';
import { callAs, succeed } from '../../support/api';
import { setEnvForFile } from '../../support/file-env';
import { holdDate } from '../../support/held-date';
import { createTestWorkspace, type TestWorkspace } from '../../support/workspaces';
import { newEditor } from './support';

/**
 * Automatic versions are bounded per editor (`MAX_AUTO_VERSIONS`, 3 here): making one past the
 * bound deletes the oldest automatic ones, meta and parts, and never a manual one.
 */
setEnvForFile('MAX_AUTO_VERSIONS', '3');

type Ref = ReturnType<typeof newEditor>;

interface Listed {
  versionId: string;
  createdAt: number;
  auto: boolean;
}

const versions = async (workspace: TestWorkspace, ref: Ref): Promise<Listed[]> =>
  succeed(workspace, 'crdt.versions.get', { ...ref, pageSize: 100 });

/** The version ids that have part items in the document's CRDT partition (straight from the table). */
async function idsWithParts(apiKey: string, ref: Ref): Promise<Set<string>> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.crdtPartition(apiKey, ref.organizationId, ref.documentId) },
  });
  return new Set(
    items.filter((item) => item.entity === 'crdtVersionPart').map((item) => item.versionId as string),
  );
}

let workspace: TestWorkspace;

beforeAll(async () => {
  workspace = await createTestWorkspace();
});

afterEach(() => {
  jest.useRealTimers();
});

describe('automatic versions past MAX_AUTO_VERSIONS', () => {
  it('deletes the oldest automatic versions with their parts and keeps every manual one', async () => {
    const start = Date.now();
    holdDate(start);
    const ref = newEditor();
    await succeed(workspace, 'crdt.add', { ...ref, type: 'text', data: 'v0' });
    const manual = await succeed(workspace, 'crdt.versions.create', { ...ref, name: 'kept' });
    // Five more changes, each more than 30 minutes after the newest version: five more automatic ones.
    for (let change = 1; change <= 5; change += 1) {
      jest.setSystemTime(start + change * (autoVersionIntervalMs + 1));
      await succeed(workspace, 'crdt.update', { ...ref, type: 'text', data: `v${change}` });
    }
    const listed = await versions(workspace, ref);
    const automatic = listed.filter((version) => version.auto);
    expect(automatic.map((version) => version.createdAt)).toEqual(
      [5, 4, 3].map((change) => start + change * (autoVersionIntervalMs + 1)),
    );
    expect(listed.filter((version) => !version.auto).map((version) => version.versionId)).toEqual([
      manual.versionId,
    ]);
    // Nothing of the pruned versions is left: their parts went with their meta items.
    expect(await idsWithParts(workspace.apiKey, ref)).toEqual(
      new Set(listed.map((version) => version.versionId)),
    );
    const newest = automatic[0] as Listed;
    expect(
      (await succeed(workspace, 'crdt.versions.get', { ...ref, versionId: newest.versionId })).data,
    ).toBe('v5');
  });

  it('prunes with a restore too, whose version of the content before is automatic', async () => {
    const start = Date.now();
    holdDate(start);
    const ref = newEditor();
    await succeed(workspace, 'crdt.add', { ...ref, type: 'text', data: 'v0' });
    const target = await succeed(workspace, 'crdt.versions.create', { ...ref, name: 'target' });
    for (let change = 1; change <= 2; change += 1) {
      jest.setSystemTime(start + change * (autoVersionIntervalMs + 1));
      await succeed(workspace, 'crdt.update', { ...ref, type: 'text', data: `v${change}` });
    }
    expect((await versions(workspace, ref)).filter((version) => version.auto)).toHaveLength(3);
    jest.setSystemTime(start + 3 * (autoVersionIntervalMs + 1));
    const restored = await callAs(workspace, 'crdt.versions.restore', {
      ...ref,
      versionId: target.versionId,
    });
    expect(restored.statusCode).toBe(200);
    const automatic = (await versions(workspace, ref)).filter((version) => version.auto);
    expect(automatic.map((version) => version.createdAt)).toEqual(
      [3, 2, 1].map((change) => start + change * (autoVersionIntervalMs + 1)),
    );
    expect((await succeed(workspace, 'crdt.get', ref))[0]?.data).toBe('v0');
  });

  it('costs a change with no version due nothing more', async () => {
    const start = Date.now();
    holdDate(start);
    const ref = newEditor();
    await succeed(workspace, 'crdt.add', { ...ref, type: 'text', data: 'v0' });
    jest.setSystemTime(start + 1000);
    const response = await callAs(workspace, 'crdt.update', { ...ref, type: 'text', data: 'v1' });
    expect(response.db.commands.filter((command) => command === 'Query')).toHaveLength(2);
  });
});
