import { endusers, engagement_events } from '@carelane/db';
import { systemCaller } from '../auth/caller';
import type { HookRegistry } from '@carelane/engine';

type Journeys = Record<string, string>;

const journeysOf = (value: unknown): Journeys => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Journeys) : {});

/**
 * An enduser's journey memberships are engagement history: joining a journey records a JOURNEY_SET
 * engagement event, a change of state in one a STATE_CHANGE event (what the reference client's
 * journey tests read back). Written in the same transaction as the enduser, so a refused change
 * leaves no event behind.
 */
export const registerJourneyEngagementHooks = (hooks: HookRegistry) => {
  hooks.register(endusers.name, {
    // An enduser created without journeys records no event.
    writesOnCreate: (payload) => Object.keys(journeysOf(payload.journeys)).length > 0,
    async afterCreate(record, { tx, caller }) {
      if (!tx) return;
      for (const [journeyId, state] of Object.entries(journeysOf(record.journeys))) {
        await tx.createOne(engagement_events, systemCaller(caller.businessId), engagementEvent(String(record._id), 'JOURNEY_SET', journeyId, state));
      }
    },
    async beforeUpdate(changes, { tx, caller, existing }) {
      if (!tx || changes.journeys === undefined) return;
      const before = journeysOf(existing.journeys);
      for (const [journeyId, state] of Object.entries(journeysOf(changes.journeys))) {
        if (before[journeyId] === state) continue;
        const type = Object.hasOwn(before, journeyId) ? 'STATE_CHANGE' : 'JOURNEY_SET';
        await tx.createOne(engagement_events, systemCaller(caller.businessId), engagementEvent(String(existing._id), type, journeyId, state));
      }
    },
  });
};

const engagementEvent = (enduserId: string, type: 'JOURNEY_SET' | 'STATE_CHANGE', journeyId: string, state: string) => ({
  enduserId,
  type,
  significance: 1,
  fields: { journeyId, state },
});
