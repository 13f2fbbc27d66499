import { callAs, succeed } from '../../support/api';
import { createTestWorkspace, type TestWorkspace } from '../../support/workspaces';
import { activity, addActivities, enableActivities, organizationId } from '../activities/support';

/** organizations.documents.delete of ids without a document item (issue 27: no job for nothing). */
let workspace: TestWorkspace;

beforeEach(async () => {
  workspace = await createTestWorkspace();
  await succeed(workspace, 'organizations.add', { organizations: [{ organizationId }] });
});

const deleteDocuments = (documentIds: string[]) =>
  callAs(workspace, 'organizations.documents.delete', { organizationId, documentIds });

describe('organizations.documents.delete of ids that never existed', () => {
  it('answers each as success with a does-not-exist message and starts no erasure job', async () => {
    const ids = Array.from({ length: 30 }, (_, index) => `ghost-${index}`);
    const response = await deleteDocuments(ids);
    expect(response.statusCode).toBe(200);
    for (const id of ids)
      expect(response.json.result?.data[id]).toEqual({
        success: true,
        id,
        message: 'Document does not exist.',
      });
    // A job starts with a transaction (its item, the fence, the deleted items): none was written.
    expect(response.db.commands).not.toContain('TransactWriteItems');
    expect(response.db.writeCapacityUnits).toBe(0);
    // Nothing was fenced: the id can be added at once, in its first incarnation.
    await succeed(workspace, 'organizations.documents.add', {
      organizationId,
      documents: [{ documentId: 'ghost-0' }],
    });
  });

  it('still erases an id without a document item whose activities exist, and answers it the same', async () => {
    await enableActivities(workspace);
    await addActivities(workspace, 'only-activities', [activity()]);
    const response = await deleteDocuments(['only-activities', 'ghost']);
    expect(response.json.result?.data['only-activities']).toEqual({
      success: true,
      id: 'only-activities',
      message: 'Document does not exist.',
    });
    expect(response.db.commands.filter((command) => command === 'TransactWriteItems')).toHaveLength(1);
  });
});
