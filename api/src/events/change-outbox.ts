import type { DataSource } from 'typeorm';
import { newId, resourceByName, withoutSecrets as withoutSecretsOf } from '@carelane/db';
import { CHANGE_OUTBOX, type ChangeOutboxRow } from '@carelane/db/internal/change-outbox';
import { recordBackgroundError } from '@carelane/activities/automation-records';
import type { Statement, DomainEvent, ResourceEngine } from '@carelane/engine';
import type { ApiSession } from './worker-changes';

/** How long the fast path (the process that committed) owns a fresh row before the relay may replay it. */
export const GRACE_MS = 30_000;
/** How long a relay owns a row it claimed (a relay that dies mid-replay loses it after this). */
export const LEASE_MS = 120_000;
/** Tries (fast path and replays) before the change is given up and recorded as a background error. */
export const MAX_ATTEMPTS = 12;
/** Wait before the next try: 5 s, doubling, at most 15 min (12 tries span about an hour and a half). */
export const backoffMs = (attempts: number) => Math.min(5_000 * 2 ** Math.max(attempts - 1, 0), 15 * 60_000);
/**
 * Rows deleted before the relay vacuums the outbox itself. Every change inserts, claims and deletes a
 * row, so the table is mostly dead rows until a vacuum; a claim walked them all (60,000 dead rows:
 * 22 ms a claim in bench:scale's bulk add at a million patients, bench/README.md), and autovacuum may be
 * off or busy with the big tables. At 1,000 dead rows a claim reads a few dozen pages.
 */
export const VACUUM_AFTER_ROWS = 1_000;

const WHAT = { created: 'creation', updated: 'update', deleted: 'deletion' } as const;

/** The record without the definition's secret fields and parts: hashed passwords and webhook step secrets never sit in the outbox. */
const withoutSecrets = (resource: string, record: Record<string, unknown> | undefined) => {
  const definition = resourceByName.get(resource);
  if (!record || !definition) return record;
  return withoutSecretsOf(definition, record);
};

/**
 * The transactional outbox's table (db/src/internal/change-outbox.ts): written inside each change's
 * transaction, deleted once every consumer handled it, retried with backoff otherwise.
 */
export class ChangeOutbox {
  /** This api's long-lived database session, once known: the owner written on its rows. */
  private owner?: ApiSession;

  constructor(private readonly dataSource: DataSource, readonly taskQueue: string) {}

  /**
   * Rows this api writes or claims from now on name `session` as their owner: if this process dies,
   * its session ends with it, and any relay (another api, or this one restarted) takes them at once
   * rather than after the grace period or the lease.
   */
  ownedBy(session: ApiSession | undefined) {
    this.owner = session;
  }

  /** Writes each change's outbox row inside its transaction (the engine's write listeners), so no change commits without it. */
  recordChangesOf(engine: ResourceEngine) {
    engine.onWriteStatement({ record: (event) => this.record(event), revise: (event) => this.revise(event) });
    return this;
  }

  private stored(event: DomainEvent) {
    return JSON.stringify({
      ...event,
      record: withoutSecrets(event.resource, event.record),
      previous: withoutSecrets(event.resource, event.previous),
      changes: withoutSecrets(event.resource, event.changes),
    });
  }

  private record(event: DomainEvent): Statement {
    const id = newId();
    event.outboxId = id;
    // The database's clock decides when a row is due, for every api process alike.
    return {
      // raw SQL: the transactional outbox is the change log beside the records (no resource): its row is a statement run with the change's own.
      sql: `INSERT INTO "${CHANGE_OUTBOX}" ("_id", "businessId", "event", "taskQueue", "nextAttemptAt", "ownerPid", "ownerSince")
       VALUES ($1, $2, $3, $4, now() + $5 * interval '1 millisecond', $6, $7::timestamptz)`,
      params: [id, event.businessId, this.stored(event), this.taskQueue, GRACE_MS, this.owner?.pid ?? null, this.owner?.since ?? null],
    };
  }

  /** A hook wrote more of the record after its row was recorded (a message's delivery): the row holds the record as it commits. */
  private revise(event: DomainEvent): Statement | undefined {
    if (!event.outboxId) return undefined;
    // raw SQL: the outbox row (no resource), brought up to date in the change's transaction.
    return { sql: `UPDATE "${CHANGE_OUTBOX}" SET "event" = $2 WHERE "_id" = $1`, params: [event.outboxId, this.stored(event)] };
  }

  /** Ids waiting for the next batched delete, and the delete in flight (see remove). */
  private pendingRemovals: { ids: string[]; done: Promise<void> } | undefined;
  private removing: Promise<void> = Promise.resolve();
  /** Rows this process deleted since it last vacuumed the outbox (vacuumIfChurned). */
  private removedSinceVacuum = 0;

