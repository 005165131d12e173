import { zoneFor } from '@carelane/automation';
import { isUnsubscribed } from '@carelane/activities/channels/delivery';
import { patientTextsWithin, type PatientTexts } from '@carelane/activities/patient-messages';
import { escapeHtml } from '@carelane/activities/channels/template';
import type { EnduserCaller } from '../../auth/caller';
import type { Services } from '../action';
import { linksForAppointment } from './appointment-link-records';
import { isVideoVisit, placeOf } from './appointment-place';

type Row = Record<string, unknown>;

/** "Monday, January 5, 2026 at 9:00 AM EST" in the zone the booking chose (else the patient's, else UTC), in the patient's language. */
export const appointmentTime = (event: Row, enduser: Row, texts: PatientTexts) => texts.when(Number(event.startTimeInMS), zoneFor(event.timezone, enduser.timezone));

/** The booker's confirmation: where (a video visit in the patient's words), and the signed links (docs/decisions.md, "Signed appointment links"). */
export const confirmationDetails = async (services: Services, event: Row, enduserId: string, location: Row | undefined, texts: PatientTexts) => ({
  place: isVideoVisit(event) ? texts.t('bookingConfirmation.videoVisit') : placeOf(event, location),
  ...(await linksForAppointment(services, event, enduserId)),
});

type Details = Awaited<ReturnType<typeof confirmationDetails>>;

/** The confirmation's first line: what and when. */
const confirmationLine = (texts: PatientTexts, title: string, when: string, rescheduled: boolean) =>
  texts.t(rescheduled ? 'bookingConfirmation.rescheduled' : 'bookingConfirmation.confirmed', { title, when });

/** The email's text and HTML, in the patient's language: what, when (the patient's clock, zone named), where, and the links. */
export const confirmationEmail = (texts: PatientTexts, title: string, when: string, rescheduled: boolean, details: Details) => {
  const intro = confirmationLine(texts, title, when, rescheduled);
  const where = texts.t('bookingConfirmation.whereLabel');
  const links = [
    { label: texts.t('bookingConfirmation.addToCalendar'), href: details.calendarLink },
    { label: texts.t('bookingConfirmation.reschedule'), href: details.rescheduleLink },
    { label: texts.t('bookingConfirmation.cancel'), href: details.cancelLink },
    { label: texts.t('bookingConfirmation.openPortal'), href: details.portalLink },
  ].filter((link): link is { label: string; href: string } => Boolean(link.href));
  const text = [intro, details.place ? `${where} ${details.place}` : undefined, '', ...links.map((link) => `${link.label}: ${link.href}`)].filter((line) => line !== undefined).join('\n');
  const html = [
    `<p>${escapeHtml(intro)}</p>`,
    details.place ? `<p><strong>${escapeHtml(where)}</strong> ${escapeHtml(details.place)}</p>` : '',
    `<ul>${links.map((link) => `<li><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></li>`).join('')}</ul>`,
    `<p>${escapeHtml(texts.t('bookingConfirmation.linksWork'))}</p>`,
  ].join('');
  return { text, html };
};

/**
 * The booking's confirmation to the patient, by email and by text, unless the template disables
 * either or the patient unsubscribed from it. Sent after the answer (a failure is logged, the booking
 * stands): email through the api's mailer, text through the SMS channel (recorded, or Twilio). The
 * email carries the place, Add to calendar, and the signed cancel and reschedule links.
 */
export const sendBookingConfirmation = (services: Services, caller: EnduserCaller, template: Row, event: Row, rescheduled: boolean, location?: Row) => {
  const enduser = caller.record;
  const title = String(event.displayTitle ?? event.title);
  // The patient's language decides the words and the date's format (issue #38); it is read once for both messages.
  const texts = patientTextsWithin(services.dataSource.manager, enduser);
  // Each send below reports its own failure; this keeps an unread failure from going unhandled when both are off.
  texts.catch(() => undefined);
  if (!template.confirmationEmailDisabled && typeof enduser.email === 'string' && !isUnsubscribed(enduser, 'email')) {
    services.mailer.sendLater(`booking confirmation ${event.id}`, async () => {
      const words = await texts;
      return {
        to: enduser.email as string,
        subject: words.t(rescheduled ? 'bookingConfirmation.rescheduledSubject' : 'bookingConfirmation.confirmedSubject', { title }),
        ...confirmationEmail(words, title, appointmentTime(event, enduser, words), rescheduled, await confirmationDetails(services, event, caller.id, location, words)),
        businessId: caller.businessId,
        enduserId: caller.id,
      };
    });
  }
  if (!template.confirmationSMSDisabled && typeof enduser.phone === 'string' && !isUnsubscribed(enduser, 'sms')) {
    texts
      .then((words) =>
        services.messaging.channels.sms.send({
          to: enduser.phone as string,
          body: confirmationLine(words, title, appointmentTime(event, enduser, words), rescheduled),
          idempotencyKey: `booking-confirmation-${String(event.id)}`,
          businessId: caller.businessId,
        }),
      )
      .catch((error: Error) => console.error(`booking confirmation text for ${String(event.id)} failed: ${error.message}`));
  }
};
