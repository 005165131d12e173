import { EntitySchema, type DataSource, type EntityManager } from 'typeorm';

/**
 * Each delivery to the business's webhook (a record change, an automation, a test from the console)
 * with its last outcome, so root Admins see recent deliveries and can retry one. Internal: no generic
 * routes; read and retried by the named calls in api/src/actions/webhooks (docs/decisions.md,
 * "Webhook deliveries").
 */
export interface WebhookDeliveryRow {
  /** The delivery id (X-Carelane-Delivery-Id): one row per delivery, however often it is attempted. */
  _id: string;
  businessId: string;
  /** What it announces, in words: 'Test delivery', 'endusers create' ... */
  event: string;
  /** The body as sent, kept for a retry. */
  payload: unknown;
  status: WebhookDeliveryStatus;
  /** The receiver's HTTP status when it answered. */
  statusCode: number | null;
  /** Why the last attempt failed, in the delivery code's words. */
  error: string | null;
  attempts: number;
  createdAt: Date;
  lastAttemptAt: Date;
}

export type WebhookDeliveryStatus = 'Delivered' | 'Failed';

export const WEBHOOK_DELIVERIES = 'webhook_deliveries';

export const WebhookDeliveryEntity = new EntitySchema<WebhookDeliveryRow>({
  name: WEBHOOK_DELIVERIES,
  tableName: WEBHOOK_DELIVERIES,
  columns: {
    _id: { type: 'varchar', length: 200, primary: true },
    businessId: { type: 'varchar', length: 24 },
    event: { type: 'varchar', length: 200 },
    payload: { type: 'jsonb' },
    status: { type: 'varchar', length: 16 },
    statusCode: { type: 'integer', nullable: true },
    error: { type: 'text', nullable: true },
    attempts: { type: 'integer', default: 1 },
    createdAt: { type: 'timestamptz' },
    lastAttemptAt: { type: 'timestamptz' },
  },
  indices: [{ name: 'IDX_webhook_deliveries_business', columns: ['businessId', 'createdAt'] }],
});

export interface WebhookAttempt {
  id: string;
  businessId: string;
  event: string;
  payload: unknown;
  statusCode?: number;
  error?: string;
}

/** How long a delivery stays listed (and retriable): the console shows the 50 newest. */
export const WEBHOOK_DELIVERIES_KEPT_DAYS = 30;
const PRUNE_EVERY_MS = 3_600_000;
let prunedAt = 0;

/** Drops deliveries first attempted more than 30 days ago (or before `before`). */
export const pruneWebhookDeliveries = async (db: DataSource | EntityManager, before = new Date(Date.now() - WEBHOOK_DELIVERIES_KEPT_DAYS * 86_400_000)) => {
  // raw SQL: an internal table's age-based cleanup, one set-based statement (at most hourly, so a scan is cheap enough).
  const [, affected] = await db.query(`DELETE FROM ${WEBHOOK_DELIVERIES} WHERE "createdAt" < $1`, [before]);
  return Number(affected ?? 0);
};

/**
 * Records one attempt: the first adds the row, later ones (a retry) count up and keep the last outcome.
 * One statement, so two attempts at once never lose a count. At most once an hour per process it also
 * drops deliveries past 30 days, so the table keeps itself small without a job of its own (as
 * automation_decisions does).
 */
export const recordWebhookAttempt = async (db: DataSource | EntityManager, attempt: WebhookAttempt) => {
  const status: WebhookDeliveryStatus = attempt.error === undefined ? 'Delivered' : 'Failed';
  // raw SQL: an internal table; the upsert decides first attempt or retry in one statement.
  await db.query(
    `INSERT INTO ${WEBHOOK_DELIVERIES} ("_id", "businessId", "event", "payload", "status", "statusCode", "error", "attempts", "createdAt", "lastAttemptAt")
     VALUES ($1, $2, $3, $4, $5, $6, $7, 1, now(), now())
     ON CONFLICT ("_id") DO UPDATE SET "status" = EXCLUDED."status", "statusCode" = EXCLUDED."statusCode", "error" = EXCLUDED."error",
       "attempts" = ${WEBHOOK_DELIVERIES}."attempts" + 1, "lastAttemptAt" = now()`,
    [attempt.id, attempt.businessId, attempt.event.slice(0, 200), JSON.stringify(attempt.payload ?? null), status, attempt.statusCode ?? null, attempt.error ?? null],
  );
  if (Date.now() - prunedAt > PRUNE_EVERY_MS) {
    prunedAt = Date.now();
    await pruneWebhookDeliveries(db);
  }
};
