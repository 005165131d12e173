import { ApiError, callApi, formErrorMessage } from '../api.server';
import { requireEnduser } from '../session.server';
import { AVAILABILITY_WINDOW_MS } from './texts';
import type { BookedAppointment, BookingActionResult, BookingPageView, IntakeValues, Slot } from './types';
import { validateIntake } from './intake';
import type { PageTexts } from './page-language.server';

type Row = Record<string, unknown>;

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value : undefined);

/** A location as the confirmation names it: 'Main clinic, 1 Elm St, Springfield, IL 62701'. */
const placeOfLocation = (location: Row) => {
  const stateZip = [text(location.state), text(location.zipCode)].filter(Boolean).join(' ');
  return [text(location.title) ?? 'Location', text(location.address), text(location.city), stateZip || undefined].filter(Boolean).join(', ');
};

/** The signed-in enduser's token and whether they are a real account, or undefined for a visitor. */
export const optionalEnduser = async (request: Request) => {
  try {
    const { authToken, enduser } = await requireEnduser(request);
    // docs/contract/portal.md#booking-widget: an account the booking widget created (source 'Appointment booking') still goes
    // through intake; anyone who signed in to the portal does not.
    return { authToken, businessId: enduser.businessId, upserted: enduser.source === 'Appointment booking' };
  } catch (error) {
    // requireEnduser throws a redirect to /login for a visitor: here that only means 'not signed in'.
    if (error instanceof Response) return undefined;
    throw error;
  }
};

/** GET /details-for-appointment-booking-page, narrowed to what the widget shows. */
export const loadBookingPage = async (businessId: string, pageId: string): Promise<BookingPageView> => {
  const details = await callApi<{ appointmentBookingPage: Row; calendarEventTemplates: Row[]; locations: Row[] }>('/v1/details-for-appointment-booking-page', {
    query: { businessId, appointmentBookingPageId: pageId },
  });
  const page = details.appointmentBookingPage;
  const terms = Array.isArray(page.terms) ? (page.terms as Row[]) : [];
  return {
    id: String(page.id),
    businessId,
    title: text(page.title) ?? '',
    primaryColor: text(page.primaryColor),
    secondaryColor: text(page.secondaryColor),
    backgroundColor: text(page.backgroundColor),
    topLogo: text(page.topLogo),
    intakeTitle: text(page.intakeTitle),
    intakeDescription: text(page.intakeDescription),
    thankYouTitle: text(page.thankYouTitle),
    thankYouDescription: text(page.thankYouDescription),
    thankYouRedirectURL: text(page.thankYouRedirectURL),
    ga4measurementId: text(page.ga4measurementId),
    terms: terms.map((term) => ({ title: String(term.title ?? ''), link: String(term.link ?? '') })),
    templates: details.calendarEventTemplates.map((template) => ({
      id: String(template.id),
      title: text(template.displayTitle) ?? text(template.title) ?? 'Appointment',
      description: text(template.displayDescription) ?? text(template.description),
      durationInMinutes: Number(template.durationInMinutes) || 0,
      video: template.enableVideoCall === true || (!!text(template.videoIntegration) && template.videoIntegration !== 'No Integration'),
    })),
    locations: details.locations.map((location) => ({ id: String(location.id), title: text(location.title) ?? 'Location', place: placeOfLocation(location) })),
  };
};

export interface AvailabilityRequest {
  businessId: string;
  pageId: string;
  templateId: string;
  locationId?: string;
  from: number;
  to: number;
}

export const AVAILABILITY_LIMIT = 1000;

/** GET /calendar-availability: with the enduser's token when signed in, else as the page's visitor. */
export const loadAvailability = async (request: AvailabilityRequest, authToken?: string): Promise<Slot[]> => {
  const query: Record<string, string> = {
    businessId: request.businessId,
    bookingPageId: request.pageId,
    calendarEventTemplateId: request.templateId,
    from: new Date(request.from).toISOString(),
    to: new Date(request.to).toISOString(),
    limit: String(AVAILABILITY_LIMIT),
  };
  if (request.locationId) query.locationId = request.locationId;
  const { availabilityBlocks } = await callApi<{ availabilityBlocks: Slot[] }>('/v1/calendar-availability', { query, authToken });
  return availabilityBlocks.map(({ startTimeInMS, userId, durationInMinutes }) => ({ startTimeInMS, userId, durationInMinutes }));
};

export interface BookRequest {
  businessId: string;
  pageId: string;
  templateId: string;
  locationId?: string;
  slot: Slot;
  agreedToTerms: { title: string; link: string }[];
  timezone?: string;
  rescheduledCalendarEventId?: string;
  intake?: IntakeValues;
}

/**
 * A visitor's public booking session, made from what they typed (its token never leaves this
 * server); `incomplete` is the message when the intake is not filled in.
 */
