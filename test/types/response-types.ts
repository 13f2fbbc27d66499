/**
 * Type-level test, compiled by `npm run typecheck` (never run): the response types that
 * openapi-typescript makes of docs/openapi.json (the client package's `paths`, which
 * `npm run typecheck` generates first) and those of the typed client carry each route's `result`.
 * A wrong field must not compile (`@ts-expect-error` fails once it would).
 */
import createFetchClient from 'openapi-fetch';
import { createClient, type paths } from '../../packages/client/src/index';

const api = createFetchClient<paths>({ baseUrl: 'http://localhost:3000' });

export async function openApiFetchResponses(): Promise<string[]> {
  const created = await api.POST('/v2/workspace/create', { body: { data: { ownerEmail: 'a@example.com' } } });
  const workspace = created.data?.result.data;
  // @ts-expect-error the workspace has no `workspaceId` field (it is `id`)
  void workspace?.workspaceId;

  const documents = await api.POST('/v2/organizations/documents/get', {
    body: { data: { organizationId: 'o' } },
  });
  const firstDocument = documents.data?.result.data[0];
  // @ts-expect-error `disabled` is a boolean
  const disabled: string | undefined = firstDocument?.disabled;

  const search = await api.POST('/v2/memory/search', { body: { data: { query: 'wording' } } });
  // @ts-expect-error the memory search result has no status (base contract rule 3)
  void search.data?.result.status;
  const similarity: number | undefined = search.data?.result.results[0]?.similarity;

  const failed = await api.POST('/v2/workspace/get', { body: { data: {} } });
  const errorStatus: string | undefined = failed.error?.error.status;

  return [
    workspace?.id ?? '',
    workspace?.authToken ?? '',
    firstDocument?.documentName ?? '',
    String(disabled),
    String(similarity),
    errorStatus ?? '',
  ];
}

export async function typedClientResponses(): Promise<string[]> {
  const client = createClient({ baseUrl: 'http://localhost:3000', apiKey: 'k', authToken: 't' });
  const threads = await client.commentannotations.get({ organizationId: 'o', documentId: 'd' });
  // @ts-expect-error a thread's comments are an array, not a string
  const comments: string = threads.data[0]?.comments;
  const endpoint = await client.workspace.advancedwebhook.endpoints.create({
    url: 'https://example.com/hook',
  });
  // @ts-expect-error `rateLimit` is a number or null
  const rateLimit: string = endpoint.data.rateLimit;
  // @ts-expect-error organizationId is required
  await client.organizations.folders.get({});
  const found = await client.memory.judgments.query({ organizationId: 'o' });
  return [threads.data[0]?.annotationId ?? '', comments, endpoint.data.id, rateLimit, String(found.total)];
}
