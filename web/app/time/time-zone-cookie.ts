/** The cookie the browser reports its zone in (ReportTimeZone.tsx), read by the server (viewer-zone.server.ts). */
export const TIME_ZONE_COOKIE = 'carelane_tz';
