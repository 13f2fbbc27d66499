import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium } from 'playwright-core';

/** Debian's `chromium` package (`.ci/run` installs it); playwright-core downloads no browser. */
export const chromiumPath = '/usr/bin/chromium';

/**
 * Flags for a closed network: without the background-networking ones Chromium waits on update,
 * sync and QUIC probes that never answer here.
 */
const chromiumFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A headless Chromium with a fresh profile; `close()` also removes the profile. */
export async function launchChromium(): Promise<BrowserContext & { dispose(): Promise<void> }> {
  const profile = mkdtempSync(join(tmpdir(), 'chromium-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    headless: true,
    args: chromiumFlags,
    viewport: { width: 1280, height: 900 },
  });
  return Object.assign(context, {
    dispose: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  });
}
