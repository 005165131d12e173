import { EntitySchema, type DataSource, type EntityManager } from 'typeorm';

/**
 * "Closed" marks of the staff inbox's text and email threads, which have no record of their own to
 * carry an endedAt as a chat room does (docs/decisions.md, "The staff inbox"). A thread counts as
 * closed while its mark is at least as new as its last message, so a new message reopens it, as in
 * Chatwoot. Internal: no generic routes, no wire shape; callers check first, through the engine,
 * that the staff member may read the thread.
 */
export interface InboxClosureRow {
  businessId: string;
  /** The conversation as notifications name it (api/src/actions/messaging/conversations.ts notificationRef). */
  conversation: string;
  closedAt: Date;
  closedBy: string;
}

export const INBOX_CLOSURES = 'inbox_closures';

export const InboxClosureEntity = new EntitySchema<InboxClosureRow>({
  name: INBOX_CLOSURES,
  tableName: INBOX_CLOSURES,
  columns: {
    businessId: { type: 'varchar', length: 24, primary: true },
    conversation: { type: 'varchar', length: 100, primary: true },
    closedAt: { type: 'timestamptz' },
    closedBy: { type: 'varchar', length: 24 },
  },
});

type Db = DataSource | EntityManager;

/** Marks a thread closed now (or again, later). */
export const closeThread = async (db: Db, row: Omit<InboxClosureRow, 'closedAt'>) => {
  // raw SQL: an internal table, written in one upsert so two staff members closing at once leave one row.
  await db.query(
    `INSERT INTO ${INBOX_CLOSURES} ("businessId", "conversation", "closedAt", "closedBy") VALUES ($1, $2, now(), $3)
     ON CONFLICT ("businessId", "conversation") DO UPDATE SET "closedAt" = now(), "closedBy" = EXCLUDED."closedBy"`,
    [row.businessId, row.conversation, row.closedBy],
  );
};

export const reopenThread = async (db: Db, businessId: string, conversation: string) => {
  // raw SQL: see closeThread.
  await db.query(`DELETE FROM ${INBOX_CLOSURES} WHERE "businessId" = $1 AND "conversation" = $2`, [businessId, conversation]);
};

/** When each of these threads was last closed (threads never closed are absent). */
export const threadClosures = async (db: Db, businessId: string, conversations: string[]): Promise<Map<string, number>> => {
  if (conversations.length === 0) return new Map();
  // raw SQL: see closeThread.
  const rows: { conversation: string; closedAt: Date }[] = await db.query(
    `SELECT "conversation", "closedAt" FROM ${INBOX_CLOSURES} WHERE "businessId" = $1 AND "conversation" = ANY($2)`,
    [businessId, conversations],
  );
  return new Map(rows.map((row) => [row.conversation, new Date(row.closedAt).getTime()]));
};
