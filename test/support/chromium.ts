import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';

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

/**
 * Takes a screenshot the docs show (`docs/<name>.png`). A test run writes it to `.local/screenshots/`
 * (ignored by git), so running the suite leaves the working tree as it was; with
 * `UPDATE_DOCS_SCREENSHOTS=1` (`npm run docs:screenshots`) it replaces the one in `docs/`.
 */
export async function docsScreenshot(page: Page, name: string): Promise<void> {
  const folder = process.env.UPDATE_DOCS_SCREENSHOTS === '1' ? 'docs' : join('.local', 'screenshots');
  await page.screenshot({ path: join(folder, `${name}.png`) });
}
