import type { DataSource, EntityManager } from 'typeorm';
import { isId, resourceByName } from '@carelane/db';
import { ResourceEngine } from '@carelane/engine';

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
 * The system's binding to the transaction an activity holds (`manager.connection` is its
 * DataSource), with look-ups by resource name for the activities' convenience.
 */
export const systemWithin = (manager: EntityManager, businessId: string) => {
  const bound = workerEngine(manager.connection).system(businessId).within(manager);
  return {
    bound,
    /** One stored row by id, or null (an id that is not one names nothing). */
    byId: async (resource: string, id: string | null | undefined, options: { lock?: boolean } = {}) =>
      typeof id === 'string' && isId(id) ? ((await bound.row(definition(resource), { _id: id }, options)) as Record<string, any> | undefined) ?? null : null,
    /** Updates one record (validated, tenant-scoped, counters kept); `serverFields` are the activity's own values. */
    updateOne: (resource: string, id: string, updates: Record<string, unknown>, options?: { serverFields?: Record<string, unknown> }) =>
      bound.updateOne(definition(resource), id, updates, options),
    /** Stored rows matching a filter (the generic calls' filter language), oldest first unless `sort` says otherwise. */
    rows: (resource: string, options: Parameters<typeof bound.rows>[1] = {}) => bound.rows(definition(resource), options) as Promise<Record<string, any>[]>,
  };
};
