import { EntitySchema } from 'typeorm';

/**
 * The transactional outbox of domain events (docs/decisions.md "Change outbox"): every committed
 * change writes one row in its own transaction; the api's change feed deletes it once every consumer
 * (automation dispatcher, subscription webhooks) has handled the change, and its relay replays rows a
 * dead process or a failed dispatch left behind. Internal: no generic routes, no wire shape.
 */
export interface ChangeOutboxRow {
  _id: string;
  businessId: string;
  /** The DomainEvent as the consumers receive it (records with Dates become ISO strings). */
  event: Record<string, unknown>;
  /**
   * The Temporal task queue of the api that wrote the row: a relay replays only its own queue's
   * changes, so an api configured for other workers (tests, a blue/green switch) never starts runs
   * on a queue nobody polls.
   */
  taskQueue: string;
  /** Consumers that already handled the change: a replay runs only the others. */
  doneConsumers: string[];
  attempts: number;
  /** When the relay may take the row: a grace period after the commit (the fast path's), then backoff. */
  nextAttemptAt: Date;
  /**
   * The api session that owns the row until nextAttemptAt (its fast path wrote it, or its relay
   * claimed it): the process id and start time of that api's long-lived database session. When that
   * session is gone (the api died) any relay may take the row at once. Null: the time alone decides.
   */
  ownerPid: number | null;
  ownerSince: Date | null;
  createdAt: Date;
}

export const CHANGE_OUTBOX = 'change_outbox';

export const ChangeOutboxEntity = new EntitySchema<ChangeOutboxRow>({
  name: CHANGE_OUTBOX,
  tableName: CHANGE_OUTBOX,
  columns: {
    _id: { type: 'varchar', length: 24, primary: true },
    businessId: { type: 'varchar', length: 24 },
    event: { type: 'jsonb' },
    taskQueue: { type: 'varchar', length: 200 },
    doneConsumers: { type: 'text', array: true, default: () => "'{}'" },
    attempts: { type: 'integer', default: 0 },
    nextAttemptAt: { type: 'timestamptz' },
    ownerPid: { type: 'integer', nullable: true },
    ownerSince: { type: 'timestamptz', nullable: true },
    createdAt: { type: 'timestamptz', createDate: true },
  },
  indices: [{ name: 'IDX_change_outbox_due', columns: ['taskQueue', 'nextAttemptAt'] }],
});

/** The PostgreSQL NOTIFY channel on which the worker announces outbox rows it wrote (payload: their task queue). */
export const WORKER_CHANGES_CHANNEL = 'carelane_worker_changes';
