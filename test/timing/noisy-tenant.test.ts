import { once } from 'node:events';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import type { DevServer } from '../../scripts/local/dev-server';
import { activity, addActivities, enableActivities, organizationId } from '../integration/activities/support';
import { useJobQueueAndWorkspaces } from '../integration/lifecycle/support';
import { callAs, succeed } from '../support/api';
import { eventually, seedDocument, startRealtimeServer, userToken } from '../support/realtime';
import type { TestWorkspace } from '../support/workspaces';

/**
 * Fair shares (issue 27): tenant B's work while tenant A hammers HTTP, WebSocket and the job queue,
 * against B's figures alone, measured in the same run. A's attempts are paced at three times its
 * rates; what the quotas let through is its rate's worth of heavy work.
 */
jest.setTimeout(600_000);

const rate = 30;
Object.assign(process.env, {
  API_KEY_REQUEST_RATE: String(rate),
  API_KEY_REALTIME_RATE: String(rate),
  API_KEY_JOB_SLOTS: '1',
});

const setup = useJobQueueAndWorkspaces();
let server: DevServer;
let document: { organizationId: string; documentId: string };
let token: string;

beforeAll(async () => {
  server = await startRealtimeServer();
  await Promise.all([enableActivities(setup.workspace), enableActivities(setup.other)]);
  await succeed(setup.other, 'organizations.add', { organizations: [{ organizationId }] });
  document = await seedDocument(setup.workspace);
  token = await userToken(setup.workspace, 'mallory');
});
afterAll(async () => {
  await server?.close();
});

/** Calls `work` `count` times, the i-th started at i / perSecond seconds (or when the previous ended, if later). */
async function paced(perSecond: number, count: number, work: (index: number) => Promise<void>) {
  const start = performance.now();
  for (let index = 0; index < count; index += 1) {
    const due = start + (index * 1000) / perSecond;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resume) => setTimeout(resume, wait));
    await work(index);
  }
}

/** The 99th percentile of the values. */
const p99 = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)] as number;
};

/** Two background workers taking the job queue's messages until stopped. */
function startWorkers() {
  let running = true;
  const loop = async () => {
    while (running) await setup.queue.runWorkerOnce();
  };
  const loops = [loop(), loop()];
  return async () => {
    running = false;
    await Promise.all(loops);
  };
}

/**
 * Tenant B's normal work: 150 requests at 10 a second (activities written and read back), and three
 * user-data erasures, each timed from the request to its job's completion.
 */
async function tenantBWork(owner: TestWorkspace) {
  const latencies: number[] = [];
  const jobs: Promise<number>[] = [];
  await paced(10, 150, async (index) => {
    const started = performance.now();
    if (index % 2 === 0) await addActivities(owner, 'doc-b', [activity()]);
    else await succeed(owner, 'activities.get', { organizationId, pageSize: 10 });
    latencies.push(performance.now() - started);
    if (index % 50 === 0) {
      jobs.push(
        (async () => {
          const begun = performance.now();
          const { jobId } = await succeed(owner, 'users.data.delete', { userId: `b-${index}` });
          await eventually(
            async () => (await succeed(owner, 'users.data.delete.status', { jobId })).status === 'completed',
            120_000,
            'tenant B job',
          );
          return performance.now() - begun;
        })(),
      );
    }
  });
  const jobTimes = await Promise.all(jobs);
  return { p99: p99(latencies), jobMs: jobTimes.reduce((sum, time) => sum + time, 0) / jobTimes.length };
}

/** Tenant A: HTTP writes, realtime frames and queued jobs, paced at three times its rates, until stopped. */
function startTenantA(owner: TestWorkspace) {
  let running = true;
  const outcomes = { http: new Map<number, number>(), closes: new Map<number, number>() };
  const tally = (map: Map<number, number>, key: number) => map.set(key, (map.get(key) ?? 0) + 1);
  const http = (async () => {
    let index = 0;
    while (running) {
      await paced(3 * rate, 3 * rate, async () => {
        const heavy = Array.from({ length: 20 }, () => activity());
        void callAs(owner, 'activities.add', { organizationId, documentId: 'doc-a', activities: heavy }).then(
          (response) => tally(outcomes.http, response.statusCode),
        );
      });
      if (index++ % 3 === 0) void callAs(owner, 'users.data.delete', { userId: `a-${index}` });
    }
  })();
  const realtime = (async () => {
    while (running) {
      const params = new URLSearchParams({ apiKey: owner.apiKey, token, ...document, editorId: 'a' });
      const socket = new WebSocket(`${server.url.replace('http', 'ws')}/v2/realtime?${params}`);
      socket.on('error', () => undefined);
      const closed = once(socket, 'close').then(([code]) => tally(outcomes.closes, code as number));
      const opened = await Promise.race([once(socket, 'open').then(() => true), closed.then(() => false)]);
      if (opened) {
        await Promise.race([
          paced(3 * rate, 3 * rate, async () => {
            if (socket.readyState === WebSocket.OPEN) socket.send('Aw==');
          }),
          closed,
        ]);
        socket.close();
      }
      await closed;
    }
  })();
  return async () => {
    running = false;
    await Promise.all([http, realtime]);
    return outcomes;
  };
}

describe('a noisy tenant beside a quiet one', () => {
  it('leaves tenant B’s p99 latency and job turnaround within 1.5× of its quiet figures while A hammers HTTP, WebSocket and jobs', async () => {
    const stopWorkers = startWorkers();
    try {
      const quiet = await tenantBWork(setup.other);
      const stopA = startTenantA(setup.workspace);
      const noisy = await tenantBWork(setup.other);
      const outcomes = await stopA();
      console.info('noisy tenant', {
        quiet,
        noisy,
        ratios: { p99: noisy.p99 / quiet.p99, jobs: noisy.jobMs / quiet.jobMs },
        tenantA: { http: Object.fromEntries(outcomes.http), closes: Object.fromEntries(outcomes.closes) },
      });
      // A was refused on every channel: the quotas, not A's politeness, bounded it.
      expect(outcomes.http.get(429)).toBeGreaterThan(0);
      expect(outcomes.closes.get(1013)).toBeGreaterThan(0);
      expect(noisy.p99 / quiet.p99).toBeLessThanOrEqual(1.5);
      expect(noisy.jobMs / quiet.jobMs).toBeLessThanOrEqual(1.5);
    } finally {
      await stopWorkers();
    }
  });
});
