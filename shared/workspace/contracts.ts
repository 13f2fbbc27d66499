/** The contracts of the workspace domain's routes (./routes.ts): the `data` each accepts and the `result` it answers. */
import * as z from 'zod/mini';
import { noInput } from '../http/common-schemas';
import { answering, answeringPage, type ContractsOf } from '../http/route-contract';
import type { workspaceRoutes } from './routes';
import * as workspace from './schemas';

export const workspaceContracts = {
  'workspace.create': answering(workspace.createWorkspaceInput, workspace.createdWorkspace),
  'workspace.get': answering(noInput, workspace.workspaceView),
  'workspace.apikey.create': answering(workspace.createApiKeyInput, workspace.createdApiKey),
  'workspace.apikeys.get': answeringPage(
    workspace.listApiKeysInput,
    z.array(workspace.apiKeySummary),
    'nextPageToken',
  ),
  'workspace.authtokens.get': answering(workspace.apiKeyInput, workspace.authTokensView),
  'workspace.authtoken.reset': answering(workspace.apiKeyInput, workspace.resetAuthTokenView),
  'workspace.domains.get': answering(noInput, workspace.domainsView),
} as const satisfies ContractsOf<typeof workspaceRoutes>;
