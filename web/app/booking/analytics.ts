/** The widget's analytics events (docs/contract/portal.md#booking-widget). */
export type BookingEvent = 'Booking Widget Loaded' | 'Selected Time' | 'Completed Intake' | 'Completed Booking';

/**
 * One visitor of one widget load, as GA4 counts it: a client id in GA's "<random>.<seconds>" form
 * and a session id. Kept in memory only: the widget sets no cookie and reads no storage on the
 * clinic's site.
 */
let visit: { clientId: string; sessionId: string; hits: number } | undefined;
const currentVisit = () => {
  if (!visit) {
    const seconds = Math.floor(Date.now() / 1000);
    visit = { clientId: `${Math.floor(Math.random() * 2_147_483_647)}.${seconds}`, sessionId: String(seconds), hits: 0 };
  }
  return visit;
};

/**
 * Sends one event straight to GA4's collection endpoint, in the request shape gtag.js uses (v=2,
 * tid, cid, sid, en, ep.<parameter>). The widget does not load gtag.js: the portal's script policy
 * admits only its own scripts, and one request per event is all the widget needs.
 */
const sendToGa4 = (collectUrl: string, measurementId: string, event: BookingEvent, pageId: string) => {
  const current = currentVisit();
  current.hits += 1;
  const url = new URL(collectUrl);
  const params: Record<string, string> = {
    v: '2',
    tid: measurementId,
    cid: current.clientId,
    sid: current.sessionId,
    _s: String(current.hits),
    en: event,
    dl: window.location.href,
    dt: document.title,
    'ep.appointmentBookingPageId': pageId,
    ...(current.hits === 1 ? { _ss: '1', _fv: '1' } : {}),
  };
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  // A beacon survives the page being left (Completed Booking may go on to thankYouRedirectURL).
  if (navigator.sendBeacon?.(url.toString())) return;
  void fetch(url.toString(), { method: 'POST', mode: 'no-cors', keepalive: true, credentials: 'omit' }).catch(() => undefined);
};

/**
 * Sends an event to the page's GA4 property when it has one, and to the embedding site (the parent
 * window) by postMessage, so a clinic can count bookings with its own tools.
 */
export const trackBookingEvent = (event: BookingEvent, page: { id: string; ga4measurementId?: string; ga4CollectUrl?: string }) => {
  try {
    if (page.ga4measurementId && page.ga4CollectUrl) sendToGa4(page.ga4CollectUrl, page.ga4measurementId, event, page.id);
    if (window.parent && window.parent !== window) window.parent.postMessage({ type: 'carelane-booking', event, appointmentBookingPageId: page.id }, '*');
  } catch (error) {
    console.warn('Booking analytics failed', error);
  }
};
