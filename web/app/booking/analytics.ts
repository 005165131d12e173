/** The widget's analytics events (002 §4). */
export type BookingEvent = 'Booking Widget Loaded' | 'Selected Time' | 'Completed Intake' | 'Completed Booking';

type GtagWindow = Window & { dataLayer?: unknown[]; gtag?: (...args: unknown[]) => void };

/** Loads GA4 for the page's measurement id once, the way Google's snippet does. */
const ensureGtag = (measurementId: string) => {
  const w = window as GtagWindow;
  if (w.gtag) return w.gtag;
  w.dataLayer = w.dataLayer ?? [];
  w.gtag = function gtag() {
    // gtag.js reads the arguments object itself, as in Google's snippet.
    // eslint-disable-next-line prefer-rest-params
    w.dataLayer!.push(arguments);
  };
  const script = document.createElement('script');
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(measurementId)}`;
  document.head.appendChild(script);
  w.gtag('js', new Date());
  w.gtag('config', measurementId);
  return w.gtag;
};

/**
 * Sends an event to the page's GA4 property when it has one, and to the embedding site (the parent
 * window) by postMessage, so a clinic can count bookings with its own tools.
 */
export const trackBookingEvent = (event: BookingEvent, page: { id: string; ga4measurementId?: string }) => {
  try {
    if (page.ga4measurementId) ensureGtag(page.ga4measurementId)('event', event, { appointmentBookingPageId: page.id });
    if (window.parent && window.parent !== window) window.parent.postMessage({ type: 'carelane-booking', event, appointmentBookingPageId: page.id }, '*');
  } catch (error) {
    console.warn('Booking analytics failed', error);
  }
};
