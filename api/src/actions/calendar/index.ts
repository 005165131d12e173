import type { Action } from '../action';
import { bookAppointment } from './book-appointment';
import { calendarAvailability } from './calendar-availability';
import { detailsForAppointmentBookingPage } from './details-for-appointment-booking-page';
import { sessionForPublicAppointmentBooking } from './session-for-public-appointment-booking';
import { updateOrderOfAvailabilityBlocks } from './update-order-of-availability-blocks';

/** Calendar and booking calls (seeds 001 §7.9). */
export const CALENDAR_ACTIONS: Action[] = [
  updateOrderOfAvailabilityBlocks,
  calendarAvailability,
  bookAppointment,
  sessionForPublicAppointmentBooking,
  detailsForAppointmentBookingPage,
];
