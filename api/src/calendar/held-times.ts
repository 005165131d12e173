import type { EntityManager } from 'typeorm';
import { WAITLIST_HOLDS } from '@carelane/db/internal/waitlist-holds';
import type { BusyInterval } from './availability';

/**
 * Times held for a waitlist offer (docs/decisions.md, "The waitlist") count as busy for everyone but
 * the patient they are held for (`holderEnduserId`), so an offered time leaves public availability
 * for the hold's 15 minutes and the patient offered it can still see and book it.
 */
export const loadHeldIntervals = async (
  manager: EntityManager,
  businessId: string,
  userIds: string[],
  from: number,
  to: number,
  holderEnduserId?: string,
): Promise<BusyInterval[]> => {
  if (userIds.length === 0) return [];
  // raw SQL: holds are an internal table (no generic resource); scoped to the business by hand, only times are read.
  const rows: { userId: string; startTimeInMS: number; durationInMinutes: number }[] = await manager.query(
    `SELECT "userId", "startTimeInMS", "durationInMinutes" FROM ${WAITLIST_HOLDS}
      WHERE "businessId" = $1 AND status = 'held' AND "expiresAt" > now() AND "userId" = ANY($2::text[])
        AND "startTimeInMS" < $4 AND "startTimeInMS" + "durationInMinutes" * 60000 > $3
        AND ($5::text IS NULL OR "enduserId" <> $5::text)`,
    [businessId, userIds, from, to, holderEnduserId ?? null],
  );
  return rows.map((row) => ({ userId: row.userId, startTimeInMS: Number(row.startTimeInMS), durationInMinutes: Number(row.durationInMinutes) }));
};
