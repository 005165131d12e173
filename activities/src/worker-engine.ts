import type { DataSource, EntityManager } from 'typeorm';
import { isId, resourceByName } from '@carelane/db';
import { ApiError, ResourceEngine, type CreateOptions, type ListOptions, type UpdateOptions } from '@carelane/engine';
import { automationError, type Row } from './automation-records';

/**
 * The worker's engine (@carelane/engine), one per DataSource. Activities read and write as the
 * server acting for the business (engine.system): tenant-scoped, validated, counters kept.
 *
 * It is bare: no hooks and no write listeners. The api's hooks (message delivery, sanitising ...)
 * and its change outbox belong to the api process; an activity's own writes are not announced to
 * triggers or webhooks, which is what keeps a journey's own writes from looping back into it.
 */
const engines = new WeakMap<DataSource, ResourceEngine>();

export const workerEngine = (dataSource: DataSource) => {
  let engine = engines.get(dataSource);
  if (!engine) engines.set(dataSource, (engine = new ResourceEngine(dataSource)));
  return engine;
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
 * The system's binding to the transaction an activity holds (`manager.connection` is its
 * DataSource), with look-ups by resource name for the activities' convenience.
 */
export const systemWithin = (manager: EntityManager, businessId: string) => {
  const bound = workerEngine(manager.connection).system(businessId).within(manager);
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
