import { randomUUID } from 'node:crypto';
import { createWorkspace, getAuthTokens } from '../../shared/workspace/service';

/** A unique owner email, so tests never share the per-owner workspace quota. */
export const uniqueEmail = () => `owner-${randomUUID()}@example.com`;

export interface TestWorkspace {
  workspaceId: string;
  workspaceToken: string;
  apiKey: string;
  authToken: string;
  workspaceHeaders: Record<string, string>;
  apiKeyHeaders: Record<string, string>;
}

/** A fresh workspace with its testing API key and auth token, created through the service. */
export async function createTestWorkspace(): Promise<TestWorkspace> {
  const workspace = await createWorkspace({ ownerEmail: uniqueEmail() });
  const apiKey = Object.keys(workspace.apiKeyList)[0]!;
  const tokens = await getAuthTokens({ level: 'workspace', workspaceId: workspace.id }, { apiKey });
  const authToken = tokens.authTokens[0]!.token;
  return {
    workspaceId: workspace.id,
    workspaceToken: workspace.authToken,
    apiKey,
    authToken,
    workspaceHeaders: {
      'x-svc-workspace-id': workspace.id,
      'x-svc-workspace-auth-token': workspace.authToken,
    },
    apiKeyHeaders: { 'x-svc-api-key': apiKey, 'x-svc-auth-token': authToken },
  };
}
