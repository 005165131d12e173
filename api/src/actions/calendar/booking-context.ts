import { appointment_booking_pages, calendar_event_templates, validators as v } from '@carelane/db';
import type { EntityManager } from 'typeorm';
import type { Caller } from '../../auth/caller';
import { badRequest } from '../../errors';
import { MAX_AVAILABILITY_SLOTS, MAX_AVAILABILITY_WINDOW_MS, type AvailabilityInput } from '../../calendar/availability';
import { loadAvailabilityUsers, loadBusyIntervals, loadHoursZones } from '../../calendar/availability-data';
import { loadHeldIntervals } from '../../calendar/held-times';
import type { Services } from '../action';
import { optionalField } from '../messaging/input';
import { CheckedByHandler, Optional, Required, S } from '../input';

export const BOOKING_MESSAGES = {
  notOnPage: 'This appointment type is not offered on this booking page',
  locationNotOnPage: 'This location is not offered on this booking page',
  notSelfSchedulable: 'This appointment type cannot be booked online',
  windowTooLong: 'The availability window must be at most 30 days',
  windowOrder: 'from must be before to',
  termsNotAgreed: 'Please agree to every term of this booking page before booking',
  outsidePageDates: 'This time is outside the dates of this booking page',
  outsideAvailability: 'This time is not within the availability of the selected user',
  slotTaken: 'This time is no longer available',
  alreadyRescheduled: 'This appointment has already been cancelled or rescheduled',
} as const;

type Row = Record<string, unknown>;

/**
 * The fields bookingRules reads. The ids and restrictedByState are checked here; `state` by
 * bookingRules (an enduser's own state replaces it unchecked), and a public caller's bookingPageId is
 * required by publicBookingRules.
 */
export class BookingRulesFields {
  @Required(v.id, S.id)
  calendarEventTemplateId!: string;

  @Optional(v.id, S.id)
  bookingPageId?: string;

  @Optional(v.id, S.id)
  locationId?: string;

  @Optional(v.boolean, S.boolean)
  restrictedByState?: boolean;

  @CheckedByHandler(S.string(250))
  state?: unknown;

  /** The reference client sends it; the business is the caller's (or, without a session, resolved from it). */
  @CheckedByHandler(S.id)
  businessId?: unknown;
}

/** A window of availability (from, to, limit), checked by availabilityWindow after the rules (a template not on the page is refused first). */
export class AvailabilityWindowFields extends BookingRulesFields {
  @CheckedByHandler(S.date)
  from?: unknown;

  @CheckedByHandler(S.date)
  to?: unknown;

  @CheckedByHandler(S.number(1))
  limit?: unknown;
}

/** The booking page's and template's rules that hold whatever the time (and, for the page, who is booked). */
export interface BookingRules {
  template: Row;
  page?: Row;
  base: Omit<AvailabilityInput, 'users' | 'busy' | 'from' | 'to'>;
}

/**
 * Template, page, location and state checks shared by availability and booking. The template and page
 * are read through the engine as the caller, so an enduser sees only what they may read.
 */
export const bookingRules = async (services: Services, caller: Caller, input: Record<string, unknown>, pageField: 'bookingPageId' | 'appointmentBookingPageId' = 'bookingPageId'): Promise<BookingRules> => {
  // Checked by the call's input class (BookingRulesFields).
  const templateId = input.calendarEventTemplateId as string;
  const pageId = input[pageField] as string | undefined;
  const locationId = input.locationId as string | undefined;
  const template = (await services.engine.getOne(calendar_event_templates, caller, templateId)) as Row;
  let page: Row | undefined;
  if (pageId) {
    page = (await services.engine.getOne(appointment_booking_pages, caller, pageId)) as Row;
    if (!((page.calendarEventTemplateIds as string[] | undefined) ?? []).includes(templateId)) throw badRequest(BOOKING_MESSAGES.notOnPage);
    const locations = (page.locationIds as string[] | undefined) ?? [];
    if (locationId && locations.length > 0 && !locations.includes(locationId)) throw badRequest(BOOKING_MESSAGES.locationNotOnPage);
  } else if (caller.type === 'enduser' && !template.enableSelfScheduling) {
    throw badRequest(BOOKING_MESSAGES.notSelfSchedulable);
  }
  const restrictedByState = (input.restrictedByState as boolean | undefined) ?? (template.restrictedByState === true || page?.limitedByState === true);
  // An enduser is matched on their own state; staff may ask on a patient's behalf.
  const ownState = caller.type === 'enduser' ? (caller.record.state as string | undefined) : undefined;
  const state = ownState ?? optionalField(input, 'state', v.string(250));
  return {
    template,
    page,
    base: {
      durationInMinutes: Number(template.durationInMinutes),
      locationId,
      page: page ? { startDate: page.startDate as string | undefined, endDate: page.endDate as string | undefined } : undefined,
      restrictedByState,
      state,
      bufferStartMinutes: Number(template.bufferStartMinutes ?? 0) || 0,
      bufferEndMinutes: Number(template.bufferEndMinutes ?? 0) || 0,
    },
  };
};

/** The query window: from (default now), to (default from + 30 days), at most 30 days. */
export const availabilityWindow = (input: Record<string, unknown>, now = Date.now()) => {
  const from = optionalField(input, 'from', v.date)?.getTime() ?? now;
  const to = optionalField(input, 'to', v.date)?.getTime() ?? from + MAX_AVAILABILITY_WINDOW_MS;
  if (to <= from) throw badRequest(BOOKING_MESSAGES.windowOrder);
  if (to - from > MAX_AVAILABILITY_WINDOW_MS) throw badRequest(BOOKING_MESSAGES.windowTooLong);
  const limit = Math.min(optionalField(input, 'limit', v.number(1, Number.MAX_SAFE_INTEGER)) ?? MAX_AVAILABILITY_SLOTS, MAX_AVAILABILITY_SLOTS);
  return { from, to, limit };
};

/**
 * Users (all offering ones, or those named) with their hours, their busy time, and the zones their
 * hours are read on. Times held for a waitlist offer are busy too, except for `holderEnduserId`, the
 * patient they are held for (held-times.ts).
 */
export const availabilityData = async (
  manager: EntityManager,
  businessId: string,
  window: { from: number; to: number },
  base: BookingRules['base'],
  userIds?: string[],
  exceptEventId?: string,
  holderEnduserId?: string,
) => {
  const users = await loadAvailabilityUsers(manager, businessId, userIds);
  // Buffers widen what counts as busy: an event just outside the window can still take its first or last slot.
  const from = window.from - (base.bufferEndMinutes ?? 0) * 60_000;
  const to = window.to + (base.bufferStartMinutes ?? 0) * 60_000 + base.durationInMinutes * 60_000;
  const ids = users.map((user) => user.id);
  const reads = [
    () => loadBusyIntervals(manager, businessId, ids, from, to, exceptEventId),
    () => loadHeldIntervals(manager, businessId, ids, from, to, holderEnduserId),
    () => loadHoursZones(manager, businessId, users),
  ] as const;
  // A transaction's manager holds one connection, which runs one query at a time (node-postgres queues
  // the rest and pg@9 will refuse them): there the reads go one after another; elsewhere each takes a
  // pooled connection of its own, at once.
  const [booked, held, zones] = manager.queryRunner
    ? ([await reads[0](), await reads[1](), await reads[2]()] as const)
    : await Promise.all([reads[0](), reads[1](), reads[2]()]);
  return { users, busy: [...booked, ...held], ...zones };
};
