import { spokenTime, zoneFor } from '@carelane/automation';
import { isUnsubscribed } from '@carelane/activities/channels/delivery';
import { escapeHtml } from '@carelane/activities/channels/template';
import type { EnduserCaller } from '../../auth/caller';
import type { Services } from '../action';
import { linksForAppointment } from './appointment-link-records';
import { placeOf } from './appointment-place';

type Row = Record<string, unknown>;

/** "Monday, January 5, 2026 at 9:00 AM EST" in the zone the booking chose (else the patient's, else UTC). */
export const appointmentTime = (event: Row, enduser: Row) => spokenTime(Number(event.startTimeInMS), zoneFor(event.timezone, enduser.timezone));

/** The booker's confirmation: where, and the signed links (docs/decisions.md, "Signed appointment links"). */
export const confirmationDetails = async (services: Services, event: Row, enduserId: string, location: Row | undefined) => ({
  place: placeOf(event, location),
  ...(await linksForAppointment(services, event, enduserId)),
});

type Details = Awaited<ReturnType<typeof confirmationDetails>>;

/** The email's text and HTML: what, when (the patient's clock, zone named), where, and the links. */
export const confirmationEmail = (title: string, when: string, rescheduled: boolean, details: Details) => {
  const intro = `Your ${title} is ${rescheduled ? 'rescheduled to' : 'confirmed for'} ${when}.`;
  const links = [
    { label: 'Add to calendar', href: details.calendarLink },
    { label: 'Reschedule', href: details.rescheduleLink },
    { label: 'Cancel appointment', href: details.cancelLink },
    { label: 'Open your patient portal', href: details.portalLink },
  ].filter((link): link is { label: string; href: string } => Boolean(link.href));
  const text = [intro, details.place ? `Where: ${details.place}` : undefined, '', ...links.map((link) => `${link.label}: ${link.href}`)].filter((line) => line !== undefined).join('\n');
  const html = [
    `<p>${escapeHtml(intro)}</p>`,
    details.place ? `<p><strong>Where:</strong> ${escapeHtml(details.place)}</p>` : '',
    `<ul>${links.map((link) => `<li><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></li>`).join('')}</ul>`,
    '<p>The cancel and reschedule links work until the appointment starts.</p>',
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
  const when = appointmentTime(event, enduser);
  const text = `Your ${title} is ${rescheduled ? 'rescheduled to' : 'confirmed for'} ${when}.`;
  if (!template.confirmationEmailDisabled && typeof enduser.email === 'string' && !isUnsubscribed(enduser, 'email')) {
    services.mailer.sendLater(`booking confirmation ${event.id}`, async () => ({
      to: enduser.email as string,
      subject: rescheduled ? `Your appointment was rescheduled: ${title}` : `Your appointment is confirmed: ${title}`,
      ...confirmationEmail(title, when, rescheduled, await confirmationDetails(services, event, caller.id, location)),
      businessId: caller.businessId,
      enduserId: caller.id,
    }));
  }
  if (!template.confirmationSMSDisabled && typeof enduser.phone === 'string' && !isUnsubscribed(enduser, 'sms')) {
    services.messaging.channels.sms
      .send({ to: enduser.phone, body: text, idempotencyKey: `booking-confirmation-${String(event.id)}`, businessId: caller.businessId })
      .catch((error: Error) => console.error(`booking confirmation text for ${String(event.id)} failed: ${error.message}`));
  }
};
