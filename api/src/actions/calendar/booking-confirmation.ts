import { spokenTime, zoneFor } from '@carelane/automation';
import { isUnsubscribed } from '@carelane/activities/channels/delivery';
import type { EnduserCaller } from '../../auth/caller';
import type { Services } from '../action';

type Row = Record<string, unknown>;

/** "Monday, January 5, 2026 at 9:00 AM EST" in the zone the booking chose (else the patient's, else UTC). */
export const appointmentTime = (event: Row, enduser: Row) => spokenTime(Number(event.startTimeInMS), zoneFor(event.timezone, enduser.timezone));

/**
 * The booking's confirmation to the patient, by email and by text, unless the template disables
 * either or the patient unsubscribed from it. Sent after the answer (a failure is logged, the booking
 * stands): email through the api's mailer, text through the SMS channel (recorded, or Twilio).
 */
export const sendBookingConfirmation = (services: Services, caller: EnduserCaller, template: Row, event: Row, rescheduled: boolean) => {
  const enduser = caller.record;
  const title = String(event.displayTitle ?? event.title);
  const text = `Your ${title} is ${rescheduled ? 'rescheduled to' : 'confirmed for'} ${appointmentTime(event, enduser)}.`;
  if (!template.confirmationEmailDisabled && typeof enduser.email === 'string' && !isUnsubscribed(enduser, 'email')) {
    services.mailer.sendLater(`booking confirmation ${event.id}`, async () => ({
      to: enduser.email as string,
      subject: rescheduled ? `Your appointment was rescheduled: ${title}` : `Your appointment is confirmed: ${title}`,
      text,
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
