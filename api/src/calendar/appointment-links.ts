import { deriveSecret } from '../auth/derive-secret';
import { openStatement, sealStatement } from '../auth/signed-statement';

/**
 * The signed links of a booking's confirmation email (docs/decisions.md, "Signed appointment links"):
 * each names one appointment, its patient and one purpose, and expires when the appointment starts
 * (the calendar file: when it ends). They are kept in no table: an HMAC over the statement with a key
 * derived for this purpose only, so no session token or other link verifies as one of these. A link
 * is "used" when the appointment's own state says so (cancelled, moved to another time).
 */
export type AppointmentLinkPurpose = 'cancel' | 'reschedule' | 'calendar';

const PURPOSE_CODE: Record<AppointmentLinkPurpose, string> = { cancel: 'c', reschedule: 'r', calendar: 'i' };
const PURPOSE_OF: Record<string, AppointmentLinkPurpose> = { c: 'cancel', r: 'reschedule', i: 'calendar' };

const keyFor = (secret: string) => deriveSecret(secret, 'carelane appointment links');

export interface AppointmentLink {
  purpose: AppointmentLinkPurpose;
  calendarEventId: string;
  enduserId: string;
  /** Milliseconds since the epoch. */
  expiresAt: number;
}

export const createAppointmentLinkToken = (secret: string, link: AppointmentLink) => {
  return sealStatement(keyFor(secret), [PURPOSE_CODE[link.purpose], link.calendarEventId, link.enduserId, Math.floor(link.expiresAt / 1000)]);
};

/**
 * What an authentic token states (whatever its purpose and expiry: the caller decides what a wrong
 * purpose or a past expiry means), or undefined for anything we did not sign.
 */
export const readAppointmentLinkToken = (secret: string, token: unknown): AppointmentLink | undefined => {
  const fields = openStatement(keyFor(secret), token, 300);
  if (!fields) return undefined;
  const [code, calendarEventId, enduserId, expiresAt] = fields;
  const purpose = PURPOSE_OF[code ?? ''];
  if (!purpose || !/^[0-9a-f]{24}$/.test(calendarEventId ?? '') || !/^[0-9a-f]{24}$/.test(enduserId ?? '') || !Number.isFinite(Number(expiresAt))) return undefined;
  return { purpose, calendarEventId: calendarEventId!, enduserId: enduserId!, expiresAt: Number(expiresAt) * 1000 };
};

/**
 * The three links of one booked appointment, as portal addresses. The parameter is `link`, not
 * `token`: the portal reads `?token=` on any page as a sign-in token.
 */
export const appointmentLinks = (secret: string, portalBase: string, event: { id: string; startTimeInMS: number; durationInMinutes: number }, enduserId: string) => {
  const token = (purpose: AppointmentLinkPurpose, expiresAt: number) => encodeURIComponent(createAppointmentLinkToken(secret, { purpose, calendarEventId: event.id, enduserId, expiresAt }));
  const start = event.startTimeInMS;
  const end = start + Math.max(1, event.durationInMinutes) * 60_000;
  return {
    cancelLink: `${portalBase}/appointment/cancel?link=${token('cancel', start)}`,
    rescheduleLink: `${portalBase}/appointment/reschedule?link=${token('reschedule', start)}`,
    calendarLink: `${portalBase}/appointment/calendar.ics?link=${token('calendar', end)}`,
  };
};
