import { EventEmitter } from 'node:events';
import { Client } from 'pg';

/** The NOTIFY channel of the account triggers (db migration AccountChangeNotify). */
const CHANNEL = 'carelane_accounts';
const RETRY_MS = 1_000;

export type SettingsChange = { table: 'webhooks' | 'automation_triggers'; businessId: string };

export type AccountChange =
  | { table: 'users'; id: string }
  | { table: 'endusers'; id: string; businessId: string }
  | { table: 'role_based_access_permissions'; businessId: string };

/**
 * Hears every committed change of an account (users, endusers: update or delete) and of a role's
 * permissions, from every process that writes them, through PostgreSQL LISTEN/NOTIFY on a connection
 * of its own. The triggers fire whatever wrote the row (generic call, named call's raw SQL, worker),
 * so nothing that can end a session is missed. PostgreSQL signals listeners as the writer's COMMIT
 * completes, so the notice is on this process's socket before the writer's client has even read
 * its answer.
 *
 * `listening` is false until LISTEN is confirmed and again as soon as the connection fails: while it
 * is false nothing may be trusted from a cache (a notice could have been missed), and `onReset` tells
 * caches to forget everything.
 */
export class AccountChanges {
  private readonly emitter = new EventEmitter().setMaxListeners(0);
  private client?: Client;
  private retry?: NodeJS.Timeout;
  private closed = false;
  /** The fence round trip in flight, and the one queued behind it (see fence). */
  private currentFence?: Promise<void>;
  private queuedFence?: Promise<void>;
  listening = false;

  constructor(private readonly databaseUrl: string) {
    void this.connect();
  }

  onChange(handler: (change: AccountChange) => void) {
    this.emitter.on('change', handler);
    return () => void this.emitter.off('change', handler);
  }

  /**
   * Resolves once every change committed before the call has been heard here. PostgreSQL signals
   * listeners during the writer's COMMIT, but the listening connection delivers the notice when it
   * gets round to it, so a request that arrives right after a logout could still find the old row
   * cached. A round trip on the listening connection closes that gap: PostgreSQL sends a session's
   * pending notices before it reports the session ready again, and the client emits them before the
   * query resolves. Concurrent callers share round trips: one in flight, at most one queued behind
   * it (which starts after every caller waiting on it arrived).
   */
  fence(): Promise<void> {
    if (!this.client || !this.listening) return Promise.resolve();
    if (!this.currentFence) return (this.currentFence = this.roundTrip());
    return (this.queuedFence ??= this.currentFence.then(() => {
      this.queuedFence = undefined;
      return (this.currentFence = this.roundTrip());
    }));
  }

  private roundTrip(): Promise<void> {
    const client = this.client;
    const trip: Promise<void> = (async () => {
      try {
        // raw SQL: a round trip on the listening connection, not a query on records: every notification sent before it has arrived.
        await client?.query('SELECT 1');
      } catch {
        // A lost connection is handled by its error handler (listening turns false, caches reset).
      }
    })().finally(() => {
      if (this.currentFence === trip) this.currentFence = undefined;
    });
    return trip;
  }

  /**
   * A business's patients changed: one was updated or deleted (also heard by onChange), or a statement
   * added some (db migration PatientListNotify, same channel).
   */
  onPatientsChange(handler: (businessId: string) => void) {
    this.emitter.on('patients', handler);
    return () => void this.emitter.off('patients', handler);
  }

  /** A business's webhook configuration or automation triggers changed (db migration ConsumerSettingsNotify, same channel). */
  onSettingsChange(handler: (change: SettingsChange) => void) {
    this.emitter.on('settings', handler);
    return () => void this.emitter.off('settings', handler);
  }

  /** Everything cached must go: notices may have been missed. */
  onReset(handler: () => void) {
    this.emitter.on('reset', handler);
    return () => void this.emitter.off('reset', handler);
  }

  private async connect() {
    if (this.closed) return;
    const client = new Client({ connectionString: this.databaseUrl });
    this.client = client;
    const lost = () => {
      if (this.client !== client) return;
      this.client = undefined;
      this.lose();
      client.end().catch(() => {});
      if (!this.closed) {
        this.retry = setTimeout(() => void this.connect(), RETRY_MS);
        this.retry.unref();
      }
    };
    client.on('error', lost);
    client.on('end', lost);
    client.on('notification', (message) => {
      if (message.channel !== CHANNEL || !message.payload) return;
      const at = message.payload.indexOf(':');
      const table = message.payload.slice(0, at);
      const key = message.payload.slice(at + 1);
      if (table === 'users') this.emitter.emit('change', { table, id: key });
      else if (table === 'endusers') {
        // '<_id>:<businessId>' (db migration PatientListNotify).
        const [id, businessId] = key.split(':') as [string, string];
        this.emitter.emit('change', { table, id, businessId });
        this.emitter.emit('patients', businessId);
      } else if (table === 'enduser-inserts') this.emitter.emit('patients', key);
      else if (table === 'role_based_access_permissions') this.emitter.emit('change', { table, businessId: key });
      else if (table === 'webhooks' || table === 'automation_triggers') this.emitter.emit('settings', { table, businessId: key });
    });
    try {
      await client.connect();
      // Listening never keeps a process alive by itself (the http server does; a script that built an app and is done may exit).
      (client as unknown as { connection?: { stream?: { unref?: () => void } } }).connection?.stream?.unref?.();
      // raw SQL: LISTEN is not a query on records.
      await client.query(`LISTEN ${CHANNEL}`);
      if (this.client === client) this.listening = true;
    } catch {
      lost();
    }
  }

  private lose() {
    this.listening = false;
    this.emitter.emit('reset');
  }

  async close() {
    this.closed = true;
    clearTimeout(this.retry);
    this.listening = false;
    this.emitter.emit('reset');
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => {});
  }
}
