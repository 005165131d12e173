import type { EnduserSession, Session } from '@tellescope/sdk';
import type { RunningApi } from '../support/api-server';
import { createEnduser, createStaff } from '../identity/support';
import { freshTenant } from '../analytics/support';

export const DAY = 86_400_000;
export const MINUTE = 60_000;

/** Midnight UTC of the next Monday at least two days ahead, so every slot of that week is in the future. */
export const nextMonday = () => {
  const today = new Date();
  const midnight = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  let day = midnight + 2 * DAY;
  while (new Date(day).getUTCDay() !== 1) day += DAY;
  return day;
};

export const every = (days: number[], start: number, end: number) =>
  days.map((day) => ({ dayOfWeekStartingSundayIndexedByZero: day, startTimeInMinutes: start, endTimeInMinutes: end, active: true }));

export type Slot = { startTimeInMS: number; userId: string; durationInMinutes: number };

/** GET /calendar-availability as the reference client sends it. */
export const availability = async (session: Session | EnduserSession, args: Record<string, unknown>) =>
  ((await session.api.calendar_events.get_appointment_availability(args as never)) as unknown as { availabilityBlocks: Slot[] }).availabilityBlocks;

export const book = (session: EnduserSession, args: Record<string, unknown>) =>
  session.api.calendar_events.book_appointment(args as never) as unknown as Promise<{ createdEvent: Record<string, any> }>;

/**
 * A business with one bookable staff member (Monday to Friday 09:00-12:00 UTC), a 30-minute
 * self-schedulable template with a reminder, a booking page with terms, and a signed-in patient.
 */
export const bookingFixture = async (api: RunningApi) => {
  const { tenant, admin } = await freshTenant(api);
  const staff = await createStaff(api, admin);
  await admin.api.users.updateOne(staff.user.id, { timezone: 'UTC', weeklyAvailabilities: every([1, 2, 3, 4, 5], 540, 720) } as never);
  const template = await admin.api.calendar_event_templates.createOne({
    title: 'Consultation',
    durationInMinutes: 30,
    enableSelfScheduling: true,
    reminders: [{ type: 'webhook', msBeforeStartTime: 3_600_000 }],
  } as never);
  const terms = [{ title: 'Terms of service', link: 'https://example.com/terms' }];
  const page = await admin.api.appointment_booking_pages.createOne({ title: 'Book now', calendarEventTemplateIds: [template.id], locationIds: [], terms } as never);
  const patient = await createEnduser(api.host, admin, tenant);
  const monday = nextMonday();
  return { tenant, admin, staff, template, page, terms, patient, monday };
};

/** Every calendar event of the business, as its Admin sees them. */
export const allEvents = (admin: Session) => admin.api.calendar_events.getSome({ limit: 1000 } as never);
