import { randomBytes } from 'node:crypto';
import { callApi, formErrorMessage } from '../../api.server';
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

interface Job extends ImportProgress {
  userId: string;
  finishedAt?: number;
}

/** Rows per call to POST /v1/import-endusers: small enough that progress moves visibly. */
const CHUNK = 10;
const KEEP_FINISHED_MS = 30 * 60_000;

/**
 * Imports live in this server process's memory, as bulk adds do (web/app/staff/bulk-add.server.ts):
 * every row is complete in itself once the api answers, so a restart loses only the report.
 */
const jobs = new Map<string, Job>();

const forget = () => {
  const now = Date.now();
  for (const [id, job] of jobs) if (job.finishedAt && now - job.finishedAt > KEEP_FINISHED_MS) jobs.delete(id);
};

const run = async (job: Job, authToken: string, rows: Planned) => {
  try {
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
    job.state = 'done';
  } catch (error) {
    job.state = 'failed';
    job.error = formErrorMessage(error);
  } finally {
    job.finishedAt = Date.now();
  }
};

/** Starts importing the planned rows; answers at once with the job's id. */
export const startImport = (authToken: string, userId: string, fileName: string, rows: Planned) => {
  forget();
  const job: Job = { id: randomBytes(12).toString('hex'), fileName, userId, total: rows.length, done: 0, added: 0, refused: [], state: 'running' };
  jobs.set(job.id, job);
  void run(job, authToken, rows);
  return job.id;
};

/** An import's progress, for the staff member who started it only. */
export const importProgress = (id: string, userId: string): ImportProgress | undefined => {
  const job = jobs.get(id);
  if (!job || job.userId !== userId) return undefined;
  const { userId: _owner, finishedAt: _finished, ...progress } = job;
  return { ...progress, refused: [...progress.refused] };
};
