import type { Action } from '../action';
import { bookAppointment } from './book-appointment';
import { calendarAvailability } from './calendar-availability';
import { downloadIcsFile } from './download-ics-file';
import { eventsForUser } from './events-for-user';
import { rescheduleAppointment } from './reschedule-appointment';
import { scheduleAppointment } from './schedule-appointment';
import { sendCalendarEventReminderWebhook } from './send-calendar-event-reminder-webhook';
import { detailsForAppointmentBookingPage } from './details-for-appointment-booking-page';
import { sessionForPublicAppointmentBooking } from './session-for-public-appointment-booking';
import { updateOrderOfAvailabilityBlocks } from './update-order-of-availability-blocks';
import { appointmentByLink } from './appointment-by-link';
import { appointmentCalendarFile } from './appointment-calendar-file';
import { cancelAppointmentByLink } from './cancel-appointment-by-link';
import { sessionForAppointmentRescheduleLink } from './session-for-appointment-reschedule-link';
import { joinWaitlist } from './join-waitlist';
import { waitlistOffer } from './waitlist-offer';
import { claimWaitlistOffer } from './claim-waitlist-offer';
import { usersWithoutTimezone } from './users-without-timezone';

/** Calendar and booking calls (docs/contract/api.md#calendar-and-booking). */
export const CALENDAR_ACTIONS: Action[] = [
  updateOrderOfAvailabilityBlocks,
  calendarAvailability,
  bookAppointment,
  sessionForPublicAppointmentBooking,
  detailsForAppointmentBookingPage,
  eventsForUser,
  downloadIcsFile,
  sendCalendarEventReminderWebhook,
  appointmentByLink,
  appointmentCalendarFile,
  cancelAppointmentByLink,
  sessionForAppointmentRescheduleLink,
  joinWaitlist,
  waitlistOffer,
  claimWaitlistOffer,
  scheduleAppointment,
  rescheduleAppointment,
  usersWithoutTimezone,
];
