import { getPermissionProviderConfig } from '../settings/service';
import type { ProviderConfig } from './provider';

/** The API key's permission provider when it is switched on and has a URL; otherwise undefined. */
export async function providerFor(apiKey: string): Promise<ProviderConfig | undefined> {
  const config = await getPermissionProviderConfig(apiKey);
  const { permissionProviderUrl, authToken } = config.permissionProviderConfig;
  return config.usePermissionProvider && permissionProviderUrl
    ? { url: permissionProviderUrl, authToken }
    : undefined;
}
