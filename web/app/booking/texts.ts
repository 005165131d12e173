/**
 * The widget's sizes (docs/contract/portal.md#booking-widget, #constants). Its texts are in the
 * portal's catalogue, namespace 'booking' (web/app/i18n/catalogue/en/booking.ts).
 */

export const AVAILABILITY_WINDOW_MS = 2_592_000_000;
export const WIDGET_WIDTH = 320;
export const WIDGET_FONT = 'Domine, Georgia, serif';
/** The slot list scrolls past four slots (docs/contract/portal.md#booking-widget). */
export const SLOTS_MAX_HEIGHT = 135;
export const SLOTS_BEFORE_SCROLL = 4;
