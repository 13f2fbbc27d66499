import { currentKeyId } from '../security/keyring';
import { resealSecret } from '../security/secrets';
import {
  findSealedValues,
  replaceSealedValue,
  type SealedValue,
  scanCredentials,
} from './sealed-values-repository';

/** How far a re-seal has come; reported after each page of API keys and returned at the end. */
export interface ResealProgress {
  /** The key id values are re-sealed under. */
  readonly currentKeyId: string;
  apiKeys: number;
  examined: number;
  resealed: number;
  /** Values a concurrent write replaced between the read and the re-seal (a re-run revisits them). */
  changedConcurrently: number;
  /** Values no key of the keyring opens: where they are (never their content). */
  readonly unreadable: { pk: string; sk: string; attribute: string }[];
}

/** API keys whose sealed values are read and re-sealed side by side. */
const apiKeysInParallel = 8;

async function resealOne(sealed: SealedValue, progress: ResealProgress): Promise<void> {
  progress.examined += 1;
  let replacement: string | undefined;
  try {
    replacement = resealSecret(sealed.value, sealed.owner);
  } catch {
    progress.unreadable.push({ ...sealed.key, attribute: sealed.attribute });
    return;
  }
  if (replacement === undefined) return;
  if (await replaceSealedValue(sealed, replacement)) progress.resealed += 1;
  else progress.changedConcurrently += 1;
}

/**
 * Re-seals every stored secret sealed under an older key of the keyring with the current key, so
 * the older key can then leave the keyring (decisions §35). Visits every API key through a
 * paginated Scan of the credentials, reads each key's sealed values by key, and replaces each old
 * value with a conditional write. Values already under the current key are left alone, so a re-run
 * only does what is left. Calls `onPage` after each page of API keys.
 */
export async function resealSecrets(
  onPage: (progress: ResealProgress) => void = () => {},
): Promise<ResealProgress> {
  const progress: ResealProgress = {
    currentKeyId: currentKeyId(),
    apiKeys: 0,
    examined: 0,
    resealed: 0,
    changedConcurrently: 0,
    unreadable: [],
  };
  let start: Record<string, unknown> | undefined;
  do {
    const page = await scanCredentials(start);
    for (const sealed of page.authTokens) await resealOne(sealed, progress);
    for (let index = 0; index < page.apiKeys.length; index += apiKeysInParallel) {
      await Promise.all(
        page.apiKeys.slice(index, index + apiKeysInParallel).map(async (apiKey) => {
          for (const sealed of await findSealedValues(apiKey)) await resealOne(sealed, progress);
        }),
      );
    }
    progress.apiKeys += page.apiKeys.length;
    start = page.next;
    onPage(progress);
  } while (start);
  return progress;
}
