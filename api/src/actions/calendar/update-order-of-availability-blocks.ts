import { availability_blocks, fail, validators as v } from '@carelane/db';
import { isAdmin, type Caller } from '../../auth/caller';
import { ApiError } from '../../errors';
import { ACCESS_MESSAGES } from '@carelane/engine';
import { defineAction, type Services } from '../action';
import { Required, S } from '../input';

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
 * Sets every listed block's index in one transaction, each checked, validated, logged and announced as
 * a generic update would be. An id the caller cannot reach is a 404 and nothing changes.
 */
export const reorderAvailabilityBlocks = (services: Services, caller: Caller, updates: IndexUpdate[]) =>
  updates.length === 0 ? Promise.resolve([]) : services.engine.updateMany(availability_blocks, caller, updates.map(({ id, index }) => ({ id, updates: { index } })));

class AvailabilityOrderInput {
  @Required(indexUpdates, S.listOf({ type: 'object', required: ['id', 'index'], properties: { id: S.id, index: S.number(0) } }))
  indexUpdates!: IndexUpdate[];
}

/**
 * POST /update-order-of-availability-blocks { indexUpdates: [{ id, index }] } (Admin only; the
 * reference client calls it as /v1//update-order-of-availability-blocks, which the api's path
 * normalisation serves). Answers {}.
 */
export const updateOrderOfAvailabilityBlocks = defineAction({
  method: 'post',
  path: '/update-order-of-availability-blocks',
  auth: 'user',
  input: AvailabilityOrderInput,
  authorize: ({ caller }) => {
    if (!isAdmin(caller)) throw new ApiError(403, ACCESS_MESSAGES.adminOnly);
  },
  handler: async ({ services, caller }, input) => {
    const updates = input.indexUpdates;
    await reorderAvailabilityBlocks(services, caller, updates);
    return {};
  },
});
