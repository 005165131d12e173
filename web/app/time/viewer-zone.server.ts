import { isTimeZone } from '@carelane/automation';
import { TIME_ZONE_COOKIE } from './time-zone-cookie';

/** The zone the browser reported, when it is one this platform knows. */
export const browserTimeZone = (request: Request) => {
  const cookie = request.headers.get('Cookie') ?? '';
  const raw = cookie.split(/;\s*/).find((part) => part.startsWith(`${TIME_ZONE_COOKIE}=`))?.slice(TIME_ZONE_COOKIE.length + 1);
  if (!raw) return undefined;
  let zone: string;
  try {
    zone = decodeURIComponent(raw);
  } catch {
    return undefined;
  }
  return isTimeZone(zone) ? zone : undefined;
};

/**
 * The clock a page shows times on: the first zone that is known, in the order the caller gives (a
 * patient: their own, the browser's, the organization's; staff: their own, the browser's), else UTC
 * (docs/decisions.md, "Times on the viewer's clock").
 */
export const viewerTimeZone = (...candidates: unknown[]) => candidates.find(isTimeZone) ?? 'UTC';

/**
 * The clock the staff app shows times on: the staff member's own zone (users.timezone), else the one
 * their browser reported, else UTC (docs/decisions.md, "Times on the viewer's clock").
 */
export const staffTimeZone = (request: Request, user: { timezone?: unknown }) => viewerTimeZone(user.timezone, browserTimeZone(request));
