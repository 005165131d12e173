import { callApi } from '../../api.server';
import { backgroundJobs } from '../background-jobs.server';
import type { planImport } from './csv';

type Planned = Extract<ReturnType<typeof planImport>, { rows: unknown }>['rows'];

/** An import's progress and report, as the import page shows it while it polls. */
export interface ImportProgress {
  id: string;
  fileName: string;
  total: number;
  done: number;
  added: number;
  refused: { line: number; who: string; message: string }[];
  state: 'running' | 'done' | 'failed';
  error?: string;
}

/**
 * Rows per call to POST /v1/import-endusers: the most it takes (IMPORT_ROWS_PER_CALL), as the api
 * writes a call's rows several at once with a few commits (api import-endusers.ts); progress still
 * moves every call. With 10 rows a call, one call after the other, 10,000 rows took 99 s at
 * bench:scale (issue 37). Calls stay one after the other: the records' order (newest first) is the
 * file's, which calls in flight together would interleave.
 */
const CHUNK = 100;
const KEEP_FINISHED_MS = 30 * 60_000;

/** Imports live in this server process's memory, as bulk adds do (background-jobs.server.ts): every row is complete in itself once the api answers. */
const jobs = backgroundJobs<ImportProgress>(KEEP_FINISHED_MS);

const importRows = async (job: ImportProgress, authToken: string, rows: Planned) => {
  for (let start = 0; start < rows.length; start += CHUNK) {
    const chunk = rows.slice(start, start + CHUNK);
    const { results } = await callApi<{ results: ({ row: number; id: string } | { row: number; message: string })[] }>('/v1/import-endusers', {
      method: 'POST',
      authToken,
      body: { rows: chunk.map((row) => row.record) },
    });
    for (const result of results) {
      const planned = chunk[result.row - 1]!;
      if ('message' in result) job.refused.push({ line: planned.line, who: planned.who, message: result.message });
      else job.added++;
    }
    job.done += chunk.length;
  }
};

/** Starts importing the planned rows; answers at once with the job's id. */
export const startImport = (authToken: string, userId: string, fileName: string, rows: Planned) =>
  jobs.start(userId, { fileName, total: rows.length, done: 0, added: 0, refused: [] }, (job) => importRows(job, authToken, rows));

/** An import's progress, for the staff member who started it only. */
export const importProgress = (id: string, userId: string): ImportProgress | undefined => {
  const progress = jobs.progress(id, userId);
  return progress && { ...progress, refused: [...progress.refused] };
};
