import { appointment_booking_pages, appointment_locations, calendar_event_templates, users, validators as v, serialize } from '@carelane/db';
import { resolvePublicBusiness } from '../../auth/public-tenant';
import { notFound } from '../../errors';
import { defineAction } from '../action';
import { CheckedByHandler, Optional, Required, S } from '../input';

export const UNKNOWN_PAGE = 'Unknown page';

class BookingPageDetailsInput {
  // Without a session: resolved to the business first (its own messages).
  @CheckedByHandler(S.id)
  businessId?: unknown;

  @Required(v.id, S.id)
  appointmentBookingPageId!: string;

  @Optional(v.id, S.id)
  userId?: string;
}

/**
 * GET /details-for-appointment-booking-page { appointmentBookingPageId, businessId, userId? } (public)
 * answers what the booking widget shows: { appointmentBookingPage, calendarEventTemplates, locations,
 * userDisplayName?, userAvatar? }. A page that does not exist in that business is 404 'Unknown page'.
 *
 * The widget runs without a session, so the engine reads as the named business's system
 * (engine.system); of a user only the display name and avatar leave.
 */
export const detailsForAppointmentBookingPage = defineAction({
  method: 'get',
  path: '/details-for-appointment-booking-page',
  auth: 'public',
  input: BookingPageDetailsInput,
  handler: async ({ services, caller }, input) => {
    const businessId = caller ? caller.businessId : await resolvePublicBusiness(services.dataSource, input.businessId);
    const pageId = input.appointmentBookingPageId;
    const userId = input.userId;
    const system = services.engine.system(businessId);
    const [page] = await system.rows(appointment_booking_pages, { filter: { _id: pageId }, limit: 1 });
    if (!page) throw notFound(UNKNOWN_PAGE);
    const templateIds = (page.calendarEventTemplateIds as string[] | null) ?? [];
    const locationIds = (page.locationIds as string[] | null) ?? [];
    const [templates, locations, user] = await Promise.all([
      templateIds.length ? system.rows(calendar_event_templates, { filter: { _id: { _in: templateIds } } }) : [],
      locationIds.length ? system.rows(appointment_locations, { filter: { _id: { _in: locationIds } } }) : [],
      userId ? system.rows(users, { filter: { _id: userId }, limit: 1 }).then(([row]) => row ?? null) : null,
    ]);
    const order = (ids: string[]) => (a: Record<string, unknown>, b: Record<string, unknown>) => ids.indexOf(a._id as string) - ids.indexOf(b._id as string);
    const userDisplayName = user ? (user.displayName as string | null) ?? ([user.fname, user.lname].filter(Boolean).join(' ') || undefined) : undefined;
    return {
      appointmentBookingPage: serialize(appointment_booking_pages, page),
      calendarEventTemplates: templates.sort(order(templateIds)).map((row) => serialize(calendar_event_templates, row)),
      locations: locations.sort(order(locationIds)).map((row) => serialize(appointment_locations, row)),
      userDisplayName,
      userAvatar: (user?.avatar as string | null) ?? undefined,
    };
  },
});
