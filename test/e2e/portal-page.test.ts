import axe from 'axe-core';
import type { Page } from 'playwright-core';
import type { LocalStack } from '../../scripts/local/stack';
import { docsScreenshot, launchChromium } from '../support/chromium';
import { setEnvForFile } from '../support/file-env';
import { startLocalStackOnRunDynamo } from '../support/local-stack';
import { waitFor } from '../support/poll';
import { type Receiver, startReceiver } from '../support/receiver';

/**
 * The webhook portal page (`GET /portal`) in headless Chromium against the whole local stack, driven
 * as an app's customer would: a failed message, its attempts, resend, the secret, recover, disable.
 */

// A message dies after three quick attempts (an operator's setting: the retry schedule).
setEnvForFile('WEBHOOK_RETRY_SCHEDULE', '0,0');
setEnvForFile('WEBHOOK_TIMEOUT_MS', '2000');
setEnvForFile('WEBHOOK_MIN_BACKOFF_SECONDS', '1');
jest.setTimeout(240_000);

let stack: LocalStack;
let browser: Awaited<ReturnType<typeof launchChromium>>;
let receiver: Receiver;

beforeAll(async () => {
  stack = await startLocalStackOnRunDynamo();
  browser = await launchChromium();
  receiver = await startReceiver();
}, 120_000);

afterAll(async () => {
  await browser?.dispose();
  await receiver?.close();
  await stack?.stop();
});

