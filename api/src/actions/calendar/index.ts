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
  scheduleAppointment,
  rescheduleAppointment,
  usersWithoutTimezone,
];
