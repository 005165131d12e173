import type { DataSource } from 'typeorm';
import { newId } from '@carelane/db';

export interface EnterJourneyInput {
  businessId: string;
  journeyId: string;
  enduserId: string;
}

/**
 * Activities for journeys. Each is idempotent: a retried activity finds its own earlier write and
 * does nothing more, so a journey entry is recorded once however often Temporal retries it.
 */
export const createJourneyActivities = ({ dataSource }: { dataSource: DataSource }) => ({
  /** Puts the enduser in the journey's default state and records the status update. Null when either record is gone. */
  async enterJourney({ businessId, journeyId, enduserId }: EnterJourneyInput): Promise<string | null> {
    return dataSource.transaction(async (manager) => {
      const journey = await manager.getRepository('journeys').findOne({ where: { _id: journeyId, businessId } });
      const enduser = await manager
        .getRepository('endusers')
        .createQueryBuilder('enduser')
        .setLock('pessimistic_write')
        .where('enduser._id = :enduserId AND enduser."businessId" = :businessId', { enduserId, businessId })
        .getOne();
      if (!journey || !enduser) return null;
      const state = (journey.defaultState as string | null) ?? 'New';
      const journeys = { ...((enduser.journeys as Record<string, string> | null) ?? {}) };
      const alreadyRecorded = await manager.getRepository('enduser_status_updates').exists({ where: { businessId, journeyId, enduserId, status: state } });
      if (journeys[journeyId] === state && alreadyRecorded) return state;
      journeys[journeyId] = state;
      const now = new Date();
      await manager.getRepository('endusers').update({ _id: enduserId }, { journeys, updatedAt: now });
      if (!alreadyRecorded) {
        await manager.getRepository('enduser_status_updates').insert({
          _id: newId(),
          businessId,
          organizationIds: enduser.organizationIds ?? [],
          sharedWithOrganizations: [],
          creator: null,
          journeyId,
          enduserId,
          status: state,
          createdAt: now,
          updatedAt: now,
        });
      }
      return state;
    });
  },
});

export type JourneyActivities = ReturnType<typeof createJourneyActivities>;
