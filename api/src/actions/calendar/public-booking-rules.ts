import { appointment_booking_pages, calendar_event_templates, validators as v } from '@carelane/db';
import { resolvePublicBusiness } from '../../auth/public-tenant';
import { badRequest, notFound } from '../../errors';
import type { Services } from '../action';
import { optionalField, requiredField } from '../messaging/input';
import { BOOKING_MESSAGES, type BookingRules } from './booking-context';
import { UNKNOWN_PAGE } from './details-for-appointment-booking-page';

type Row = Record<string, unknown>;

/**
 * The booking rules for a visitor without a session: the public widget shows the calendar before
 * its intake step creates one (docs/contract/portal.md#booking-widget). Only a named booking page
 * of the named business opens it, so nothing beyond what the page already offers publicly (its
 * templates' free slots) is revealed.
 *
 * There is no caller: the engine reads as the named business's system (engine.system), as in
 * details-for-appointment-booking-page.
 */
export const publicBookingRules = async (services: Services, input: Record<string, unknown>): Promise<{ businessId: string; rules: BookingRules }> => {
  const businessId = await resolvePublicBusiness(services.dataSource, input.businessId);
  const pageId = requiredField(input, 'bookingPageId', v.id);
  const templateId = requiredField(input, 'calendarEventTemplateId', v.id);
  const locationId = optionalField(input, 'locationId', v.id);
  const system = services.engine.system(businessId);
  const [page] = (await system.rows(appointment_booking_pages, { filter: { _id: pageId }, limit: 1 })) as (Row | undefined)[];
  if (!page) throw notFound(UNKNOWN_PAGE);
  if (!((page.calendarEventTemplateIds as string[] | null) ?? []).includes(templateId)) throw badRequest(BOOKING_MESSAGES.notOnPage);
  const locations = (page.locationIds as string[] | null) ?? [];
  if (locationId && locations.length > 0 && !locations.includes(locationId)) throw badRequest(BOOKING_MESSAGES.locationNotOnPage);
  const [template] = (await system.rows(calendar_event_templates, { filter: { _id: templateId }, limit: 1 })) as (Row | undefined)[];
  if (!template) throw notFound();
  // A visitor has no state yet: a state-restricted page offers them nothing until they sign in.
  const restrictedByState = template.restrictedByState === true || page.limitedByState === true;
  return {
    businessId,
    rules: {
      template: { ...template, id: template._id },
      page: { ...page, id: page._id },
      base: {
        durationInMinutes: Number(template.durationInMinutes),
        locationId,
        page: { startDate: page.startDate as Date | string | null, endDate: page.endDate as Date | string | null },
        restrictedByState,
        state: undefined,
        bufferStartMinutes: Number(template.bufferStartMinutes ?? 0) || 0,
        bufferEndMinutes: Number(template.bufferEndMinutes ?? 0) || 0,
      },
    },
  };
};
