import type { EntityManager } from 'typeorm';
import { appointment_locations, calendar_event_templates, calendar_events, endusers, users, waitlist_requests } from '@carelane/db';
import { waitlistTokenHash, WAITLIST_HOLDS, type WaitlistHoldRow } from '@carelane/db/internal/waitlist-holds';
import { systemCaller, type EnduserCaller } from '../auth/caller';
import { badRequest } from '../errors';
import type { Services } from '../actions/action';
import { BOOKING_MESSAGES } from '../actions/calendar/booking-context';
import { sendBookingConfirmation } from '../actions/calendar/booking-confirmation';
import { loadBusyIntervals } from './availability-data';
import { lockUserCalendar } from './booking-guard';
import { fieldsFromTemplate } from './event-from-template';

type Row = Record<string, unknown>;

/** What a late, used or unknown held link answers: the same for each, so a link reveals nothing. */
export const NO_LONGER_AVAILABLE = BOOKING_MESSAGES.slotTaken;

const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;

/** The hold a held link names, if it is still held (not expired, not taken). */
const heldHold = async (manager: EntityManager, token: string, lock = false): Promise<WaitlistHoldRow | undefined> => {
  if (!TOKEN.test(token)) return undefined;
  // raw SQL: holds are an internal table found by their token's hash (the link is the credential); only a live hold answers.
  const rows: WaitlistHoldRow[] = await manager.query(
    `SELECT * FROM ${WAITLIST_HOLDS} WHERE "tokenHash" = $1 AND status = 'held' AND "expiresAt" > now()${lock ? ' FOR UPDATE' : ''}`,
    [waitlistTokenHash(token)],
  );
  return rows[0];
};

/** The system acting for the hold: the freed appointment's organization. */
const ownerCaller = (hold: WaitlistHoldRow) => systemCaller(hold.businessId, Array.isArray(hold.organizationIds) ? hold.organizationIds : []);

/**
 * What the held link's page shows: the offered time, its type, staff member and location, and until
 * when it is held. A late, used or unknown link: 400 'This time is no longer available'.
 */
export const describeHeldOffer = async (services: Services, token: string) => {
  const hold = await heldHold(services.dataSource.manager, token);
  if (!hold) throw badRequest(NO_LONGER_AVAILABLE);
  const system = services.engine.system(hold.businessId, ownerCaller(hold).organizationIds);
  const [template] = await system.rows(calendar_event_templates, { filter: { _id: hold.calendarEventTemplateId }, limit: 1 });
  const [staff] = await services.engine.system(hold.businessId).rows(users, { filter: { _id: hold.userId }, limit: 1 });
  const [location] = hold.locationId ? await system.rows(appointment_locations, { filter: { _id: hold.locationId }, limit: 1 }) : [];
  const [entry] = await system.rows(waitlist_requests, { filter: { _id: hold.waitlistRequestId }, limit: 1 });
  const [patient] = await system.rows(endusers, { filter: { _id: hold.enduserId }, limit: 1 });
  return {
    offer: {
      businessId: hold.businessId,
      title: String(template?.displayTitle ?? template?.title ?? 'Appointment'),
      startTimeInMS: Number(hold.startTimeInMS),
      durationInMinutes: Number(hold.durationInMinutes),
      staffName: staff ? [staff.fname, staff.lname].filter(Boolean).join(' ') || undefined : undefined,
      location: location ? String(location.title ?? '') || undefined : undefined,
      heldUntil: new Date(hold.expiresAt).toISOString(),
      // The patient's clock: the one they joined on, else their own.
      timezone: ((entry?.timezone ?? patient?.timezone) as string | undefined) ?? undefined,
    },
  };
};

/** The appointment a claimed hold becomes: the type's own fields, as book-appointment builds it. */
const eventFor = (hold: WaitlistHoldRow, template: Row, entry: Row, location: Row | undefined): Row => {
  const event: Row = {
    ...fieldsFromTemplate(template),
    startTimeInMS: Number(hold.startTimeInMS),
    durationInMinutes: Number(hold.durationInMinutes),
    timezone: entry.timezone,
    templateId: template._id,
    bookingPageId: hold.bookingPageId,
    locationId: location?._id,
    location: location?.title,
    wasSelfScheduled: true,
    attendees: [
      { type: 'user', id: hold.userId },
      { type: 'enduser', id: hold.enduserId },
    ],
    reminders: Array.isArray(template.reminders) ? template.reminders.map((reminder: Row) => ({ ...reminder, didRemind: false })) : [],
  };
  for (const key of Object.keys(event)) if (event[key] === undefined || event[key] === null) delete event[key];
  return event;
};

/**
 * Books the held time for the patient it is held for, at most once: in one transaction the staff
 * member's calendar is locked (as every booking locks it), the hold goes from 'held' to 'booked' by
 * a conditional update (a second claim, or the hold's expiry racing it, finds nothing to update), the
 * time is checked still free, and the appointment is created through the engine as the appointment's
 * organization. Anything refused rolls all of it back.
 */
export const claimHeldOffer = async (services: Services, token: string) => {
  const found = await heldHold(services.dataSource.manager, token);
  if (!found) throw badRequest(NO_LONGER_AVAILABLE);
  const caller = ownerCaller(found);
  const { createdEvent, template, enduser } = await services.engine.transaction(async (tx) => {
    const { manager } = tx;
    await lockUserCalendar(manager, found.businessId, found.userId);
    // raw SQL: the conditional update that makes the claim atomic (see above).
    const result = await manager.query(
      `UPDATE ${WAITLIST_HOLDS} SET status = 'booked' WHERE _id = $1 AND "businessId" = $2 AND status = 'held' AND "expiresAt" > now() RETURNING _id`,
      [found._id, found.businessId],
    );
    if ((Array.isArray(result[0]) ? result[0] : result).length === 0) throw badRequest(NO_LONGER_AVAILABLE);
    const start = Number(found.startTimeInMS);
    const busy = await loadBusyIntervals(manager, found.businessId, [found.userId], start, start + Number(found.durationInMinutes) * 60_000);
    if (busy.length > 0) throw badRequest(NO_LONGER_AVAILABLE);
    const [entry] = await tx.rows(waitlist_requests, caller, { filter: { _id: found.waitlistRequestId }, lock: true });
    const [template] = await tx.rows(calendar_event_templates, caller, { filter: { _id: found.calendarEventTemplateId } });
    const [patient] = await tx.rows(endusers, caller, { filter: { _id: found.enduserId } });
    if (!entry || !template || !patient) throw badRequest(NO_LONGER_AVAILABLE);
    const [location] = found.locationId ? await tx.rows(appointment_locations, caller, { filter: { _id: found.locationId } }) : [];
    const event = await tx.createOne(calendar_events, caller, eventFor(found, template, entry, location));
    // raw SQL: the internal holds table; which appointment the hold became.
    await manager.query(`UPDATE ${WAITLIST_HOLDS} SET "calendarEventId" = $1 WHERE _id = $2`, [event.id, found._id]);
    await tx.updateOne(waitlist_requests, caller, found.waitlistRequestId, {}, { serverFields: { status: 'booked', offeredUntil: null, calendarEventId: event.id } });
    return { createdEvent: event, template, enduser: patient };
  });
  const patientCaller: EnduserCaller = { type: 'enduser', id: String(enduser._id), businessId: found.businessId, organizationIds: (enduser.organizationIds as string[]) ?? [], record: enduser };
  sendBookingConfirmation(services, patientCaller, template, createdEvent, false);
  return { createdEvent };
};
