import type { DataSource } from 'typeorm';
import { newId } from '@carelane/db';
import { ownerOf, systemWithin, wholeBusiness } from './worker-engine';

export interface EnterJourneyInput {
  businessId: string;
  journeyId: string;
  enduserId: string;
  /** The status update's id, chosen by the workflow: a retried entry records it once. */
  updateId?: string;
}

/**
 * Activities for journeys. Each is idempotent: a retried activity finds its own earlier write and
 * does nothing more, so a journey entry is recorded once however often Temporal retries it.
 */
export const createJourneyActivities = ({ dataSource }: { dataSource: DataSource }) => ({
  /**
   * Puts the enduser in the journey's default state (or keeps the state the journeys map already
   * gives) and records the status update. Null when either record is gone, or the enduser is outside
   * what the journey's organization sees (a sub-organization's journey never acts on a patient above it).
   */
  async enterJourney({ businessId, journeyId, enduserId, updateId }: EnterJourneyInput): Promise<string | null> {
    return dataSource.transaction(async (manager) => {
      const journey = await systemWithin(manager, wholeBusiness(businessId)).byId('journeys', journeyId);
      if (!journey) return null;
      const data = systemWithin(manager, ownerOf(journey));
      const enduser = await data.byId('endusers', enduserId, { lock: true });
      if (!enduser) return null;
      const journeys = { ...((enduser.journeys as Record<string, string> | null) ?? {}) };
      // Added through the enduser's journeys map with a state of its own: that state stands.
      const state = journeys[journeyId] ?? (journey.defaultState as string | null) ?? 'New';
      if (journeys[journeyId] !== state) {
        journeys[journeyId] = state;
        await data.updateOne('endusers', enduserId, { journeys }, { replaceObjectFields: true });
      }
      const row = { journeyId, enduserId, status: state };
      // The worker's engine runs no hooks, so this record does not move the enduser a second time.
      const placement = { organizationIds: (enduser.organizationIds as string[]) ?? [], creator: null };
      if (updateId) {
        await data.createOnce('enduser_status_updates', updateId, row, undefined, placement);
      } else if (!(await data.rows('enduser_status_updates', { filter: row, limit: 1 })).length) {
        await data.createOnce('enduser_status_updates', newId(), row, undefined, placement);
      }
      return state;
    });
  },
});

export type JourneyActivities = ReturnType<typeof createJourneyActivities>;
