/** One example call per route of the settings domain (./routes.ts), typed by the route's contract (./contracts.ts). */
import { answer } from '../http/example-values';
import type { ExamplesOf } from '../http/route-contract';
import type { settingsContracts } from './contracts';

const permissionProvider = {
  usePermissionProvider: true,
  permissionProviderConfig: { permissionProviderUrl: 'https://auth.example.com/check', authToken: 'pp_1' },
};

export const settingsExamples = {
  'workspace.domains.add': {
    request: { domains: ['docs.example.com'] },
    response: answer('Domains added.', { domainsAdded: ['docs.example.com'] }),
  },
  'workspace.domains.delete': {
    request: { domains: ['docs.example.com'] },
    response: answer('Domains removed.', { domainsRemoved: ['docs.example.com'] }),
  },
  'workspace.activityconfig.get': {
    request: {},
    response: answer('Activity config retrieved.', {
      activityServiceConfig: { isEnabled: true, immutable: false },
    }),
  },
  'workspace.activityconfig.update': {
    request: { activityServiceConfig: { isEnabled: true, triggers: { comment: { added: true } } } },
    response: answer('Activity config updated.', {
      activityServiceConfig: { isEnabled: true, triggers: { comment: { added: true } } },
    }),
  },
  'workspace.permissionproviderconfig.get': {
    request: {},
    response: answer('Permission provider config retrieved.', permissionProvider),
  },
  'workspace.permissionproviderconfig.update': {
    request: permissionProvider,
    response: answer('Permission provider config updated.', permissionProvider),
  },
} satisfies ExamplesOf<typeof settingsContracts>;
