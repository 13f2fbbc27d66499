import { type ApiKeyClient, type Area, newWorkspaceClient } from './types';

/**
 * A key whose organization has one started migration (its status is what the status scenario
 * reads). Each migrate request moves a fresh document id, so every request starts a real job that
 * the local stack's worker runs; the request itself is one SQS send and one PutItem.
 */
export interface MigrationFixture {
  api: ApiKeyClient;
  migrationId: string;
}

const organizationId = 'org';

export const migrationArea: Area<MigrationFixture> = {
  name: 'migration',
  async seed(context) {
    const api = await newWorkspaceClient(context, 'migration');
    const { migrationId } = await api.call<{ migrationId: string }>('organizations.documents.migrate', {
      organizationId,
      documentId: 'seeded',
      newDocumentId: 'seeded-moved',
    });
    return { api, migrationId };
  },
  scenarios: {
    'organizations.documents.migrate': {
      request: (fixture, index) => ({
        headers: fixture.api.headers,
        data: { organizationId, documentId: `doc-${index}`, newDocumentId: `moved-${index}` },
      }),
    },
    'organizations.documents.migrate.status': {
      request: (fixture) => ({
        headers: fixture.api.headers,
        data: { organizationId, migrationId: fixture.migrationId },
      }),
    },
  },
};
