import { defineEndpoint } from '../../shared/api/define-endpoint';
import { crdtContracts } from '../../shared/crdt/contracts';
import { deleteVersions } from '../../shared/crdt/versions-service';

export const handler = defineEndpoint({
  route: 'crdt.versions.delete',
  contracts: crdtContracts,
  run: async ({ caller, input }) => ({
    message: 'Versions deleted.',
    data: await deleteVersions(caller.apiKey, input),
  }),
});
