import { loadKeyring } from '../../shared/security/keyring';
import { createWorkspaceInput } from '../../shared/workspace/schemas';
import { provisionWorkspace } from '../../shared/workspace/service';
import { type AdminOption, defineAdminCommand, UsageError } from './command';

const options: readonly AdminOption[] = [
  {
    name: 'owner-email',
    value: '<email>',
    required: true,
    description: "The owner's email address (one owner may hold 5 workspaces).",
  },
  { name: 'name', value: '<name>', description: "The owner's name (default: the email's local part)." },
  {
    name: 'workspace-name',
    value: '<name>',
    description: 'The workspace\'s name (default: "<name>\'s workspace").',
  },
  { name: 'json', description: 'Print the result as one JSON object instead of lines.' },
];

/**
 * `create-workspace`: what `workspace.create` does, also when the deployment refuses public creation
 * (`allowPublicWorkspaceCreation=false`): the way to the first workspace of a closed deployment.
 */
export const createWorkspaceCommand = defineAdminCommand({
  summary:
    'Create a workspace and its first API key, also when the deployment does not let the public create them; prints the credentials once.',
  options,
  async run(values, output) {
    const input = createWorkspaceInput.safeParse({
      ownerEmail: values['owner-email'],
      name: values.name,
      workspaceName: values['workspace-name'],
    });
    if (!input.success) {
      throw new UsageError(
        input.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '),
      );
    }
    await loadKeyring();
    const created = await provisionWorkspace(input.data);
    const result = {
      workspaceId: created.workspace.id,
      workspaceAuthToken: created.workspace.authToken,
      apiKey: created.apiKey,
      authToken: created.apiKeyAuthToken,
    };
    if (values.json) {
      output.out(JSON.stringify(result));
      return 0;
    }
    output.out(`Workspace "${created.workspace.name}" created for ${created.workspace.owner.email}.`);
    output.out(`  workspace id          ${result.workspaceId}   (x-svc-workspace-id)`);
    output.out(
      `  workspace auth token  ${result.workspaceAuthToken}   (x-svc-workspace-auth-token; the owner's)`,
    );
    output.out(`  API key (testing)     ${result.apiKey}   (x-svc-api-key)`);
    output.out(`  auth token            ${result.authToken}   (x-svc-auth-token)`);
    output.out('Keep the tokens: they are stored hashed or sealed and are shown here once.');
    return 0;
  },
});
