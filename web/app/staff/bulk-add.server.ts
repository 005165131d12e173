import { ApiError, callApi } from '../api.server';
import { backgroundJobs } from './background-jobs.server';

/** What a bulk add reports while it runs (the page polls /staff/jobs/<id>). */
export interface BulkAddProgress {
  id: string;
  journeyId: string;
  /** Endusers matching the search, known once all pages are read (null while reading). */
  total: number | null;
  added: number;
  state: 'running' | 'done' | 'failed';
  error?: string;
}

const PAGE = 1000;
/** One add-endusers-to-journey call per chunk: the api starts each enduser's run (idempotent per enduser). */
const CHUNK = 50;
const KEEP_FINISHED_MS = 10 * 60_000;

/** Bulk adds take seconds to minutes; the page polls their progress (background-jobs.server.ts). */
const jobs = backgroundJobs<BulkAddProgress>(KEEP_FINISHED_MS);

/** Ids of every enduser the api's search finds (all endusers for an empty search), newest first, paged by lastId. */
const matchingIds = async (authToken: string, q: string) => {
  const ids: string[] = [];
  let lastId: string | undefined;
  for (;;) {
    const query: Record<string, string> = { limit: String(PAGE), sort: 'newFirst' };
    if (q) query.search = JSON.stringify({ query: q });
    if (lastId) query.lastId = lastId;
    const page = await callApi<{ id: string }[]>('/v1/endusers', { authToken, query });
    ids.push(...page.map((enduser) => enduser.id));
    if (page.length < PAGE) return ids;
    lastId = page[page.length - 1]?.id;
  }
};

/** Waits before the second and third try of a chunk. */
const RETRY_DELAYS_MS = [2_000, 5_000];

/**
 * A chunk the api could not take for a passing reason (unreachable, 5xx: a busy Temporal server or
 * database) is tried again: a bulk add of thousands should not stop on one such answer, and repeating
 * a chunk starts nothing twice. A refusal (4xx) is final.
 */
const withRetries = async (call: () => Promise<unknown>) => {
  for (let attempt = 0; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      const passing = error instanceof ApiError && (error.status === 0 || error.status >= 500);
      const delay = RETRY_DELAYS_MS[attempt];
      if (!passing || delay === undefined) throw error;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
};

const addAll = async (job: BulkAddProgress, authToken: string, q: string) => {
  const ids = await matchingIds(authToken, q);
  job.total = ids.length;
  for (let index = 0; index < ids.length; index += CHUNK) {
    const chunk = ids.slice(index, index + CHUNK);
    await withRetries(() => callApi('/v1/add-endusers-to-journey', { method: 'POST', authToken, body: { journeyId: job.journeyId, enduserIds: chunk } }));
    job.added += chunk.length;
  }
};

/** Starts adding every enduser the search finds to the journey; answers at once with the job's id. */
export const startBulkAdd = (authToken: string, userId: string, journeyId: string, q: string) =>
  jobs.start(userId, { journeyId, total: null, added: 0 }, (job) => addAll(job, authToken, q));

/** A job's progress, for the staff member who started it only. */
export const bulkAddProgress = (id: string, userId: string) => jobs.progress(id, userId);
