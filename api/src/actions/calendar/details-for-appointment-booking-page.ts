import { In } from 'typeorm';
import { appointment_booking_pages, appointment_locations, calendar_event_templates, validators as v } from '@carelane/db';
import { resolvePublicBusiness } from '../../auth/public-tenant';
import { notFound } from '../../errors';
import { serialize } from '../../resources/serialize';
import { defineAction } from '../action';
import { optionalField, requiredField } from '../messaging/input';

export const UNKNOWN_PAGE = 'Unknown page';

/**
 * GET /details-for-appointment-booking-page { appointmentBookingPageId, businessId, userId? } (public)
 * answers what the booking widget shows: { appointmentBookingPage, calendarEventTemplates, locations,
 * userDisplayName?, userAvatar? }. A page that does not exist in that business is 404 'Unknown page'.
 *
 * raw reads (TypeORM repositories): the widget runs without a session, so there is no caller for the
 * engine; every read is scoped to the named business, and of a user only the display name and avatar leave.
 */
export const detailsForAppointmentBookingPage = defineAction({
  method: 'get',
  path: '/details-for-appointment-booking-page',
  auth: 'public',
  handler: async ({ services, caller }, input) => {
    const businessId = caller ? caller.businessId : await resolvePublicBusiness(services.dataSource, input.businessId);
    const pageId = requiredField(input, 'appointmentBookingPageId', v.id);
    const userId = optionalField(input, 'userId', v.id);
    const page = await services.dataSource.getRepository('appointment_booking_pages').findOne({ where: { _id: pageId, businessId } });
    if (!page) throw notFound(UNKNOWN_PAGE);
    const templateIds = (page.calendarEventTemplateIds as string[] | null) ?? [];
    const locationIds = (page.locationIds as string[] | null) ?? [];
    const [templates, locations, user] = await Promise.all([
      templateIds.length ? services.dataSource.getRepository('calendar_event_templates').find({ where: { businessId, _id: In(templateIds) } }) : [],
      locationIds.length ? services.dataSource.getRepository('appointment_locations').find({ where: { businessId, _id: In(locationIds) } }) : [],
      userId ? services.dataSource.getRepository('users').findOne({ where: { businessId, _id: userId }, select: ['_id', 'fname', 'lname', 'displayName', 'avatar'] }) : null,
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
