import { randomUUID } from 'node:crypto';
import { type RouteName, routeNamed } from '../../../shared/api/routes';
import { admin } from '../../support/admin';
import { loadRouteHandler } from '../../support/handlers';
import { call, dataOf } from '../../support/lambda';

/** The deployment refuses public creation: read when the environment is first parsed. */
process.env.ALLOW_PUBLIC_WORKSPACE_CREATION = 'false';

const route = async (name: RouteName) => loadRouteHandler(routeNamed(name));

describe('npm run admin -- create-workspace', () => {
  it('creates a workspace while workspace.create refuses, and prints credentials that work', async () => {
    const ownerEmail = `admin-${randomUUID()}@example.com`;
    const refused = await call(await route('workspace.create'), { data: { ownerEmail } });
    expect(refused.statusCode).toBe(403);

    const result = await admin(
      'create-workspace',
      '--owner-email',
      ownerEmail,
      '--workspace-name',
      'Acme',
      '--json',
    );
    expect({ code: result.code, err: result.err }).toEqual({ code: 0, err: [] });
    const created = JSON.parse(result.out[0]!) as Record<string, string>;
    expect(created).toEqual({
      workspaceId: expect.stringMatching(/^ws_/),
      workspaceAuthToken: expect.stringMatching(/^wst_/),
      apiKey: expect.stringMatching(/^ak_/),
      authToken: expect.stringMatching(/^at_/),
    });

    const workspace = await call(await route('workspace.get'), {
      headers: {
        'x-svc-workspace-id': created.workspaceId!,
        'x-svc-workspace-auth-token': created.workspaceAuthToken!,
      },
      data: {},
    });
    expect(workspace.statusCode).toBe(200);
    expect(dataOf(workspace)).toMatchObject({
      id: created.workspaceId,
      name: 'Acme',
      owner: { email: ownerEmail },
    });

    const domains = await call(await route('workspace.domains.get'), {
      headers: { 'x-svc-api-key': created.apiKey!, 'x-svc-auth-token': created.authToken! },
      data: {},
    });
    expect(domains.statusCode).toBe(200);
  });

  it('prints the credentials as labelled lines without --json', async () => {
    const result = await admin('create-workspace', '--owner-email', `admin-${randomUUID()}@example.com`);
    expect(result.code).toBe(0);
    expect(result.out.join('\n')).toMatch(
      /workspace id +ws_.*\n.*workspace auth token +wst_.*\n.*API key \(testing\) +ak_.*\n.*auth token +at_/,
    );
  });

  it.each([
    [['create-workspace'], 'Missing --owner-email.'],
    [['create-workspace', '--owner-email', 'not-an-email'], 'ownerEmail: Invalid email address'],
    [['create-workspace', '--owner-email', 'a@example.com', '--colour', 'red'], "Unknown option '--colour'"],
    [['create-workspace', '--owner-email'], "Option '--owner-email <value>' argument missing"],
  ])('refuses %j with a usage error and exit code 2', async (argv, message) => {
    const result = await admin(...argv);
    expect(result.code).toBe(2);
    expect(result.err[0]).toContain(message);
    expect(result.err[1]).toBe(
      'Usage: npm run admin -- create-workspace --owner-email <email> [--name <name>] [--workspace-name <name>] [--json]',
    );
    expect(result.out).toEqual([]);
  });
});

describe('npm run admin -- --help', () => {
  it('lists every command with its summary and options', async () => {
    const result = await admin('--help');
    expect(result.code).toBe(0);
    const text = result.out.join('\n');
    for (const command of ['create-workspace', 'list-workspaces', 'redrive-dead-letters', 'reseal-secrets']) {
      expect(text).toMatch(new RegExp(`^  ${command} +\\S`, 'm'));
    }
    for (const option of [
      '--owner-email <email>',
      '--limit <n>',
      '--after <token>',
      '--queue <name>',
      '--json',
    ]) {
      expect(text).toContain(option);
    }
  });

  it('answers an unknown command with the list and exit code 2', async () => {
    const result = await admin('drop-everything');
    expect(result.code).toBe(2);
    expect(result.err[0]).toBe('Unknown command "drop-everything".');
    expect(result.err.join('\n')).toContain('create-workspace');
  });
});
