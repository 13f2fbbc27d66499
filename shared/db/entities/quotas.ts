import type { ItemKey } from '../key-parts';
import { apiKeyPartition, join } from '../key-parts';
import { defineArea } from './definition';

/** Fair shares between API keys (issue 27): request-rate windows and background-job slots. */
export const quotasArea = defineArea({
  entities: {
    rateWindow: {},
    jobSlots: {},
  },
  accessPatterns: {
    rateWindow: { index: 'table' },
    jobSlots: { index: 'table' },
  },
});

/** The keys of an API key's quota items. */
export const quotaKeys = {
  /**
   * The count of an API key's requests (`kind`: `http` or `realtime`) in one window of a second
   * (`window`: epoch seconds); expires by TTL soon after.
   */
  rateWindow: (apiKey: string, kind: 'http' | 'realtime', window: number): ItemKey => ({
    pk: apiKeyPartition(apiKey, 'QUOTA'),
    sk: join('RATE', kind, String(window)),
  }),
  /** The background-job runs an API key holds a worker slot for, by job id. */
  jobSlots: (apiKey: string): ItemKey => ({
    pk: apiKeyPartition(apiKey, 'QUOTA'),
    sk: 'JOBS',
  }),
} as const;
