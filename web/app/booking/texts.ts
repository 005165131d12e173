/** The widget's texts and sizes (docs/contract/portal.md#booking-widget, #errors, #constants). */
export const BOOKING_TEXTS = {
  noBusinessId: 'This link is invalid (no businessId provided)',
  noPageId: 'This link is invalid (no appointmentBookingPageId provided)',
  unknownPage: 'Unknown page',
  noSlots: 'No appointments are available at this date.',
  thankYouTitle: 'Appointment Confirmed',
  thankYouDescription: 'Check your email for next steps',
  minuteAppointment: (minutes: number) => `${minutes} Minute Appointment`,
} as const;

export const AVAILABILITY_WINDOW_MS = 2_592_000_000;
export const WIDGET_WIDTH = 320;
export const WIDGET_FONT = 'Domine, Georgia, serif';
/** The slot list scrolls past four slots (docs/contract/portal.md#booking-widget). */
export const SLOTS_MAX_HEIGHT = 135;
export const SLOTS_BEFORE_SCROLL = 4;
