import { handler as getHandler } from '../../../functions/settings/workspace-permissionproviderconfig-get';
import { handler as updateHandler } from '../../../functions/settings/workspace-permissionproviderconfig-update';
import { call, dataOf } from '../../support/lambda';
import { createTestWorkspace, type TestWorkspace } from '../../support/workspaces';

const update = (workspace: TestWorkspace, data: unknown) =>
  call(updateHandler, { headers: workspace.apiKeyHeaders, data });
const read = (workspace: TestWorkspace) => call(getHandler, { headers: workspace.apiKeyHeaders });

describe('workspace.permissionproviderconfig.get', () => {
  it('returns empty strings when never configured, with one read beside the auth read', async () => {
    const workspace = await createTestWorkspace();
    const response = await read(workspace);
    expect(dataOf(response)).toEqual({
      usePermissionProvider: false,
      permissionProviderConfig: { permissionProviderUrl: '', authToken: '' },
    });
    expect(response.db.commands).toEqual(['GetItem', 'GetItem']);
    // The config read starts together with the auth read (prefetch).
    expect(response.db.serialRoundTrips).toBe(1);
  });
});

describe('workspace.permissionproviderconfig.update', () => {
  it('merges partial updates field by field and returns the config after the write', async () => {
    const workspace = await createTestWorkspace();
    await update(workspace, {
      permissionProviderConfig: { permissionProviderUrl: 'https://perm.example.com/check' },
    });
    await update(workspace, { permissionProviderConfig: { authToken: 'tok' } });
    const response = await update(workspace, { usePermissionProvider: true });
    const expected = {
      usePermissionProvider: true,
      permissionProviderConfig: { permissionProviderUrl: 'https://perm.example.com/check', authToken: 'tok' },
    };
    expect(dataOf(response)).toEqual(expected);
    // The config and the credential's provider flag (read by authentication) change in one transaction.
    expect(response.db.commands).toEqual(['GetItem', 'GetItem', 'TransactWriteItems']);
    expect(response.db.serialRoundTrips).toBe(2);
    expect(dataOf(await read(workspace))).toEqual(expected);
  });

  it('accepts an empty URL to clear it', async () => {
    const workspace = await createTestWorkspace();
    await update(workspace, {
      permissionProviderConfig: { permissionProviderUrl: 'http://perm.example.com' },
    });
    const response = await update(workspace, { permissionProviderConfig: { permissionProviderUrl: '' } });
    expect(dataOf(response).permissionProviderConfig.permissionProviderUrl).toBe('');
  });

  // 20 writers contend for one item: the last may need many read-merge-write rounds.
  it('keeps all of 20 parallel partial updates', async () => {
    const workspace = await createTestWorkspace();
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        update(
          workspace,
          index % 2 === 0
            ? { usePermissionProvider: true }
            : { permissionProviderConfig: { authToken: 'shared-token' } },
        ),
      ),
    );
    for (const response of responses) expect(response.statusCode).toBe(200);
    expect(dataOf(await read(workspace))).toEqual({
      usePermissionProvider: true,
      permissionProviderConfig: { permissionProviderUrl: '', authToken: 'shared-token' },
    });
  }, 30_000);

  it.each([
    ['no field', {}, 'data: send at least one of usePermissionProvider, permissionProviderConfig'],
    [
      'a non-http URL',
      { permissionProviderConfig: { permissionProviderUrl: 'javascript:alert(1)' } },
      'permissionProviderConfig.permissionProviderUrl: must be an http(s) URL or empty',
    ],
    [
      'an empty provider config',
      { permissionProviderConfig: {} },
      'permissionProviderConfig: send at least one of permissionProviderUrl, authToken',
    ],
    [
      'a non-boolean flag',
      { usePermissionProvider: 'yes' },
      'usePermissionProvider: Invalid input: expected boolean, received string',
    ],
  ])('refuses %s with INVALID_ARGUMENT naming the field', async (_label, data, message) => {
    const workspace = await createTestWorkspace();
    const response = await update(workspace, data);
    expect(response.statusCode).toBe(400);
    expect(response.json.error).toMatchObject({ status: 'INVALID_ARGUMENT', message });
  });
});
