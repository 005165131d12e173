import { waitlist_requests, WAITLIST_CHANNELS } from './waitlist-requests';

type Row = Record<string, unknown>;
export type WaitlistChannel = (typeof WAITLIST_CHANNELS)[number];

/**
 * What a waitlist request is written through: the engine acting for the patient's place (the api's
 * system engine, or the worker's bound one). Structural, so the db package needs no engine import.
 */
export interface WaitlistWriter {
  rows(definition: typeof waitlist_requests, options: { filter: Row }): Promise<Row[]>;
  createOne(definition: typeof waitlist_requests, input: Row, serverFields?: Row, options?: { id?: string }): Promise<unknown>;
}

/** One wait: a patient, an appointment type (optionally a staff member and location), and the range a start must fall in. */
export interface WaitlistWait {
  enduserId: string;
  calendarEventTemplateId: string;
  userId?: string;
  locationId?: string;
  bookingPageId?: string;
  fromTimeInMS: number;
  toTimeInMS: number;
  channel: WaitlistChannel;
  timezone?: string;
}

/** Whether the patient has the address offers on this channel go to (their own email or phone). */
export const reachesOn = (enduser: Row, channel: WaitlistChannel) => Boolean(channel === 'Email' ? enduser.email : enduser.phone);

/**
 * Puts the patient on the waitlist unless they already wait for the same thing (same type, staff
 * member and location, an overlapping range, still waiting or offered): docs/decisions.md, "the
 * waitlist (issue 34)". The start is never in the past. Answers the new request, or alreadyWaiting.
 * `id` lets a retried worker activity write the same record.
 */
export const placeOnWaitlist = async (
  writer: WaitlistWriter,
  wait: WaitlistWait,
  options: { id?: string } = {},
): Promise<{ waitlistRequest: unknown } | { alreadyWaiting: true }> => {
  const from = Math.max(wait.fromTimeInMS, Date.now());
  const waiting = await writer.rows(waitlist_requests, {
    filter: { enduserId: wait.enduserId, calendarEventTemplateId: wait.calendarEventTemplateId, status: { _in: ['waiting', 'offered'] } },
  });
  const sameChoice = (row: Row) => (row.userId ?? undefined) === wait.userId && (row.locationId ?? undefined) === wait.locationId;
  if (waiting.some((row) => sameChoice(row) && Number(row.fromTimeInMS) < wait.toTimeInMS && Number(row.toTimeInMS) > from)) return { alreadyWaiting: true };

  const entry: Row = { ...wait, fromTimeInMS: from };
  for (const key of Object.keys(entry)) if (entry[key] === undefined || entry[key] === null) delete entry[key];
  return { waitlistRequest: await writer.createOne(waitlist_requests, entry, undefined, options) };
};
