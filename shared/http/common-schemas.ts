import * as z from 'zod';

/** A caller-chosen id (organization, folder, document, user, group): 1–256 characters. */
export const resourceId = z.string().min(1).max(256);

/** Page size of list operations (1–1000, default 100). */
export const pageSize = z.number().int().min(1).max(1000).default(100);

/** An opaque page token from a previous response. */
export const pageToken = z.string().min(1).max(4096);

/** Epoch milliseconds now; the one clock services read, so tests can reason about it. */
export const nowMs = () => Date.now();
