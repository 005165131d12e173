import { ApiError, callApi, formErrorMessage } from '../api.server';
import { pageTexts } from './page-language.server';

/** The appointment a confirmation email's link names, as the api describes it (appointment-link-records.ts). */
export interface LinkedAppointment {
  title: string;
  /** The api's own wording of the time (US English); pages write startTimeInMS on `timezone`'s clock in their language. */
  when: string;
  startTimeInMS?: number;
  timezone?: string;
  durationInMinutes: number;
  place?: string;
  state: 'booked' | 'cancelled' | 'rescheduled' | 'started';
  businessId: string;
  bookingPageId?: string;
}

/** What a link page shows: the appointment, or the api's sentence for a link it refuses (400), in the page's language. */
export type LinkOutcome<T> = { ok: T } | { refused: string };

/** The signed token rides in `?link=` (`?token=` is the portal's sign-in token on every page). */
const tokenOf = (request: Request) => new URL(request.url).searchParams.get('link')?.trim() ?? '';

/** Calls the api with the link's token; a refusal (4xx) becomes its sentence, anything else is thrown on. */
const withToken = async <T>(request: Request, call: (token: string) => Promise<T>): Promise<LinkOutcome<T>> => {
  const token = tokenOf(request);
  const texts = await pageTexts(request);
  if (!token) return { refused: texts.link('missingToken') };
  try {
    return { ok: await call(token) };
  } catch (error) {
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) return { refused: texts.api(formErrorMessage(error)) };
    throw error;
  }
};

export const appointmentOfLink = (request: Request, purpose: 'cancel' | 'reschedule') =>
  withToken(request, async (token) => (await callApi<{ appointment: LinkedAppointment }>('/v1/appointment-by-link', { query: { token, purpose } })).appointment);

export const cancelByLink = (request: Request) =>
  withToken(request, async (token) => (await callApi<{ appointment: LinkedAppointment }>('/v1/cancel-appointment-by-link', { method: 'POST', body: { token } })).appointment);

export interface RescheduleSession {
  authToken: string;
  appointment: LinkedAppointment;
  calendarEventId: string;
  calendarEventTemplateId: string;
  bookingPageId: string;
}

/** The reschedule link traded for its patient's booking session (kept on this server, never sent to the browser). */
export const rescheduleSession = (request: Request) =>
  withToken(request, (token) => callApi<RescheduleSession>('/v1/session-for-appointment-reschedule-link', { method: 'POST', body: { token } }));

export const calendarFileOfLink = (request: Request) => withToken(request, (token) => callApi<string>('/v1/appointment-by-link/calendar-file', { query: { token } }));
