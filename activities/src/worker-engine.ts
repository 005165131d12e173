import type { DataSource, EntityManager } from 'typeorm';
import { Context } from '@temporalio/activity';
import { homeTaskQueue } from '@carelane/automation';
import { isId, newId, resourceByName, withoutSecrets as withoutSecretsOf } from '@carelane/db';
import { CHANGE_OUTBOX, WORKER_CHANGES_CHANNEL } from '@carelane/db/internal/change-outbox';
import { ApiError, ResourceEngine, type CreateOptions, type DomainEvent, type ListOptions, type Statement, type UpdateOptions } from '@carelane/engine';
import { automationError, type Row } from './automation-records';

/**
 * The worker's engine (@carelane/engine), one per DataSource. Activities read and write as the
 * server acting for the business (engine.system): tenant-scoped, validated, counters kept.
 *
 * It has no hooks (the api's delivery, sanitising ... belong to the api process) and one write
 * listener: each change an activity commits writes a change-outbox row marked `origin: 'automation'`,
 * due at once, on the activity's own task queue (the api's, which the worker polls), and announces it
 * at commit (pg_notify), so the api's relay hands it to realtime sockets and subscription webhooks at
 * once (at worst at its 2 s interval). The automation dispatcher ignores marked changes, so a
 * journey's own writes never loop back into triggers.
 */
const engines = new WeakMap<DataSource, ResourceEngine>();

export const workerEngine = (dataSource: DataSource) => {
  let engine = engines.get(dataSource);
  if (!engine) {
    engines.set(dataSource, (engine = new ResourceEngine(dataSource)));
    engine.onWriteStatement({ record: recordAutomationChange });
  }
  return engine;
};

/** The task queue of the activity running now; none outside an activity (a test calling one directly), where no relay would take the row. */
const activityTaskQueue = () => {
  try {
    // A trigger's local activity runs on the trigger queue; the api relays rows of the platform's queue.
    return homeTaskQueue(Context.current().info.taskQueue);
  } catch {
    return undefined;
  }
};

/** The record without the definition's secret fields and parts: hashed passwords and webhook step secrets never sit in the outbox. */
const withoutSecrets = (resource: string, record: Row | undefined) => {
  const definition = resourceByName.get(resource);
  return record && definition ? withoutSecretsOf(definition, record) : record;
};

/**
 * The change's outbox row, in the activity's transaction (the same table and shape as the api's,
 * db/src/internal/change-outbox.ts), and its NOTIFY, run by the engine in one statement with the
 * change itself.
 */
const recordAutomationChange = (event: DomainEvent): Statement[] | undefined => {
  const taskQueue = activityTaskQueue();
  if (!taskQueue) return undefined;
  event.origin = 'automation';
  const stored = { ...event, record: withoutSecrets(event.resource, event.record), previous: withoutSecrets(event.resource, event.previous), changes: withoutSecrets(event.resource, event.changes) };
  const id = newId();
  event.outboxId = id;
  return [
    // raw SQL: the outbox is internal bookkeeping, not a resource; the database's clock decides when the row is due, as for the api's rows.
    {
      sql: `INSERT INTO "${CHANGE_OUTBOX}" ("_id", "businessId", "event", "taskQueue", "nextAttemptAt") VALUES ($1, $2, $3, $4, now())`,
      params: [id, event.businessId, JSON.stringify(stored), taskQueue],
    },
    // Delivered at commit: the api's listener wakes its relay (api/src/events/worker-changes.ts).
    // raw SQL: NOTIFY is not a query on records.
    { sql: 'SELECT pg_notify($1, $2)', params: [WORKER_CHANGES_CHANNEL, taskQueue] },
  ];
};

const definition = (resource: string) => {
  const found = resourceByName.get(resource);
  if (!found) throw new Error(`Unknown resource ${resource}`);
  return found;
};

/**
 * A write the engine refuses (a value that fails its field's rule, a missing reference) will be
 * refused on every retry: it becomes a permanent automation failure, recorded for staff to review.
 */
