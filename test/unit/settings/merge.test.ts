import { mergeActivityConfig, mergePermissionProviderConfig } from '../../../shared/settings/merge';

describe('mergeActivityConfig', () => {
  it('leaves immutable and triggers out until set or seeded', () => {
    expect(mergeActivityConfig(undefined, { isEnabled: false })).toEqual({ isEnabled: false });
  });

  it('keeps an immutable flag stored before the first enable', () => {
    const stored = mergeActivityConfig(undefined, { immutable: false });
    const enabled = mergeActivityConfig(stored, { isEnabled: true });
    expect(enabled.immutable).toBe(false);
    expect(enabled.triggers?.comment?.added).toBe(true);
  });
});

describe('mergePermissionProviderConfig', () => {
  it('merges the nested config field by field', () => {
    const stored = mergePermissionProviderConfig(undefined, {
      permissionProviderConfig: { permissionProviderUrl: 'https://p.example.com' },
    });
    expect(mergePermissionProviderConfig(stored, { permissionProviderConfig: { authToken: 't' } })).toEqual({
      usePermissionProvider: false,
      permissionProviderConfig: { permissionProviderUrl: 'https://p.example.com', authToken: 't' },
    });
  });
});
