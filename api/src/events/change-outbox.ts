import type { DataSource, EntityManager } from 'typeorm';
import { newId, resourceByName } from '@carelane/db';
import { CHANGE_OUTBOX, type ChangeOutboxRow } from '@carelane/db/internal/change-outbox';
import { recordBackgroundError } from '@carelane/activities/automation-records';
import type { DomainEvent, ResourceEngine } from '../resources/engine';

/** How long the fast path (the process that committed) owns a fresh row before the relay may replay it. */
export const GRACE_MS = 30_000;
/** How long a relay owns a row it claimed (a relay that dies mid-replay loses it after this). */
export const LEASE_MS = 120_000;
/** Tries (fast path and replays) before the change is given up and recorded as a background error. */
export const MAX_ATTEMPTS = 12;
/** Wait before the next try: 5 s, doubling, at most 15 min (12 tries span about an hour and a half). */
export const backoffMs = (attempts: number) => Math.min(5_000 * 2 ** Math.max(attempts - 1, 0), 15 * 60_000);

const WHAT = { created: 'creation', updated: 'update', deleted: 'deletion' } as const;

/** The record without the definition's secret fields: hashed passwords never sit in the outbox. */
const withoutSecrets = (resource: string, record: Record<string, unknown> | undefined) => {
  const definition = resourceByName.get(resource);
  if (!record || !definition) return record;
  return Object.fromEntries(Object.entries(record).filter(([field]) => !definition.fields[field]?.secret));
};

/**
 * The transactional outbox's table (db/src/internal/change-outbox.ts): written inside each change's
 * transaction, deleted once every consumer handled it, retried with backoff otherwise.
 */
export class ChangeOutbox {
  constructor(private readonly dataSource: DataSource, readonly taskQueue: string) {}

  /** Writes each change's outbox row inside its transaction (the engine's write listeners), so no change commits without it. */
  recordChangesOf(engine: ResourceEngine) {
    engine.onWrite((manager, event) => this.record(manager, event));
    return this;
  }

  private async record(manager: EntityManager, event: DomainEvent) {
    const id = newId();
    const stored = {
      ...event,
      record: withoutSecrets(event.resource, event.record),
      previous: withoutSecrets(event.resource, event.previous),
      changes: withoutSecrets(event.resource, event.changes),
    };
    // The database's clock decides when a row is due, for every api process alike.
    await manager.query(
      `INSERT INTO "${CHANGE_OUTBOX}" ("_id", "businessId", "event", "taskQueue", "nextAttemptAt") VALUES ($1, $2, $3, $4, now() + $5 * interval '1 millisecond')`,
      [id, event.businessId, JSON.stringify(stored), this.taskQueue, GRACE_MS],
    );
    event.outboxId = id;
  }

  /** Every consumer handled the change. */
  async remove(id: string) {
    await this.dataSource.query(`DELETE FROM "${CHANGE_OUTBOX}" WHERE "_id" = $1`, [id]);
  }

  /**
   * Some consumer failed on try number `attempts`: remember who succeeded and wait before the next
   * try, or, after MAX_ATTEMPTS, give up with a background_errors row for staff (the id is the outbox
   * row's, so it is written once).
   */
  async failed(event: DomainEvent & { outboxId: string }, succeeded: string[], attempts: number, message: string) {
    if (attempts < MAX_ATTEMPTS) {
      await this.dataSource.query(
        `UPDATE "${CHANGE_OUTBOX}" SET "attempts" = $2, "doneConsumers" = ARRAY(SELECT DISTINCT unnest("doneConsumers" || $3::text[])),
           "nextAttemptAt" = now() + $4 * interval '1 millisecond' WHERE "_id" = $1`,
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
      await manager.query(`DELETE FROM "${CHANGE_OUTBOX}" WHERE "_id" = $1`, [event.outboxId]);
    });
    return 'given up' as const;
  }

  /**
   * Takes up to `limit` due rows of this api's task queue for a lease: one statement, rows another
   * relay is taking are skipped (FOR UPDATE SKIP LOCKED), and the lease (nextAttemptAt) keeps them
   * from being taken again while this relay works on them. Each claim counts as a try.
   */
  async claimDue(limit: number) {
    const rows = (await this.dataSource.query(
      `UPDATE "${CHANGE_OUTBOX}" SET "attempts" = "attempts" + 1, "nextAttemptAt" = now() + $3 * interval '1 millisecond'
        WHERE "_id" IN (SELECT "_id" FROM "${CHANGE_OUTBOX}" WHERE "taskQueue" = $1 AND "nextAttemptAt" <= now()
                        ORDER BY "createdAt", "_id" LIMIT $2 FOR UPDATE SKIP LOCKED)
        RETURNING *`,
      [this.taskQueue, limit, LEASE_MS],
    )) as [ChangeOutboxRow[], number] | ChangeOutboxRow[];
    // TypeORM answers [rows, affected] for UPDATE … RETURNING on PostgreSQL.
    const list = (Array.isArray(rows[0]) ? rows[0] : rows) as ChangeOutboxRow[];
    return list.sort((a, b) => new Date(a.createdAt).getTime() - new Date(b.createdAt).getTime() || (a._id < b._id ? -1 : 1));
  }
}
