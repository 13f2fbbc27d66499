import { callAs, succeed } from '../../support/api';
import { createTestWorkspace, type TestWorkspace } from '../../support/workspaces';

export const organizationId = 'org';

/**
 * A fresh workspace with the activity service on (mutable, so updates and deletes apply): judgments
 * are derived from the activities written there.
 */
export async function givenWorkspaceWithActivities(): Promise<TestWorkspace> {
  const workspace = await createTestWorkspace();
  await succeed(workspace, 'workspace.activityconfig.update', {
    activityServiceConfig: { isEnabled: true, immutable: false },
  });
  return workspace;
}

/** Calls memory.search and returns its `result` (the bare search body). */
export async function search(workspace: TestWorkspace, data: Record<string, unknown>) {
  const response = await callAs(workspace, 'memory.search', data);
  if (response.statusCode !== 200) throw new Error(`search failed: ${JSON.stringify(response.json)}`);
  return response.json.result as unknown as {
    results: { recordId: string; similarity: number; [field: string]: unknown }[];
    totalInScope: number;
    searchLatencyMs: number;
  };
}

/** Calls memory.judgments.query and returns its `result`. */
export async function queryJudgments(workspace: TestWorkspace, data: Record<string, unknown>) {
  const response = await callAs(workspace, 'memory.judgments.query', data);
  if (response.statusCode !== 200) throw new Error(`query failed: ${JSON.stringify(response.json)}`);
  return response.json.result as unknown as {
    results: { recordId: string; [field: string]: unknown }[];
    total: number;
  };
}
