import type { EntityManager } from 'typeorm';
import { availability_blocks, fail, newId, validators as v } from '@carelane/db';
import { isAdmin, type Caller } from '../../auth/caller';
import type { DomainEvent } from '../../resources/engine';
import { ApiError, notFound } from '../../errors';
import { ACCESS_MESSAGES, applyVisibility, authorize } from '../../resources/access';
import { parseUpdate } from '../../resources/payload';
import { defineAction, type Services } from '../action';
import { requiredField } from '../messaging/input';

/** One { id, index } of the reference client's IndexUpdate. */
export interface IndexUpdate {
  id: string;
  index: number;
}

const indexUpdate = v.objectOf({ id: v.required(v.id), index: v.required(v.nonNegativeNumber) });

/** The list, each id at most once (two indexes for one block would leave the order to chance). */
export const indexUpdates = (value: unknown): IndexUpdate[] => {
  const updates = v.listOf(indexUpdate)(value) as unknown as IndexUpdate[];
  const seen = new Set<string>();
  for (const { id } of updates) {
    if (seen.has(id)) fail(`id ${id} is listed more than once`);
    seen.add(id);
  }
  return updates;
};

/**
 * The blocks named, locked for update, as the caller may act on them (business, organization scope,
 * the role matrix's update level). Any id missing from the answer is outside the caller's reach.
 */
const lockBlocks = async (manager: EntityManager, caller: Caller, ids: string[]) => {
  const query = manager
    .createQueryBuilder(availability_blocks.name, 'record')
    .where('record."businessId" = :businessId', { businessId: caller.businessId })
    .andWhere('record._id IN (:...ids)', { ids })
    // One lock order for every caller, so two overlapping reorders wait rather than deadlock.
    .orderBy('record._id', 'ASC')
    .setLock('pessimistic_write');
  applyVisibility(query, availability_blocks, caller, 'update');
  const rows = (await query.getMany()) as Record<string, unknown>[];
  return new Map(rows.map((row) => [row._id as string, row]));
};

/**
 * The same user_logs row a generic update writes (api/src/audit/user-logs.ts), in this call's
 * transaction: the engine runs its write listeners only inside its own transactions.
 */
const logUpdate = async (manager: EntityManager, caller: Caller, record: Record<string, unknown>, now: Date) => {
  await manager.getRepository('user_logs').insert({
    _id: newId(),
    businessId: caller.businessId,
    organizationIds: (record.organizationIds as string[] | undefined) ?? [],
    sharedWithOrganizations: [],
    creator: caller.id,
    userId: caller.id,
    resource: availability_blocks.name,
    resourceId: record._id,
    action: 'update',
    createdAt: now,
    updatedAt: now,
  });
};

/**
 * Sets every listed block's index in one transaction: each block is validated and checked as a
 * generic update would (definition, access rules, hooks), its user_logs row written beside it, and
 * the engine's change events are emitted once the transaction has committed. An id the caller
 * cannot reach is a 404 and nothing changes.
 */
export const reorderAvailabilityBlocks = async (services: Services, caller: Caller, updates: IndexUpdate[]) => {
  if (updates.length === 0) return [];
  authorize(availability_blocks, 'update', caller);
  const events = await services.dataSource.transaction(async (manager) => {
    const blocks = await lockBlocks(manager, caller, updates.map((update) => update.id));
    if (updates.some((update) => !blocks.has(update.id))) throw notFound();
    const changed: DomainEvent[] = [];
    const now = new Date();
    for (const { id, index } of updates) {
      const existing = blocks.get(id)!;
      const payload = { index };
      authorize(availability_blocks, 'update', caller, { id, existing, payload });
      const changes = parseUpdate(availability_blocks, existing, payload, {}, { type: caller.type, id: caller.id });
      await services.engine.hooks.beforeUpdate(availability_blocks, changes, { manager, caller, existing });
      await manager.getRepository(availability_blocks.name).update({ _id: id, businessId: caller.businessId }, { ...changes, updatedAt: now });
      const record = { ...existing, ...changes, updatedAt: now };
      if (caller.type === 'user') await logUpdate(manager, caller, record, now);
      changed.push({
        kind: 'updated',
        resource: availability_blocks.name,
        businessId: caller.businessId,
        record,
        changes,
        previous: existing,
        actor: { type: caller.type, id: caller.id },
      });
    }
    return changed;
  });
  for (const event of events) services.engine.events.emit('change', event);
  return events;
};

/**
 * POST /update-order-of-availability-blocks { indexUpdates: [{ id, index }] } (Admin only; the
 * reference client calls it as /v1//update-order-of-availability-blocks, which the api's path
 * normalisation serves). Answers {}.
 */
export const updateOrderOfAvailabilityBlocks = defineAction({
  method: 'post',
  path: '/update-order-of-availability-blocks',
  auth: 'user',
  handler: async ({ services, caller }, input) => {
    if (!isAdmin(caller)) throw new ApiError(403, ACCESS_MESSAGES.adminOnly);
    const updates = requiredField(input, 'indexUpdates', indexUpdates);
    await reorderAvailabilityBlocks(services, caller, updates);
    return {};
  },
});
