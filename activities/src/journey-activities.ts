import type { DataSource } from 'typeorm';
import { newId } from '@carelane/db';
import { insertOnce } from './automation-records';

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
   * gives) and records the status update. Null when either record is gone.
   */
  async enterJourney({ businessId, journeyId, enduserId, updateId }: EnterJourneyInput): Promise<string | null> {
    return dataSource.transaction(async (manager) => {
      const journey = await manager.getRepository('journeys').findOne({ where: { _id: journeyId, businessId } });
      const enduser = await manager
        .getRepository('endusers')
        .createQueryBuilder('enduser')
        .setLock('pessimistic_write')
        .where('enduser._id = :enduserId AND enduser."businessId" = :businessId', { enduserId, businessId })
        .getOne();
      if (!journey || !enduser) return null;
      const journeys = { ...((enduser.journeys as Record<string, string> | null) ?? {}) };
      // Added through the enduser's journeys map with a state of its own: that state stands.
      const state = journeys[journeyId] ?? (journey.defaultState as string | null) ?? 'New';
      if (journeys[journeyId] !== state) {
        journeys[journeyId] = state;
        await manager.getRepository('endusers').update({ _id: enduserId }, { journeys, updatedAt: new Date() });
      }
      const row = { businessId, journeyId, enduserId, status: state };
      if (updateId) {
        await insertOnce(manager, 'enduser_status_updates', { _id: updateId, ...row }, { organizationIds: (enduser.organizationIds as string[]) ?? [] });
      } else if (!(await manager.getRepository('enduser_status_updates').exists({ where: row }))) {
        await insertOnce(manager, 'enduser_status_updates', { _id: newId(), ...row }, { organizationIds: (enduser.organizationIds as string[]) ?? [] });
      }
      return state;
    });
  },
});

export type JourneyActivities = ReturnType<typeof createJourneyActivities>;
