import { EntitySchema, type DataSource, type EntityManager } from 'typeorm';

/**
 * Values that may be used once: an OAuth2 state after its callback, a payment provider's webhook
 * event after it was handled. A row is kept until the value could no longer be accepted anyway
 * (its own expiry), so the table stays small. Internal: no generic routes, no wire shape.
 */
export interface UsedNonceRow {
  /** "<purpose>:<value>", e.g. "oauth2-state:<nonce>" or "square-event:<event id>". */
  key: string;
  expiresAt: Date;
}

export const USED_NONCES = 'used_nonces';

export const UsedNonceEntity = new EntitySchema<UsedNonceRow>({
  name: USED_NONCES,
  tableName: USED_NONCES,
  columns: {
    key: { type: 'varchar', length: 300, primary: true },
    expiresAt: { type: 'timestamptz' },
  },
  indices: [{ name: 'IDX_used_nonces_expiry', columns: ['expiresAt'] }],
});

/**
 * Marks `key` used; true the first time, false when it was used before (by any api process: the
 * primary key decides). Rows past their expiry are dropped first, so a key can be reused only after
 * the value it names stopped being valid.
 */
export const useOnce = async (db: DataSource | EntityManager, key: string, expiresAt: Date): Promise<boolean> => {
  // raw SQL: an internal table, and the insert must be one atomic statement to decide races.
  await db.query(`DELETE FROM ${USED_NONCES} WHERE "expiresAt" < now()`);
  const rows: unknown[] = await db.query(`INSERT INTO ${USED_NONCES} ("key", "expiresAt") VALUES ($1, $2) ON CONFLICT ("key") DO NOTHING RETURNING "key"`, [key, expiresAt]);
  return rows.length === 1;
};

/** Forgets a use, for work that failed after claiming its key and may be retried (e.g. a webhook answered 500). */
export const releaseOnce = async (db: DataSource | EntityManager, key: string) => {
  // raw SQL: see useOnce.
  await db.query(`DELETE FROM ${USED_NONCES} WHERE "key" = $1`, [key]);
};
