import { updateAdvancedWebhookConfig } from '../../shared/webhooks/config-service';
import { createEndpoint } from '../../shared/webhooks/endpoint-service';
import { createTestWorkspace, type TestWorkspace } from './workspaces';

/** A fresh workspace whose API key has advanced webhooks enabled. */
export async function createWebhookWorkspace(): Promise<TestWorkspace> {
  const workspace = await createTestWorkspace();
  await updateAdvancedWebhookConfig(workspace.apiKey, { isEnabled: true });
  return workspace;
}

/** Creates `count` endpoints in parallel; returns their ids oldest first (ids sort by creation time). */
export async function seedEndpoints(workspace: TestWorkspace, count: number): Promise<string[]> {
  const endpoints = await Promise.all(
    Array.from({ length: count }, (_, index) =>
      createEndpoint(workspace.apiKey, { url: `https://hooks.example.com/${index}` }),
    ),
  );
  return endpoints.map((endpoint) => endpoint.id).sort();
}
