import { fail, placeOnWaitlist, reachesOn, validators as v, WAITLIST_CHANNELS, WAITLIST_MESSAGES } from '@carelane/db';
import { badRequest } from '../../errors';
import { loadAvailabilityUsers } from '../../calendar/availability-data';
import { validZone } from '../../calendar/availability';
import { defineAction } from '../action';
import { bookingRules, BookingRulesFields } from './booking-context';
import { Optional, Required, S } from '../input';

/** The longest date range a patient may wait for: beyond it an offer is more likely a surprise than a help. */
export const WAITLIST_MAX_RANGE_DAYS = 90;

export const JOIN_WAITLIST_MESSAGES = {
  ...WAITLIST_MESSAGES,
  rangePassed: 'The date range must end in the future',
  rangeTooLong: `The date range must be at most ${WAITLIST_MAX_RANGE_DAYS} days`,
  unknownStaff: 'This staff member cannot be booked',
  noEmail: 'An email address is needed to be offered times by email',
  noPhone: 'A phone number is needed to be offered times by text',
  alreadyWaiting: 'You are already on the waitlist for this appointment',
} as const;

class JoinWaitlistInput extends BookingRulesFields {
  @Required(v.date, S.date)
  from!: Date;

  @Required(v.date, S.date)
  to!: Date;

  @Optional(v.id, S.id)
  userId?: string;

  @Optional(v.oneOf(WAITLIST_CHANNELS), { type: 'string', enum: [...WAITLIST_CHANNELS] })
  channel?: (typeof WAITLIST_CHANNELS)[number];

  @Optional((value) => validZone(v.string(100)(value)) ?? fail('Invalid timezone'), { type: 'string', description: 'IANA timezone' })
  timezone?: string;
}

/**
 * POST /join-waitlist { calendarEventTemplateId, from, to, bookingPageId?, locationId?, userId?,
 * channel?, timezone? } (endusers, the public booking session included) puts the caller on the
 * waitlist for that appointment type (and staff member or location) with a start between from and
 * to; answers { waitlistRequest }. Offers reach the patient's own email or phone (channel, default
 * Email). The same rules as booking apply to the type, page and location (booking-context.ts).
 */
export const joinWaitlist = defineAction({
  method: 'post',
  path: '/join-waitlist',
  auth: 'enduser',
  input: JoinWaitlistInput,
  handler: async ({ services, caller }, input) => {
    const rules = await bookingRules(services, caller, input as unknown as Record<string, unknown>);
    const from = input.from.getTime();
    const to = input.to.getTime();
    if (to <= from) throw badRequest(JOIN_WAITLIST_MESSAGES.rangeOrder);
    if (to <= Date.now()) throw badRequest(JOIN_WAITLIST_MESSAGES.rangePassed);
    if (to - from > WAITLIST_MAX_RANGE_DAYS * 86_400_000) throw badRequest(JOIN_WAITLIST_MESSAGES.rangeTooLong);
    if (input.userId && (await loadAvailabilityUsers(services.dataSource.manager, caller.businessId, [input.userId])).length === 0) {
      throw badRequest(JOIN_WAITLIST_MESSAGES.unknownStaff);
    }
    const channel = input.channel ?? 'Email';
    const enduser = caller.record;
    if (!reachesOn(enduser, channel)) throw badRequest(channel === 'Email' ? JOIN_WAITLIST_MESSAGES.noEmail : JOIN_WAITLIST_MESSAGES.noPhone);

    // The entry is the patient's, placed where the patient is; the system writes it because endusers
    // have no generic access to waitlist entries (staff manage them).
    const system = services.engine.system(caller.businessId, caller.organizationIds);
    const placed = await placeOnWaitlist(system, {
      enduserId: caller.id,
      calendarEventTemplateId: String(rules.template.id),
      userId: input.userId,
      locationId: rules.base.locationId,
      bookingPageId: rules.page ? String(rules.page.id) : undefined,
      fromTimeInMS: from,
      toTimeInMS: to,
      channel,
      timezone: input.timezone ?? (enduser.timezone as string | undefined) ?? undefined,
    });
    if ('alreadyWaiting' in placed) throw badRequest(JOIN_WAITLIST_MESSAGES.alreadyWaiting);
    const { waitlistRequest } = placed;
    return { waitlistRequest };
  },
});