async function post(path: string, data: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${stack.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ data }),
  });
  const body = (await response.json()) as any;
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${JSON.stringify(body)}`);
  return body.result;
}

/** A new workspace's API-key headers, its advanced webhooks on, and an endpoint on the receiver. */
async function customerWithEndpoint(name: string) {
  const created = await post('/v2/workspace/create', {
    ownerEmail: `portal-${name}-${Date.now()}@example.com`,
  });
  const apiKey = Object.keys(created.data.apiKeyList)[0] as string;
  const tokens = await post(
    '/v2/workspace/authtokens/get',
    { apiKey },
    { 'x-svc-workspace-id': created.data.id, 'x-svc-workspace-auth-token': created.data.authToken },
  );
  const headers = { 'x-svc-api-key': apiKey, 'x-svc-auth-token': tokens.data.authTokens[0].token };
  await post('/v2/workspace/advancedwebhookconfig/update', { isEnabled: true }, headers);
  const url = `${receiver.url}hooks/${name}`;
  const endpoint = await post('/v2/workspace/advancedwebhook/endpoints/create', { url }, headers);
  const call = (route: string, data: unknown) =>
    post(`/v2/workspace/advancedwebhook/${route}`, data, headers);
  return { headers, url, endpointId: endpoint.data.id as string, call };
}

/**
 * A portal session's page, opened from its URL, with what went wrong in it: what its CSP refused
 * (Chromium logs each refusal) and uncaught errors. (A call the service refuses is logged too, and
 * expected: the page asks whether its session may write with a call that is refused either way.)
 */
async function openPortal(url: string): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(url);
  return { page, errors };
}

/** axe-core's serious and critical violations on the page as it is now. */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(axe.source);
  const results = await page.evaluate(() => (globalThis as unknown as { axe: typeof axe }).axe.run());
  // axe checked the page (color contrast among the rules it passed), not nothing.
  expect(results.passes.map((rule) => rule.id)).toEqual(expect.arrayContaining(['color-contrast', 'label']));
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

describe('GET /portal', () => {
  it('answers the page with its own CSP, not to be framed, cached or sniffed', async () => {
    const response = await fetch(`${stack.url}/portal`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toMatch(
      /^default-src 'none'; script-src 'sha256-[^']+'; style-src 'sha256-[^']+'; connect-src 'self'; .*frame-ancestors 'none'$/,
    );
    expect(await response.text()).toContain('<title>Webhooks</title>');
  });

  it('lets a customer find a failed message, read its attempts, resend it, rotate the secret, recover and disable', async () => {
    const customer = await customerWithEndpoint('portal');
    receiver.respond((_request, response) => response.writeHead(503).end('down for maintenance'));
    const before = Date.now();
    const sendTestEvent = () =>
      post('/v2/workspace/webhooks/test', { endpointId: customer.endpointId }, customer.headers);
    const sent = [await sendTestEvent(), await sendTestEvent()].map(
      (result) => result.data as { messageId: string; timestamp: number },
    );
    const [older, newer] = sent as [(typeof sent)[0], (typeof sent)[0]];
    await waitFor(
      async () => {
        const dead = await customer.call('messages/get', { status: 'dead' });
        return dead.data.length === 2;
      },
      60_000,
      'both messages dead',
    );

    const session = await customer.call('portal/session', {});
    expect(session.data.url).toBe(`${stack.url}/portal#token=${encodeURIComponent(session.data.token)}`);
    const { page, errors } = await openPortal(session.data.url);
    // The token leaves the address bar at once.
    await waitFor(() => !page.url().includes('token='), 10_000, 'the token out of the URL');

    // The endpoint is selected; its two messages failed, newest first.
    await page.getByRole('heading', { level: 2, name: customer.url }).waitFor();
    const messages = page.getByRole('table', { name: /^Messages to this endpoint/ });
    const rows = messages.locator('tbody tr');
    await waitFor(async () => (await rows.count()) === 2, 10_000, 'two message rows');
    for (const row of await rows.all()) {
      await row.getByText('Failed', { exact: true }).waitFor();
      await row.getByText('webhook.test', { exact: true }).waitFor();
    }
    await page.getByRole('definition').filter({ hasText: /^2$/ }).first().waitFor();
    await docsScreenshot(page, 'portal-messages');

    // The newer message's attempts: three failures with the receiver's answer.
    await rows
      .first()
      .getByRole('button', { name: /^Attempts of webhook\.test/ })
      .click();
    await page.getByRole('heading', { name: `Message ${newer.messageId}` }).waitFor();
    const attempts = page.getByRole('table', { name: /^Delivery attempts/ }).locator('tbody tr');
    await waitFor(async () => (await attempts.count()) === 3, 10_000, 'three attempts');
    for (const attempt of await attempts.all()) {
      await attempt.getByText('Failure').waitFor();
      await attempt.getByText('503').waitFor();
      await attempt.getByText('down for maintenance').waitFor();
    }
    // The message as the endpoint receives it.
    const payload = page.getByRole('region', { name: 'Payload' }).locator('pre');
    await waitFor(
      async () => (await payload.textContent())?.includes(newer.messageId) === true,
      10_000,
      'the payload',
    );
    expect(JSON.parse((await payload.textContent()) ?? '')).toMatchObject({
      id: newer.messageId,
      event: 'webhook.test',
      webhookId: customer.endpointId,
      timestamp: newer.timestamp,
    });

    // The receiver is back: resend, and the message succeeds.
    receiver.respond((_request, response) => response.writeHead(204).end());
    await page.getByRole('button', { name: 'Resend', exact: true }).click();
    await waitFor(async () => (await attempts.count()) === 4, 30_000, 'the resent attempt');
    const resent = attempts.first();
    await resent.getByText('Success').waitFor();
    await resent.getByText('204').waitFor();
    await resent.getByText('Resend').waitFor();
    await rows.first().getByText('Succeeded').waitFor();
    await page.getByText('Resent: delivered.').waitFor();
    await docsScreenshot(page, 'portal-attempts');

    // No serious or critical accessibility problem, in light and in dark.
    expect(await seriousViolations(page)).toEqual([]);
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await seriousViolations(page)).toEqual([]);
    await docsScreenshot(page, 'portal-dark');
    await page.emulateMedia({ colorScheme: 'light' });

    // Reveal the secret, then rotate it (after confirming): the service signs with the new one.
    const secret = page.locator('#secret');
    await page.getByRole('button', { name: 'Reveal secret' }).click();
    await waitFor(async () => (await secret.textContent())?.startsWith('whsec_') === true, 10_000, 'secret');
    const first = await secret.textContent();
    await page.getByRole('button', { name: 'Rotate secret' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Rotate' }).click();
    await page.getByText('Secret rotated').waitFor();
    const rotated = await secret.textContent();
    expect(rotated).toMatch(/^whsec_/);
    expect(rotated).not.toBe(first);
    const stored = await customer.call('endpoints/secret/get', { endpointId: customer.endpointId });
    expect(stored.data.secret).toBe(rotated);

    // Recover since a minute before the messages: the older one, still dead, goes again and succeeds.
    const since = await page.evaluate((ms) => {
      const date = new Date(ms);
      date.setMinutes(date.getMinutes() - date.getTimezoneOffset());
      return date.toISOString().slice(0, 16);
    }, before - 60_000);
    const recover = page.getByRole('form', { name: 'Recover failed messages' });
    await recover.getByLabel('Since').fill(since);
    await recover.getByRole('button', { name: 'Recover', exact: true }).click();
    await page.getByText('Recovered 1 of 1 failed messages.').waitFor({ timeout: 60_000 });
    await waitFor(
      () => receiver.received.filter((request) => request.body?.id === older.messageId).length >= 4,
      60_000,
      'the recovered message delivered',
    );
    await waitFor(
      async () => {
        await page.getByRole('button', { name: 'Show messages' }).click();
        // The click empties the table at once; read it once the rows are back in.
        await page.locator('#message-table:not([aria-busy])').waitFor();
        const statuses = await rows.locator('td:nth-child(3)').allTextContents();
        return statuses.length === 2 && statuses.every((status) => status === 'Succeeded');
      },
      30_000,
      'both messages succeeded',
    );

    // Edit the description, then disable the endpoint.
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByLabel('Description').fill('Orders service');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Endpoint saved.').waitFor();
    await page.getByRole('definition').filter({ hasText: 'Orders service' }).waitFor();
    await page.getByRole('button', { name: 'Disable', exact: true }).click();
    await page.getByRole('button', { name: 'Enable', exact: true }).waitFor();
    await page.getByText('Endpoint disabled').waitFor();
    const listed = await customer.call('endpoints/get', {});
    expect(listed.data.endpoints).toEqual([
      expect.objectContaining({ id: customer.endpointId, disabled: true, description: 'Orders service' }),
    ]);

    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows a read-only session everything but no control that would change anything', async () => {
    const customer = await customerWithEndpoint('readonly');
    const session = await customer.call('portal/session', { readOnly: true });
    const { page, errors } = await openPortal(session.data.url);
    await page.getByText('Read-only session').waitFor();
    await page.getByRole('heading', { level: 2, name: customer.url }).waitFor();
    await page.getByRole('heading', { name: 'Event types' }).waitFor();
    for (const name of [
      'Add endpoint',
      'Edit',
      'Disable',
      'Delete',
      'Reveal secret',
      'Rotate secret',
      'Recover',
    ]) {
      expect([name, await page.getByRole('button', { name, exact: true }).count()]).toEqual([name, 0]);
    }
    await page.getByText('No messages match.').waitFor();

    // From the keyboard alone: Tab reaches the endpoint and the message filter, each with a visible focus.
    const reached: string[] = [];
    for (let press = 0; press < 40 && !reached.includes('Show messages'); press++) {
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => {
        const { document, getComputedStyle } = globalThis as any;
        const element = document.activeElement;
        const label = element.closest('label')?.firstChild?.textContent;
        return {
          name: String(label ?? element.textContent ?? '').trim(),
          outline: String(getComputedStyle(element).outlineStyle),
        };
      });
      expect([focused.name, focused.outline]).not.toEqual([focused.name, 'none']);
      reached.push(focused.name);
    }
    expect(reached).toEqual(
      expect.arrayContaining([
        `${customer.url}Enabled`,
        'Event type',
        'Status',
        'Since',
        'Until',
        'Show messages',
      ]),
    );
    expect(errors).toEqual([]);
    await page.close();
  });

  it('says what to do when opened without a session, and calls nothing', async () => {
    const { page, errors } = await openPortal(`${stack.url}/portal`);
    await page.getByText('Open this page from the link the app gives you').waitFor();
    expect(await page.locator('#portal').isHidden()).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });
});
