import {
  CollabApiError,
  type CollabClient,
  createClient,
  createPublicClient,
  createWorkspaceClient,
} from '../../packages/client/src/index';
import type { LocalStack } from '../../scripts/local/stack';
import { startLocalStackOnRunDynamo } from '../support/local-stack';

/** Black-box: the typed client (the client package's source) against the whole local stack. */
let stack: LocalStack;

beforeAll(async () => {
  stack = await startLocalStackOnRunDynamo();
}, 60_000);

afterAll(async () => {
  await stack?.stop();
});

/** A fresh workspace, its first API key's auth token and a client for it. */
async function newClient(): Promise<{ client: CollabClient; apiKey: string }> {
  const created = await createPublicClient({ baseUrl: stack.url }).workspace.create({
    ownerEmail: `client-${Date.now()}@example.com`,
  });
  const workspace = createWorkspaceClient({
    baseUrl: stack.url,
    workspaceId: created.data.id,
    workspaceAuthToken: created.data.authToken,
  });
  const { data: key } = await workspace.workspace.apikey.create({
    type: 'testing',
    apiKeyName: 'client e2e',
  });
  const { data: tokens } = await workspace.workspace.authtokens.get({ apiKey: key.apiKey });
  const authToken = tokens.authTokens[0]?.token ?? '';
  return { client: createClient({ baseUrl: stack.url, apiKey: key.apiKey, authToken }), apiKey: key.apiKey };
}

describe('typed client', () => {
  it('walks workspace → API key → organization → document → comment → read back', async () => {
    const { client } = await newClient();
    const organizations = await client.organizations.add({
      organizations: [{ organizationId: 'org-1', organizationName: 'Org one' }],
    });
    expect(organizations.data['org-1']).toMatchObject({ success: true });

    const documents = await client.organizations.documents.add({
      organizationId: 'org-1',
      documents: [{ documentId: 'doc-1', documentName: 'Doc one' }],
    });
    expect(documents.data['doc-1']?.success).toBe(true);

    const added = await client.commentannotations.add({
      organizationId: 'org-1',
      documentId: 'doc-1',
      commentAnnotations: [
        { annotationId: 'thread-1', commentData: [{ commentText: 'Looks good', from: { userId: 'u1' } }] },
      ],
    });
    expect(added.data['thread-1']?.commentIds).toHaveLength(1);

    const threads = await client.commentannotations.get({ organizationId: 'org-1', documentId: 'doc-1' });
    expect(threads.status).toBe('success');
    expect(threads.data.map((thread) => thread.annotationId)).toEqual(['thread-1']);
    expect(threads.data[0]?.comments[0]?.commentText).toBe('Looks good');

    const domains = await client.workspace.domains.get();
    expect(domains.data.domains).toEqual([]);
  });

  it('answers the memory search result without the success envelope', async () => {
    const { client } = await newClient();
    const found = await client.memory.search({ query: 'approve the wording', organizationId: 'org-none' });
    expect(found).toEqual({ results: [], totalInScope: 0, searchLatencyMs: expect.any(Number) });
  });

  it('throws CollabApiError with the envelope, the HTTP status and the request id', async () => {
    const { client } = await newClient();
    const failure = await client.organizations.folders
      .get({ organizationId: 'no-such-org' })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(CollabApiError);
    const error = failure as CollabApiError;
    expect(error).toMatchObject({ status: 'NOT_FOUND', httpStatus: 404, route: 'organizations.folders.get' });
    expect(error.requestId).toEqual(expect.any(String));

    const invalid = (await client.users
      .get({ organizationId: '' })
      .catch((caught: unknown) => caught)) as CollabApiError;
    expect(invalid).toMatchObject({ status: 'INVALID_ARGUMENT', httpStatus: 400 });
    expect(invalid.details?.issues).toEqual([expect.objectContaining({ path: 'organizationId' })]);
  });

  it('throws PERMISSION_DENIED for wrong credentials', async () => {
    const { apiKey } = await newClient();
    const stranger = createClient({ baseUrl: stack.url, apiKey, authToken: 'wrong' });
    await expect(stranger.workspace.domains.get()).rejects.toMatchObject({
      status: 'PERMISSION_DENIED',
      httpStatus: 403,
    });
  });

  it('runs a route that is also the prefix of another (users.data.delete and its status)', async () => {
    const { client } = await newClient();
    await client.organizations.add({ organizations: [{ organizationId: 'org-2' }] });
    const started = await client.users.data.delete({ userId: 'u1', organizationIds: ['org-2'] });
    const status = await client.users.data.delete.status({ jobId: started.data.jobId });
    expect(status.data.jobId).toBe(started.data.jobId);
  });
});
