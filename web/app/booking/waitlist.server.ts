import { instantOf, isTimeZone, nextDay } from '@carelane/automation';
import { ApiError, callApi } from '../api.server';
import { publicBookingSession } from './booking.server';
import type { PageTexts } from './page-language.server';
import type { IntakeValues } from './types';
import { validateWaitlistRange, type WaitlistChannel } from './waitlist';

export interface JoinWaitlistRequest {
  businessId: string;
  pageId: string;
  templateId: string;
  locationId?: string;
  /** The first and last day (YYYY-MM-DD) on the patient's clock. */
  fromDay: string;
  toDay: string;
  timezone: string;
  channel: WaitlistChannel;
  intake?: IntakeValues;
}

const dayStart = (key: string) => {
  const [year, month, day] = key.split('-').map(Number);
  return { year, month, day, hour: 0, minute: 0 };
};

/**
 * Puts the visitor (a public booking session made from what they typed, as booking does) or the
 * signed-in patient on the waitlist: from the start of the first day to the end of the last, on
 * their clock. The api's messages come back as they are.
 */
export const joinWaitlist = async (request: JoinWaitlistRequest, signedInToken: string | undefined, texts: PageTexts) => {
  const zone = isTimeZone(request.timezone) ? request.timezone : 'UTC';
  const rangeError = validateWaitlistRange(request.fromDay, request.toDay, {
    fromRequired: texts.booking('waitlist.fromRequired'),
    toRequired: texts.booking('waitlist.toRequired'),
    order: texts.booking('waitlist.order'),
  });
  if (rangeError) throw new ApiError(400, rangeError.message);
  const authToken = signedInToken ?? (await publicBookingSession(request, texts.booking('waitlist.incomplete')));
  const from = instantOf(dayStart(request.fromDay), zone);
  const to = instantOf(nextDay(dayStart(request.toDay)), zone);
  return callApi<{ waitlistRequest: Record<string, unknown> }>('/v1/join-waitlist', {
    method: 'POST',
    authToken,
    body: {
      calendarEventTemplateId: request.templateId,
      bookingPageId: request.pageId,
      locationId: request.locationId,
      from: new Date(from).toISOString(),
      to: new Date(to).toISOString(),
      channel: request.channel,
      timezone: zone,
    },
  });
};
