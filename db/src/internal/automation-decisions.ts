import { createHash } from 'node:crypto';
import { EntitySchema, type DataSource, type EntityManager } from 'typeorm';

/**
 * "Why it fired": every evaluation of an automation trigger for a patient, and every check of a
 * journey step's conditions, with its outcome and, when it did not fire, the rule that failed and
 * the value seen (docs/decisions.md, "Why it fired"). Kept 30 days. Internal: no generic routes and
 * no wire shape; the api serves a patient's decisions only to staff who may read that patient.
 */
export interface AutomationDecisionRow {
  _id: string;
  businessId: string;
  enduserId: string;
  kind: 'trigger' | 'step';
  triggerId: string | null;
  journeyId: string | null;
  automationStepId: string | null;
  fired: boolean;
  /** Why, in words: "tags contains 'vip' is false (tags: [])"; "all conditions held" when it fired. */
  reason: string;
  createdAt: Date;
}

export const AUTOMATION_DECISIONS = 'automation_decisions';
export const DECISIONS_KEPT_DAYS = 30;

export const AutomationDecisionEntity = new EntitySchema<AutomationDecisionRow>({
  name: AUTOMATION_DECISIONS,
  tableName: AUTOMATION_DECISIONS,
  columns: {
    _id: { type: 'varchar', length: 40, primary: true },
    businessId: { type: 'varchar', length: 24 },
    enduserId: { type: 'varchar', length: 24 },
    kind: { type: 'varchar', length: 10 },
    triggerId: { type: 'varchar', length: 24, nullable: true },
    journeyId: { type: 'varchar', length: 24, nullable: true },
    automationStepId: { type: 'varchar', length: 24, nullable: true },
    fired: { type: 'boolean' },
    reason: { type: 'text' },
    createdAt: { type: 'timestamptz', default: () => 'now()' },
  },
  indices: [
    { name: 'IDX_automation_decisions_enduser', columns: ['businessId', 'enduserId', 'createdAt'] },
    { name: 'IDX_automation_decisions_journey', columns: ['businessId', 'journeyId', 'createdAt'] },
    { name: 'IDX_automation_decisions_age', columns: ['createdAt'] },
  ],
});

type Db = DataSource | EntityManager;
export type NewDecision = Omit<AutomationDecisionRow, '_id' | 'createdAt' | 'triggerId' | 'journeyId' | 'automationStepId'> &
  Partial<Pick<AutomationDecisionRow, 'triggerId' | 'journeyId' | 'automationStepId' | 'createdAt'>> & {
    /** What makes the decision one decision: a replayed change or a retried activity records it once. */
    key: string;
  };

/** A decision's id: the same key (change and trigger and patient, or automated action) always gives the same id. */
export const decisionId = (key: string) => createHash('sha256').update(key).digest('hex').slice(0, 40);

let prunedAt = 0;
const PRUNE_EVERY_MS = 3_600_000;

/** Drops decisions older than 30 days (or than `before`). */
export const pruneDecisions = async (db: Db, before = new Date(Date.now() - DECISIONS_KEPT_DAYS * 86_400_000)) => {
  // raw SQL: an internal table's age-based cleanup, one set-based statement on its createdAt index.
  const [, affected] = await db.query(`DELETE FROM ${AUTOMATION_DECISIONS} WHERE "createdAt" < $1`, [before]);
  return Number(affected ?? 0);
};

/**
 * Records decisions (once each: a key seen before is left alone). At most once an hour per process
 * it also drops those past 30 days, so the table keeps itself small without a job of its own.
 */
export const recordDecisions = async (db: Db, decisions: NewDecision[]) => {
  if (decisions.length === 0) return;
  const values: unknown[] = [];
  const rows = decisions.map((decision, index) => {
    values.push(decisionId(decision.key), decision.businessId, decision.enduserId, decision.kind, decision.triggerId ?? null, decision.journeyId ?? null, decision.automationStepId ?? null, decision.fired, decision.reason, decision.createdAt ?? new Date());
    const at = index * 10;
    return `(${Array.from({ length: 10 }, (_, offset) => `$${at + offset + 1}`).join(', ')})`;
  });
  // raw SQL: an internal table, written in one statement that skips a decision already recorded (a replay, a retry).
  await db.query(
    `INSERT INTO ${AUTOMATION_DECISIONS} ("_id", "businessId", "enduserId", "kind", "triggerId", "journeyId", "automationStepId", "fired", "reason", "createdAt")
     VALUES ${rows.join(', ')} ON CONFLICT ("_id") DO NOTHING`,
    values,
  );
  if (Date.now() - prunedAt > PRUNE_EVERY_MS) {
    prunedAt = Date.now();
    await pruneDecisions(db);
  }
};

/** A patient's decisions of the last 30 days, newest first, optionally of one journey or trigger. */
export const decisionsOf = async (db: Db, businessId: string, filter: { enduserId?: string; journeyId?: string; triggerId?: string }, limit = 200): Promise<AutomationDecisionRow[]> => {
  const where = ['"businessId" = $1', `"createdAt" >= now() - interval '${DECISIONS_KEPT_DAYS} days'`];
  const values: unknown[] = [businessId];
  for (const field of ['enduserId', 'journeyId', 'triggerId'] as const) {
    if (!filter[field]) continue;
    values.push(filter[field]);
    where.push(`"${field}" = $${values.length}`);
  }
  values.push(limit);
  // raw SQL: an internal table; the caller checked, through the engine, that the staff member may read the patient.
  return db.query(`SELECT * FROM ${AUTOMATION_DECISIONS} WHERE ${where.join(' AND ')} ORDER BY "createdAt" DESC, "_id" LIMIT $${values.length}`, values);
};
