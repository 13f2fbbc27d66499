import { claimJobSlot, releaseJobSlot } from '../../../shared/quotas/repository';
import { succeed } from '../../support/api';
import { waitFor } from '../../support/poll';
import type { TestWorkspace } from '../../support/workspaces';
import { useJobQueueAndWorkspaces } from '../lifecycle/support';

/** Per-API-key caps on concurrent background jobs, and fair turns between keys (issue 27). */
jest.setTimeout(120_000);

const slots = 1;
process.env.API_KEY_JOB_SLOTS = String(slots);

const setup = useJobQueueAndWorkspaces();

const statusOf = async (owner: TestWorkspace, jobId: string) =>
  (await succeed(owner, 'users.data.delete.status', { jobId })).status as string;

/** Jobs queued by the noisy key before the quiet one. */
const noisyJobs = 4;

describe('background jobs of API keys sharing the workers (API_KEY_JOB_SLOTS)', () => {
  it('runs a quiet key’s job while a busy key holds its slots, though the busy key queued first; the busy key’s jobs wait and run once a slot frees', async () => {
    const noisy = setup.workspace;
    const quiet = setup.other;
    // A run of the noisy key holds its only slot (a long erasure in another worker).
    const running = 'erase:long-running';
    const holdsUntil = Date.now() + 600_000;
    expect(await claimJobSlot(noisy.apiKey, running, holdsUntil, slots, Date.now())).toBe(true);
    const queued: string[] = [];
    for (let index = 0; index < noisyJobs; index += 1)
      queued.push((await succeed(noisy, 'users.data.delete', { userId: `user-${index}` })).jobId);
    const { jobId: quietJob } = await succeed(quiet, 'users.data.delete', { userId: 'bob' });

    // One pass over what is ready: the noisy key's messages go back (later), the quiet job runs.
    for (let index = 0; index <= noisyJobs; index += 1) await setup.queue.runWorkerOnce();
    expect(await statusOf(quiet, quietJob)).toBe('completed');
    for (const jobId of queued) expect(await statusOf(noisy, jobId)).toBe('pending');

    // The long run ends: the noisy key's jobs come back and run.
    await releaseJobSlot(noisy.apiKey, running, holdsUntil, Date.now());
    await waitFor(
      async () => {
        await setup.queue.runWorkerOnce();
        const statuses = await Promise.all(queued.map((jobId) => statusOf(noisy, jobId)));
        return statuses.every((status) => status === 'completed');
      },
      90_000,
      'the waiting jobs',
    );
  });

  it('takes back the slot of a run that crashed (its hold has passed), so the key’s next job runs', async () => {
    const owner = setup.other;
    expect(
      await claimJobSlot(owner.apiKey, 'erase:crashed', Date.now() - 1, slots, Date.now() - 660_000),
    ).toBe(true);
    const { jobId } = await succeed(owner, 'users.data.delete', { userId: 'carol' });
    await setup.queue.drain();
    expect(await statusOf(owner, jobId)).toBe('completed');
  });
});
