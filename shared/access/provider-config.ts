import type { ApiKeyCaller } from '../http/caller';
import { getPermissionProviderConfig } from '../settings/service';
import type { ProviderConfig } from './provider';

/**
 * The caller's permission provider when it is switched on — known from authentication, so its
 * config is read only then; otherwise undefined and the local rules decide. A provider switched on
 * without a URL denies everything (decisions §15).
 */
export async function providerFor(caller: ApiKeyCaller): Promise<ProviderConfig | undefined> {
  if (!caller.usesPermissionProvider) return undefined;
  const config = await getPermissionProviderConfig(caller.apiKey);
  if (!config.usePermissionProvider) return undefined;
  const { permissionProviderUrl, authToken } = config.permissionProviderConfig;
  return { url: permissionProviderUrl, authToken };
}
