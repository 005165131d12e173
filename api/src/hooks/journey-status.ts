import { endusers } from '@carelane/db';
import { systemCaller } from '../auth/caller';
import type { HookRegistry } from '@carelane/engine';

/**
 * A status update created through the generic calls is a status change
 * (docs/contract/automations.md#journey-membership: membership changes through status updates):
 * the enduser's journeys map takes the new state, written through
 * the engine in the same transaction, so it fires what any change of journeys fires (a journey run
 * started for a new membership, 'Field Equals' triggers, webhooks, realtime).
 */
export const registerJourneyStatusHooks = (hooks: HookRegistry) => {
  hooks.register('enduser_status_updates', {
    async afterCreate(record, { tx, caller }) {
      if (!tx) return;
      const journeyId = String(record.journeyId);
      // The create was authorised (the enduser named is one the caller may name); moving the enduser
      // is its consequence, made by the server, so a caller who may record status updates for an
      // enduser they cannot edit still moves them.
      await tx.updateOne(endusers, systemCaller(caller.businessId), String(record.enduserId), { journeys: { [journeyId]: record.status } });
    },
  });
};