  /**
   * Every consumer handled the change. Rows settled while a delete is in flight (or in the same tick)
   * go in one DELETE together: under load one statement settles many changes instead of a round trip
   * each. Resolves (or rejects) once the statement holding `id` completed, so `idle()` still waits
   * for it. A row whose delete fails stays for the relay, as before.
   */
  remove(id: string): Promise<void> {
    if (this.pendingRemovals) {
      this.pendingRemovals.ids.push(id);
      return this.pendingRemovals.done;
    }
    const ids = [id];
    const done = this.removing
      .catch(() => {})
      .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
      .then(() => {
        // From here on later ids wait for the next batch.
        if (this.pendingRemovals?.ids === ids) this.pendingRemovals = undefined;
        // raw SQL: the outbox row (no resource), removed once every consumer has it.
        return this.dataSource.query(`DELETE FROM "${CHANGE_OUTBOX}" WHERE "_id" = ANY($1::text[])`, [ids]);
      })
      .then(() => {
        this.removedSinceVacuum += ids.length;
      });
    this.pendingRemovals = { ids, done };
    this.removing = done;
    return done;
  }

  /**
   * Some consumer failed on try number `attempts`: remember who succeeded and wait before the next
   * try, or, after MAX_ATTEMPTS, give up with a background_errors row for staff (the id is the outbox
   * row's, so it is written once).
   */
  async failed(event: DomainEvent & { outboxId: string }, succeeded: string[], attempts: number, message: string) {
    if (attempts < MAX_ATTEMPTS) {
      // No owner while it waits: the backoff holds whoever is alive.
      // raw SQL: the outbox row (no resource): its retry bookkeeping.
      await this.dataSource.query(
        `UPDATE "${CHANGE_OUTBOX}" SET "attempts" = $2, "doneConsumers" = ARRAY(SELECT DISTINCT unnest("doneConsumers" || $3::text[])),
           "nextAttemptAt" = now() + $4 * interval '1 millisecond', "ownerPid" = NULL, "ownerSince" = NULL WHERE "_id" = $1`,
        [event.outboxId, attempts, succeeded, backoffMs(attempts)],
      );
      return 'retry' as const;
    }
    const record = event.record as Record<string, unknown>;
    const enduserId = event.resource === 'endusers' ? record._id : record.enduserId;
    await this.dataSource.transaction(async (manager) => {
      await recordBackgroundError(manager, {
        id: event.outboxId,
        businessId: event.businessId,
        title: `Automations and webhooks missed a change to ${event.resource}`,
        message: `The ${WHAT[event.kind]} of ${event.resource} ${String(record._id)} could not be handed to automations and webhooks after ${attempts} tries: ${message}`,
        enduserId: typeof enduserId === 'string' ? enduserId : undefined,
        organizationIds: (record.organizationIds as string[] | undefined) ?? [],
      });
      // raw SQL: the outbox row (no resource), removed with the background error that replaces it.
      await manager.query(`DELETE FROM "${CHANGE_OUTBOX}" WHERE "_id" = $1`, [event.outboxId]);
    });
    return 'given up' as const;
  }

  /**
   * Vacuums the outbox once this process has deleted VACUUM_AFTER_ROWS rows since its last vacuum, so
   * claims stop reading the dead ones. SKIP_LOCKED: while another api vacuums it, this one passes.
   */
  async vacuumIfChurned() {
    if (this.removedSinceVacuum < VACUUM_AFTER_ROWS) return;
    this.removedSinceVacuum = 0;
    // raw SQL: maintenance of the outbox table (no resource); VACUUM has no query-builder form.
    await this.dataSource.query(`VACUUM (SKIP_LOCKED) "${CHANGE_OUTBOX}"`);
  }

  /**
   * Takes up to `limit` due rows of this api's task queue for a lease: one statement, rows another
   * relay is taking are skipped (FOR UPDATE SKIP LOCKED), and the lease (nextAttemptAt) keeps them
   * from being taken again while this relay works on them. Each claim counts as a try. Due: the
   * time has come, or the row's owner session is gone (the api that wrote or claimed it died; a
   * session whose start time is hidden from this role counts as alive).
   */
  async claimDue(limit: number) {
    // raw SQL: claiming due outbox rows (no resource) in one statement, so two relays never take the same row.
    const rows = (await this.dataSource.query(
      `UPDATE "${CHANGE_OUTBOX}" SET "attempts" = "attempts" + 1, "nextAttemptAt" = now() + $3 * interval '1 millisecond',
          "ownerPid" = $4, "ownerSince" = $5::timestamptz
        WHERE "_id" IN (SELECT o."_id" FROM "${CHANGE_OUTBOX}" o WHERE o."taskQueue" = $1
                          AND (o."nextAttemptAt" <= now()
                               OR (o."ownerPid" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM pg_stat_activity a
                                     WHERE a.pid = o."ownerPid" AND (a.backend_start IS NULL OR a.backend_start = o."ownerSince"))))
                        ORDER BY o."createdAt", o."_id" LIMIT $2 FOR UPDATE SKIP LOCKED)
        RETURNING *`,
      [this.taskQueue, limit, LEASE_MS, this.owner?.pid ?? null, this.owner?.since ?? null],
    )) as [ChangeOutboxRow[], number] | ChangeOutboxRow[];
    // TypeORM answers [rows, affected] for UPDATE … RETURNING on PostgreSQL.
    const list = (Array.isArray(rows[0]) ? rows[0] : rows) as ChangeOutboxRow[];
    return list.sort((a, b) => new Date(a.createdAt).getTime() - new Date(b.createdAt).getTime() || (a._id < b._id ? -1 : 1));
  }
}
