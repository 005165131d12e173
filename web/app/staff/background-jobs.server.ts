import { randomBytes } from 'node:crypto';
import { formErrorMessage } from '../api.server';

/** What every background job reports while it runs. */
export interface JobProgress {
  id: string;
  state: 'running' | 'done' | 'failed';
  error?: string;
}

/**
 * Work a page starts and then polls (a bulk add, a CSV import), kept in this server process's memory:
 * it takes longer than a request should stay open, and each api call it makes is complete in itself,
 * so a restart loses only the report. Only the staff member who started a job reads its progress.
 */
export const backgroundJobs = <P extends JobProgress>(keepFinishedMs: number) => {
  const jobs = new Map<string, { progress: P; userId: string; finishedAt?: number }>();
  const forget = () => {
    const now = Date.now();
    for (const [id, job] of jobs) if (job.finishedAt && now - job.finishedAt > keepFinishedMs) jobs.delete(id);
  };
  return {
    /** Starts `work` on a new job with these first figures; answers at once with the job's id. */
    start(userId: string, figures: Omit<P, keyof JobProgress>, work: (progress: P) => Promise<void>) {
      forget();
      const progress = { ...figures, id: randomBytes(12).toString('hex'), state: 'running' } as P;
      const job: { progress: P; userId: string; finishedAt?: number } = { progress, userId };
      jobs.set(progress.id, job);
      void work(progress).then(
        () => {
          progress.state = 'done';
        },
        (error: unknown) => {
          progress.state = 'failed';
          progress.error = formErrorMessage(error);
        },
      ).finally(() => {
        job.finishedAt = Date.now();
      });
      return progress.id;
    },
    /** A job's progress, for the staff member who started it only. */
    progress(id: string, userId: string): P | undefined {
      const job = jobs.get(id);
      return job && job.userId === userId ? { ...job.progress } : undefined;
    },
  };
};
