import { handler as addHandler } from '../../../functions/settings/workspace-domains-add';
import { handler as deleteHandler } from '../../../functions/settings/workspace-domains-delete';
import { handler as getHandler } from '../../../functions/workspace/domains-get';
import { call, dataOf } from '../../support/lambda';
import { createTestWorkspace, type TestWorkspace } from '../../support/workspaces';

const add = (workspace: TestWorkspace, domains: unknown, headers: Record<string, string> = {}) =>
  call(addHandler, { headers: { ...workspace.apiKeyHeaders, ...headers }, data: { domains } });
const remove = (workspace: TestWorkspace, domains: unknown) =>
  call(deleteHandler, { headers: workspace.apiKeyHeaders, data: { domains } });
const listed = async (workspace: TestWorkspace): Promise<string[]> =>
  dataOf(await call(getHandler, { headers: workspace.apiKeyHeaders })).domains;

describe('workspace.domains.add', () => {
  it('normalises entries (protocol, www, path, port, trailing dot, case, IDN) and keeps wildcards', async () => {
    const workspace = await createTestWorkspace();
    const response = await add(workspace, [
      'https://www.Example.com:8443/app?x=1',
      'app.example.org.',
      '*.Example.NET',
      'http://bücher.de/',
    ]);
    expect(response.statusCode).toBe(200);
    expect(dataOf(response)).toEqual({
      domainsAdded: ['example.com', 'app.example.org', '*.example.net', 'xn--bcher-kva.de'],
    });
    expect(await listed(workspace)).toEqual([
      '*.example.net',
      'app.example.org',
      'example.com',
      'xn--bcher-kva.de',
    ]);
  });

  it('costs the auth read and one UpdateItem for 100 entries', async () => {
    const workspace = await createTestWorkspace();
    const domains = Array.from({ length: 100 }, (_, index) => `site-${index}.example.com`);
    const response = await add(workspace, domains);
    expect(dataOf(response).domainsAdded).toHaveLength(100);
    expect(response.db.commands).toEqual(['GetItem', 'UpdateItem']);
  });

  it('applies new entries and reports existing ones as skipped with an INTERNAL failure', async () => {
    const workspace = await createTestWorkspace();
    await add(workspace, ['a.example.com']);
    const response = await add(workspace, ['https://a.example.com', 'b.example.com']);
    expect(response.statusCode).toBe(500);
    expect(response.json.error).toEqual({
      status: 'INTERNAL',
      message: 'Domains already on the list were skipped: a.example.com.',
      details: { domainsAdded: ['b.example.com'], skippedDomains: ['a.example.com'] },
    });
    expect(await listed(workspace)).toEqual(['a.example.com', 'b.example.com']);
  });

  it('lets 20 parallel adds of distinct domains all land', async () => {
    const workspace = await createTestWorkspace();
    const domains = Array.from({ length: 20 }, (_, index) => `parallel-${index}.example.com`);
    const responses = await Promise.all(domains.map((domain) => add(workspace, [domain])));
    for (const response of responses) expect(response.statusCode).toBe(200);
    expect(await listed(workspace)).toEqual([...domains].sort());
  });

  it('reports a domain added by two parallel calls as added exactly once', async () => {
    const workspace = await createTestWorkspace();
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => add(workspace, ['same.example.com'])),
    );
    expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(1);
    expect(responses.filter((response) => response.json.error?.status === 'INTERNAL')).toHaveLength(4);
  });

  it('makes added domains pass the Origin check and removed ones fail it', async () => {
    const workspace = await createTestWorkspace();
    const origin = { origin: 'https://shop.example.com' };
    expect((await call(getHandler, { headers: { ...workspace.apiKeyHeaders, ...origin } })).statusCode).toBe(
      403,
    );
    await add(workspace, ['*.example.com']);
    expect((await call(getHandler, { headers: { ...workspace.apiKeyHeaders, ...origin } })).statusCode).toBe(
      200,
    );
    await remove(workspace, ['*.example.com']);
    expect((await call(getHandler, { headers: { ...workspace.apiKeyHeaders, ...origin } })).statusCode).toBe(
      403,
    );
  });

  it.each([
    ['a missing list', undefined, 'domains: required'],
    ['an empty list', [], 'domains: Too small: expected array to have >=1 items'],
    ['a host with a space', ['exa mple.com'], 'domains[0]: not a valid domain: exa mple.com'],
    ['a URL without a host', ['ok.com', 'http://'], 'domains[1]: not a valid domain: http://'],
    [
      '101 entries',
      Array.from({ length: 101 }, (_, index) => `d${index}.com`),
      'domains: Too big: expected array to have <=100 items',
    ],
  ])('refuses %s with INVALID_ARGUMENT naming the field', async (_label, domains, message) => {
    const workspace = await createTestWorkspace();
    const response = await add(workspace, domains);
    expect(response.statusCode).toBe(400);
    expect(response.json.error).toMatchObject({ status: 'INVALID_ARGUMENT', message });
  });

  it('refuses an invalid API key with PERMISSION_DENIED', async () => {
    const workspace = await createTestWorkspace();
    const response = await call(addHandler, {
      headers: { ...workspace.apiKeyHeaders, 'x-svc-auth-token': 'wrong' },
      data: { domains: ['example.com'] },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json.error?.status).toBe('PERMISSION_DENIED');
  });

  it("leaves another API key's list untouched", async () => {
    const [mine, theirs] = await Promise.all([createTestWorkspace(), createTestWorkspace()]);
    await add(mine, ['mine.example.com']);
    expect(await listed(theirs)).toEqual([]);
  });
});

describe('workspace.domains.delete', () => {
  it('removes normalised entries in one UpdateItem', async () => {
    const workspace = await createTestWorkspace();
    await add(workspace, ['a.example.com', 'b.example.com', '*.example.org']);
    const response = await remove(workspace, ['https://www.a.example.com/x', '*.EXAMPLE.org']);
    expect(dataOf(response)).toEqual({ domainsRemoved: ['a.example.com', '*.example.org'] });
    expect(response.db.commands).toEqual(['GetItem', 'UpdateItem']);
    expect(await listed(workspace)).toEqual(['b.example.com']);
  });

  it('removes present entries and reports absent ones as skipped with an INTERNAL failure', async () => {
    const workspace = await createTestWorkspace();
    await add(workspace, ['a.example.com']);
    const response = await remove(workspace, ['a.example.com', 'never.example.com']);
    expect(response.statusCode).toBe(500);
    expect(response.json.error).toEqual({
      status: 'INTERNAL',
      message: 'Domains not on the list were skipped: never.example.com.',
      details: { domainsRemoved: ['a.example.com'], skippedDomains: ['never.example.com'] },
    });
    expect(await listed(workspace)).toEqual([]);
  });

  it('refuses more than 100 entries with INVALID_ARGUMENT', async () => {
    const workspace = await createTestWorkspace();
    const response = await remove(
      workspace,
      Array.from({ length: 101 }, (_, index) => `d${index}.com`),
    );
    expect(response.json.error).toMatchObject({
      status: 'INVALID_ARGUMENT',
      message: expect.stringMatching(/^domains:/),
    });
  });
});