export const publicBookingSession = async (request: { businessId: string; templateId: string; intake?: IntakeValues }, incomplete: string) => {
  const intake = request.intake;
  if (!intake || Object.keys(validateIntake(intake)).length) throw new ApiError(400, incomplete);
  const session = await callApi<{ authToken: string }>('/v1/session-for-public-appointment-booking', {
    method: 'POST',
    body: {
      businessId: request.businessId,
      calendarEventTemplateId: request.templateId,
      fname: intake.fname.trim(),
      lname: intake.lname.trim(),
      email: intake.email.trim(),
      phone: intake.phone.trim() || undefined,
      dateOfBirth: intake.dateOfBirth.trim() || undefined,
    },
  });
  return session.authToken;
};

/**
 * Books the slot. A visitor's intake becomes a public booking session first (its token never leaves
 * this server). The booking is retried once without timezone when it fails (docs/contract/portal.md#calls).
 */
export const bookSlot = async (request: BookRequest, signedInToken: string | undefined, incomplete: string) => {
  const authToken = signedInToken ?? (await publicBookingSession(request, incomplete));
  const body = {
    calendarEventTemplateId: request.templateId,
    startTime: new Date(request.slot.startTimeInMS).toISOString(),
    userId: request.slot.userId,
    locationId: request.locationId,
    agreedToTerms: request.agreedToTerms,
    bookingPageId: request.pageId,
    rescheduledCalendarEventId: request.rescheduledCalendarEventId,
    timezone: request.timezone,
  };
  let answer: BookAnswer;
  try {
    answer = await callApi<BookAnswer>('/v1/book-appointment', { method: 'POST', body, authToken });
  } catch (error) {
    if (body.timezone === undefined) throw error;
    console.error('Booking failed, retrying without timezone:', error instanceof Error ? error.message : error);
    answer = await callApi<BookAnswer>('/v1/book-appointment', { method: 'POST', body: { ...body, timezone: undefined }, authToken });
  }
  return bookedOf(answer);
};

type BookAnswer = { createdEvent: Row; confirmation?: Row };

/** The booking as the widget's last step shows it, with the links of its confirmation email. */
const bookedOf = ({ createdEvent, confirmation = {} }: BookAnswer): BookedAppointment => ({
  title: text(createdEvent.displayTitle) ?? text(createdEvent.title) ?? 'Appointment',
  startTimeInMS: Number(createdEvent.startTimeInMS),
  durationInMinutes: Number(createdEvent.durationInMinutes) || 0,
  place: text(confirmation.place),
  calendarLink: text(confirmation.calendarLink),
  cancelLink: text(confirmation.cancelLink),
  rescheduleLink: text(confirmation.rescheduleLink),
  portalLink: text(confirmation.portalLink),
});

/** The widget's JSON posts: the availability of a type, or the booking of a slot. */
export type WidgetActionBody =
  | { intent: 'availability'; templateId: string; locationId?: string; from: number }
  | {
      intent: 'book';
      templateId: string;
      locationId?: string;
      slot: Slot;
      agreedToTerms: { title: string; link: string }[];
      timezone?: string;
      intake?: IntakeValues;
    };

/**
 * Answers one of the widget's posts for a booking page, made here so no token reaches the browser:
 * as `booker` (a signed-in enduser, or the patient of a reschedule link) or as a visitor. 200 with
 * the message on failure: the widget shows it, and the browser logs no failed request.
 */
export const answerWidget = async (
  body: WidgetActionBody,
  link: { businessId: string; pageId: string; rescheduledCalendarEventId?: string },
  booker: { authToken: string; upserted: boolean } | undefined,
  texts: PageTexts,
): Promise<BookingActionResult> => {
  try {
    if (body.intent === 'availability') {
      // docs/contract/portal.md#booking-widget: 30 days from the chosen start; a start in the past becomes now plus a second.
      const from = Math.max(Number(body.from) || 0, Date.now() + 1000);
      const slots = await loadAvailability(
        { businessId: link.businessId, pageId: link.pageId, templateId: String(body.templateId), locationId: body.locationId || undefined, from, to: from + AVAILABILITY_WINDOW_MS },
        booker?.authToken,
      );
      return { slots, from };
    }
    const booked = await bookSlot(
      {
        businessId: link.businessId,
        pageId: link.pageId,
        templateId: String(body.templateId),
        locationId: body.locationId || undefined,
        slot: body.slot,
        agreedToTerms: Array.isArray(body.agreedToTerms) ? body.agreedToTerms : [],
        timezone: body.timezone,
        rescheduledCalendarEventId: link.rescheduledCalendarEventId,
        intake: booker && !booker.upserted ? undefined : body.intake,
      },
      booker && !booker.upserted ? booker.authToken : undefined,
      texts.booking('incompleteBooking'),
    );
    return { booked };
  } catch (error) {
    return { error: texts.api(formErrorMessage(error)) };
  }
};
