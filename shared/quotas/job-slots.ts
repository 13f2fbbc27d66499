import { env } from '../config/env';
import { nowMs } from '../core/clock';
import { logger } from '../core/logger';
import { claimJobSlot, releaseJobSlot } from './repository';

/**
 * How long a run holds its slot at most: longer than the worker's timeout (10 minutes), so a slot
 * is only taken from a run that cannot be running any more (a crash).
 */
const slotHoldMs = 11 * 60 * 1000;

/** Shortest and longest wait before a job whose key holds every slot is looked at again (SQS's most). */
const minWaitSeconds = 2;
const maxWaitSeconds = 900;

/** A background job as its slot sees it. */
export interface SlottedJob {
  apiKey: string;
  /** Unique among the key's jobs of every kind (e.g. `erase:<jobId>`). */
  slotId: string;
  /** When the job first asked for a worker (epoch ms): its waits grow with the time waited. */
  waitingSince: number;
}

/** What a job does when its key holds every slot: keep its lease and come back after `delaySeconds`. */
export type WaitForSlot = (delaySeconds: number) => Promise<void>;

/**
 * Runs one run of a background job (an erasure, a user's data erasure, a migration) in one of its
 * API key's worker slots (`API_KEY_JOB_SLOTS`, issue 27): the key's runs beyond the cap do not
 * run but `wait` — the job keeps its lease and its message comes back later, after a quarter of the
 * time it has waited so far (2 s to 15 min), so a long queue of one key costs few receives. Workers
 * meanwhile take the next messages, so the other keys' jobs run in the slots left: no key holds
 * more than its cap of the workers, whatever it queued first. The slot is freed when the run ends
 * (thrown or not); a crashed run's is taken back after `slotHoldMs`, or at once by the job's next run.
 */
export async function runInJobSlot(
  job: SlottedJob,
  run: () => Promise<void>,
  wait: WaitForSlot,
  now = nowMs(),
): Promise<void> {
  const until = now + slotHoldMs;
  const claimed = await claimJobSlot(job.apiKey, job.slotId, until, env().API_KEY_JOB_SLOTS, now);
  if (!claimed) {
    const waited = Math.max(0, now - job.waitingSince) / 1000;
    return wait(Math.min(maxWaitSeconds, Math.max(minWaitSeconds, Math.round(waited / 4))));
  }
  try {
    await run();
  } finally {
    // A release that fails leaves the slot to its hold's end: the run's outcome stands.
    await releaseJobSlot(job.apiKey, job.slotId, until, nowMs()).catch((error: unknown) =>
      logger.warn('job slot not released; it frees itself when its hold ends', {
        slotId: job.slotId,
        error: error as Error,
      }),
    );
  }
}
