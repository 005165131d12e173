/**
 * The waitlist's shared numbers and shapes (docs/decisions.md, "The waitlist"): the workflow sleeps
 * for the hold, the activities stamp it on the hold and the entry.
 */
export const WAITLIST_HOLD_MINUTES = 15;

/** A time freed by a cancelled or moved appointment, as the waitlist offers it. */
export interface FreedSlot {
  businessId: string;
  /** The appointment's organization: the offer acts within it. */
  organizationIds: string[];
  calendarEventId: string;
  userId: string;
  calendarEventTemplateId: string;
  locationId?: string;
  startTimeInMS: number;
  durationInMinutes: number;
}

/** An offer made: the hold and the entry it was made to. */
export interface WaitlistOffer {
  holdId: string;
  waitlistRequestId: string;
}
