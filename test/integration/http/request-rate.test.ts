import { routeNamed } from '../../../shared/api/routes';
import { callAs } from '../../support/api';
import { loadRouteHandler } from '../../support/handlers';
import { holdDate } from '../../support/held-date';
import { call } from '../../support/lambda';
import { createTestWorkspace, type TestWorkspace } from '../../support/workspaces';

const rate = 3;
process.env.API_KEY_REQUEST_RATE = String(rate);
afterAll(() => {
  process.env.API_KEY_REQUEST_RATE = '0';
});

// Windows are seconds of the service's clock: the tests hold Date still (timers stay real) so each
// step lands in the window it names.
const start = Date.UTC(2030, 0, 1, 12, 0, 0, 100);
beforeEach(() => {
  holdDate(start);
});
afterEach(() => jest.useRealTimers());

const get = (workspace: TestWorkspace) => callAs(workspace, 'organizations.get', { organizationIds: ['o'] });

describe('per-API-key request rate (API_KEY_REQUEST_RATE)', () => {
  it('answers RESOURCE_EXHAUSTED with Retry-After past the rate within a second, and again the next second', async () => {
    const workspace = await createTestWorkspace();
    for (let index = 0; index < rate; index += 1) expect((await get(workspace)).statusCode).toBe(200);
    const refused = await get(workspace);
    expect(refused.statusCode).toBe(429);
    expect(refused.json.error?.status).toBe('RESOURCE_EXHAUSTED');
    expect(refused.headers['retry-after']).toBe('1');
    jest.setSystemTime(start + 1000);
    expect((await get(workspace)).statusCode).toBe(200);
  });

  it('counts each API key alone: another key is served while one is refused', async () => {
    const [noisy, quiet] = await Promise.all([createTestWorkspace(), createTestWorkspace()]);
    jest.setSystemTime(start + 5000);
    await Promise.all(Array.from({ length: rate + 2 }, () => get(noisy)));
    expect((await get(noisy)).statusCode).toBe(429);
    expect((await get(quiet)).statusCode).toBe(200);
  });

  it('costs one UpdateItem beside the auth read (no serial round trip more); once refused, later requests read nothing', async () => {
    const workspace = await createTestWorkspace();
    jest.setSystemTime(start + 10_000);
    const served = await get(workspace);
    const rateCall = served.db.trace.find((entry) => entry.command === 'UpdateItem');
    const authRead = served.db.trace.find((entry) => entry.command === 'GetItem');
    expect(served.db.commands.filter((command) => command === 'UpdateItem')).toHaveLength(1);
    expect(rateCall?.roundTrip).toBe(1);
    expect(authRead?.roundTrip).toBe(1);
    await get(workspace);
    await get(workspace);
    const firstRefusal = await get(workspace);
    expect(firstRefusal.statusCode).toBe(429);
    const updates = (response: typeof served) =>
      response.db.commands.filter((command) => command === 'UpdateItem').length;
    expect(updates(firstRefusal)).toBe(1);
    // This instance saw the window full: refused before the credentials or anything else are read.
    const laterRefusal = await get(workspace);
    expect(laterRefusal.statusCode).toBe(429);
    expect(laterRefusal.headers['retry-after']).toBe('1');
    expect(laterRefusal.db.commands).toEqual([]);
    jest.setSystemTime(start + 11_000);
    expect((await get(workspace)).statusCode).toBe(200);
  });

  it('takes back the requests whose credentials are wrong, so bad tokens cannot spend a key’s rate', async () => {
    const workspace = await createTestWorkspace();
    jest.setSystemTime(start + 15_000);
    const handler = await loadRouteHandler(routeNamed('organizations.get'));
    for (let index = 0; index < rate + 2; index += 1) {
      const denied = await call(handler, {
        headers: { 'x-svc-api-key': workspace.apiKey, 'x-svc-auth-token': 'wrong' },
        data: { organizationIds: ['o'] },
      });
      expect(denied.statusCode).toBe(403);
    }
    for (let index = 0; index < rate; index += 1) expect((await get(workspace)).statusCode).toBe(200);
  });
});
