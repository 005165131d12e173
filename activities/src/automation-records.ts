import { createHash } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { ApplicationFailure, Context } from '@temporalio/activity';

/**
 * Small helpers for automation activities: records are written with ids the workflow chose (or
 * derived from them), "insert unless it exists", so a retried activity writes each record once.
 */

export type Row = Record<string, any>;

/** A permanent failure (no email address, missing template ...): not retried, recorded as a background error. */
export const automationError = (message: string) => ApplicationFailure.create({ message, type: 'AutomationError', nonRetryable: true });

/**
 * An id for a record an automated action creates: the action's timestamp bytes (so ids still sort by
 * creation) followed by a hash of the action id and the purpose. The same action and purpose always
 * give the same id.
 */
export const derivedId = (baseId: string, purpose: string) =>
  baseId.slice(0, 12) + createHash('sha256').update(`${baseId}:${purpose}`).digest('hex').slice(0, 12);

/** Inserts the row with the common fields filled in, unless a row with its id already exists. Returns whether it was inserted. */
export const insertOnce = async (
  manager: EntityManager,
  resource: string,
  row: Row & { _id: string; businessId: string },
  options: { organizationIds?: string[]; creator?: string | null } = {}
) => {
  const now = new Date();
  // raw SQL: INSERT ... ON CONFLICT DO NOTHING with an id the workflow chose, so a retried activity
  // writes once (the engine's create has no insert-unless-it-exists); each caller says why.
  const result = await manager
    .createQueryBuilder()
    .insert()
    .into(resource)
    .values({
      organizationIds: options.organizationIds ?? [],
      sharedWithOrganizations: [],
      creator: options.creator ?? null,
      createdAt: now,
      updatedAt: now,
      ...row,
    })
    .orIgnore()
    .execute();
  return (result.raw as unknown[] | undefined)?.length !== 0;
};

export const findRow = async (manager: EntityManager, resource: string, businessId: string, id: string, lock = false) => {
  // raw SQL: a tenant-scoped read, optionally locked, for the activities' bookkeeping rows; each caller says why.
  const query = manager.createQueryBuilder(resource, 'record').where('record._id = :id AND record."businessId" = :businessId', { id, businessId });
  if (lock) query.setLock('pessimistic_write');
  return (await query.getOne()) as Row | null;
};

export const updateRow = (manager: EntityManager, resource: string, businessId: string, id: string, changes: Row) =>
  // raw SQL: a plain tenant-scoped update for the activities' bookkeeping; each caller says why it is not an engine write.
  manager
    .createQueryBuilder()
    .update(resource)
    .set({ ...changes, updatedAt: new Date() })
    .where('_id = :id AND "businessId" = :businessId', { id, businessId })
    .execute();

/** A background_errors row for staff to review; the id is derived, so one failure is recorded once. */
export const recordBackgroundError = (
  manager: EntityManager,
  input: { id: string; businessId: string; title: string; message: string; journeyId?: string; enduserId?: string; organizationIds?: string[] }
) =>
  insertOnce(
    manager,
    'background_errors',
    {
      _id: input.id,
      businessId: input.businessId,
      title: input.title.slice(0, 100),
      message: input.message.slice(0, 25_000),
      journeyId: input.journeyId ?? null,
      enduserId: input.enduserId ?? null,
    },
    { organizationIds: input.organizationIds }
  );

/** What an outgoing email or text an automation sends shares: who it is for, what made it, and its state. */
interface OutgoingMessage {
  id: string;
  businessId: string;
  enduserId: string;
  userId?: string | null;
  templateId?: string | null;
  automationStepId?: string | null;
  journeyContext?: Record<string, unknown> | null;
}

const outgoingRecord = (input: OutgoingMessage) => ({
  _id: input.id,
  businessId: input.businessId,
  enduserId: input.enduserId,
  userId: input.userId ?? null,
  templateId: input.templateId ?? null,
  automationStepId: input.automationStepId ?? null,
  journeyContext: input.journeyContext ?? null,
  logOnly: false,
  inbound: false,
  delivered: false,
  timestamp: new Date(),
  linkOpenTrackingIds: [],
});

/** Records the business's staff and endusers see as messages, ids and all. */
export const emailRecord = (input: OutgoingMessage & { subject: string; textContent: string; HTMLContent?: string | null }) => ({
  ...outgoingRecord(input),
  subject: input.subject.slice(0, 1000),
  textContent: input.textContent,
  HTMLContent: input.HTMLContent ?? null,
});

export const smsRecord = (input: OutgoingMessage & { message: string }) => ({ ...outgoingRecord(input), message: input.message });

/**
 * Runs `work` while heartbeating every 2 seconds, so a worker that dies mid-activity is noticed
 * within the activity's heartbeat timeout rather than its whole start-to-close timeout. The first
 * beat comes after 2 seconds, not at once: the server times the heartbeat timeout from the
 * activity's start, so a worker dying before it is noticed all the same, and most activities end
 * sooner and so cost the server no heartbeat at all (one write fewer per journey step at a bulk
 * add's rate: bench/README.md, issue 37).
 */
export const heartbeating = async <T>(work: () => Promise<T>): Promise<T> => {
  let timer: NodeJS.Timeout | undefined;
  try {
    const context = Context.current();
    timer = setInterval(() => context.heartbeat(), 2_000);
  } catch {
    // Not inside an activity (called directly): nothing to report to.
  }
  try {
    return await work();
  } finally {
    if (timer) clearInterval(timer);
  }
};