const refusedAsPermanent = async <T>(resource: string, work: () => Promise<T>) => {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) throw automationError(`Could not write ${resource}: ${error.message}`);
    throw error;
  }
};

/**
 * Who an automation acts for: its business, and the organization that owns it (the trigger's, the
 * journey's, the calendar event's or the message's placement). Every read, match and write of the
 * automation is scoped to what that organization sees, exactly as a staff member of it is scoped
 * (docs/decisions.md, "Automations act within their owner's organization").
 */
export interface AutomationOwner {
  businessId: string;
  organizationIds: string[];
}

/** The owner a stored record names: its business and its place in the organization tree. */
export const ownerOf = (record: Row): AutomationOwner => ({
  businessId: String(record.businessId),
  organizationIds: Array.isArray(record.organizationIds) ? (record.organizationIds as string[]) : [],
});

/**
 * The whole business, for the look-ups that find an owner (the trigger, the journey, the event
 * itself) and for the business's own configuration; never for what an automation then acts on.
 */
export const wholeBusiness = (businessId: string): AutomationOwner => ({ businessId, organizationIds: [] });

/**
 * The system's binding to the transaction an activity holds (`manager.connection` is its
 * DataSource), acting from the owner's organization, with look-ups by resource name for the
 * activities' convenience.
 */
export const systemWithin = (manager: EntityManager, owner: AutomationOwner) => {
  const bound = workerEngine(manager.connection).system(owner.businessId, owner.organizationIds).within(manager);
  const byId = async (resource: string, id: string | null | undefined, options: { lock?: boolean } = {}) =>
    typeof id === 'string' && isId(id) ? (((await bound.row(definition(resource), { _id: id }, options)) as Row | undefined) ?? null) : null;
  return {
    bound,
    /** One stored row by id, or null (an id that is not one names nothing). `lock` holds it until the commit. */
    byId,
    /** Stored rows matching a filter (the generic calls' filter language), oldest first unless `sort` says otherwise. */
    rows: (resource: string, options: ListOptions & { lock?: boolean } = {}) => bound.rows(definition(resource), options) as Promise<Row[]>,
    /** Updates one record (validated, tenant-scoped, counters kept); `serverFields` are the activity's own values. */
    updateOne: (resource: string, id: string, updates: Row, options?: UpdateOptions) =>
      refusedAsPermanent(resource, () => bound.updateOne(definition(resource), id, updates, options)),
    /**
     * Creates the record with the id the activity chose unless it exists: a retried activity writes
     * it once. `input` is validated like a client's payload; `serverFields` are the activity's own
     * values. Answers whether it was created.
     */
    createOnce: async (resource: string, id: string, input: Row, serverFields?: Row, options: Omit<CreateOptions, 'id'> = {}) => {
      if (await byId(resource, id)) return false;
      await refusedAsPermanent(resource, () => bound.createOne(definition(resource), input, serverFields, { ...options, id }));
      return true;
    },
  };
};

/**
 * An activity's whole record (as the records module builds it: id, business, fields) written once
 * through the engine: the fields a client may set are validated as a client's payload, the
 * server's own (delivery marks, access codes ...) and deliberate nulls are written as they are.
 */
export const createRecordOnce = (
  manager: EntityManager,
  owner: AutomationOwner,
  resource: string,
  row: Row & { _id: string; businessId: string },
  options: Omit<CreateOptions, 'id'> = {},
) => {
  const { _id, businessId, ...fields } = row;
  const rules = definition(resource).fields;
  const input: Row = {};
  const serverFields: Row = {};
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    const rule = rules[key];
    if (rule && !rule.readonly && rule.validate && value !== null) input[key] = value;
    else serverFields[key] = value;
  }
  if (businessId !== owner.businessId) throw new Error(`A record of business ${businessId} written for business ${owner.businessId}`);
  return systemWithin(manager, owner).createOnce(resource, _id, input, serverFields, options);
};
