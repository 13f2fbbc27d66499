import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LocalStack } from '../../scripts/local/stack';
import { docsScreenshot, launchChromium } from '../support/chromium';
import { startLocalStackOnRunDynamo } from '../support/local-stack';

/**
 * The reference page (`GET /docs`) and a browser app on another origin, in headless Chromium
 * against the whole local stack.
 */
let stack: LocalStack;
let browser: Awaited<ReturnType<typeof launchChromium>>;
let appServer: Server;
let appOrigin: string;

type OpenApi = {
  info: { title: string };
  paths: Record<string, Record<string, { operationId: string }>>;
};
const openApi = JSON.parse(readFileSync('docs/openapi.json', 'utf8')) as OpenApi;
const operations = Object.values(openApi.paths).flatMap((methods) => Object.values(methods));

beforeAll(async () => {
  stack = await startLocalStackOnRunDynamo();
  browser = await launchChromium();
  // A page of a browser app served from another origin (another port is another origin).
  appServer = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end('<!doctype html><title>app</title>');
  });
  await new Promise<void>((listening) => appServer.listen(0, '127.0.0.1', listening));
  appOrigin = `http://localhost:${(appServer.address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  await browser?.dispose();
  await new Promise((closed) => appServer?.close(closed));
  await stack?.stop();
});

describe('GET /docs', () => {
  it('renders every operation of docs/openapi.json in Chromium and saves a screenshot', async () => {
    const page = await browser.newPage();
    const response = await page.goto(`${stack.url}/docs`);
    expect(response?.status()).toBe(200);
    await page.waitForSelector('[data-section-id*="/operation/"]', { timeout: 60_000 });
    const rendered = await page.$$eval('[data-section-id*="/operation/"]', (sections) =>
      sections.map((section) => section.getAttribute('data-section-id')?.split('/operation/')[1]),
    );
    expect(operations.length).toBeGreaterThan(70);
    expect([...new Set(rendered)].sort()).toEqual(
      operations.map((operation) => operation.operationId).sort(),
    );
    // The page is the document's, not a Redoc error page.
    const text = await page.textContent('body');
    expect(text).toContain(openApi.info.title);
    expect(text).toContain('/v2/workspace/create');
    await docsScreenshot(page, 'reference');
    await page.close();
  });

  it('serves the OpenAPI document at /docs/openapi.json', async () => {
    const response = await fetch(`${stack.url}/docs/openapi.json`);
    expect(response.status).toBe(200);
    expect(((await response.json()) as OpenApi).paths).toEqual(openApi.paths);
  });
});

describe('a browser app on another origin', () => {
  it('calls the API with credential headers (preflighted) and reads the answer and x-request-id', async () => {
    const page = await browser.newPage();
    await page.goto(appOrigin);
    const result = await page.evaluate(async (apiUrl) => {
      const created = await fetch(`${apiUrl}/v2/workspace/create`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ data: { ownerEmail: `browser-${Date.now()}@example.com` } }),
      });
      const workspace = ((await created.json()) as { result: { data: { apiKeyList: object } } }).result.data;
      const apiKey = Object.keys(workspace.apiKeyList)[0] ?? '';
      // Custom headers make this a preflighted request.
      const denied = await fetch(`${apiUrl}/v2/workspace/domains/get`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-svc-api-key': apiKey, 'x-svc-auth-token': 'wrong' },
        body: JSON.stringify({ data: {} }),
      });
      return {
        createdStatus: created.status,
        deniedStatus: denied.status,
        deniedBody: (await denied.json()) as { error: { status: string } },
        requestId: denied.headers.get('x-request-id'),
      };
    }, stack.url);
    expect(result.createdStatus).toBe(200);
    expect(result.deniedStatus).toBe(403);
    expect(result.deniedBody.error.status).toBe('PERMISSION_DENIED');
    expect(result.requestId).toMatch(/.+/);
    await page.close();
  });
});
