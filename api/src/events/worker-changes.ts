import type { DataSource } from 'typeorm';
import { WORKER_CHANGES_CHANNEL } from '@carelane/db/internal/change-outbox';

/** A PostgreSQL session (backend pid and start time, as text): who owns an outbox row. */
export interface ApiSession {
  pid: number;
  since: string;
}

interface PgClient {
  query(sql: string): Promise<{ rows: Record<string, unknown>[] }>;
  on(event: 'notification', listener: (message: { channel: string; payload?: string }) => void): void;
  on(event: 'error', listener: (error: Error) => void): void;
  removeAllListeners(): void;
  release(error?: Error | boolean): void;
}

/**
 * The worker writes its activities' changes to the outbox and announces them (pg_notify on
 * WORKER_CHANGES_CHANNEL with its task queue, delivered at commit). One pooled connection of the api
 * LISTENs and wakes the relay for its own queue, so an automated chat reaches sockets at once. When
 * listening fails the relay's interval still hands the changes on. Answers how to stop listening,
 * and the connection's session (its backend pid and start time): it lives as long as this api, so
 * the api's outbox rows name it as their owner (ChangeOutbox.ownedBy) and a relay of another api
 * process, or of this one restarted, sees at once when the owner died.
 */
export const listenForWorkerChanges = async (
  dataSource: DataSource,
  taskQueue: string,
  wake: () => void,
): Promise<{ stop: () => Promise<void>; session?: ApiSession }> => {
  const pool = (dataSource.driver as unknown as { master?: { connect(): Promise<PgClient> } }).master;
  if (!pool) return { stop: async () => {} };
  let client: PgClient | undefined;
  try {
    client = await pool.connect();
    client.on('error', (error) => console.error(`changes: listening for worker changes failed: ${error.message}`));
    client.on('notification', (message) => {
      if (message.channel === WORKER_CHANGES_CHANNEL && message.payload === taskQueue) wake();
    });
    // raw SQL: LISTEN is not a query on records.
    await client.query(`LISTEN ${WORKER_CHANGES_CHANNEL}`);
  } catch (error) {
    console.error(`changes: cannot listen for worker changes (the relay's interval hands them on): ${(error as Error).message}`);
    client?.release(true);
    return { stop: async () => {} };
  }
  const listening = client;
  let session: ApiSession | undefined;
  try {
    // backend_start as text: a JavaScript Date would drop its microseconds and never match again.
    // raw SQL: this connection's own database session (pg_stat_activity), not a record.
    const { rows } = await listening.query(`SELECT pid, backend_start::text AS since FROM pg_stat_activity WHERE pid = pg_backend_pid()`);
    session = rows[0] ? { pid: Number(rows[0].pid), since: String(rows[0].since) } : undefined;
  } catch (error) {
    console.error(`changes: cannot read this api's database session (its outbox rows wait out their lease after a crash): ${(error as Error).message}`);
  }
  const stop = async () => {
    listening.removeAllListeners();
    try {
      // raw SQL: UNLISTEN is not a query on records.
      await listening.query(`UNLISTEN ${WORKER_CHANGES_CHANNEL}`);
      listening.release();
    } catch {
      listening.release(true);
    }
  };
  return { stop, session };
};
