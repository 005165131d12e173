import { isTimeZone } from '@carelane/automation';
import { callApi } from '../api.server';
import { browserTimeZone } from '../time/viewer-zone.server';

/** Endusers whose zone was recently offered, so a refusal is not asked again on every page. */
const offered = new Map<string, number>();
const OFFER_AGAIN_MS = 3_600_000;
const MAX_OFFERED = 10_000;
const NOT_A_PLACE = new Set(['UTC', 'Etc/UTC', 'Etc/GMT', 'GMT', 'Etc/Universal', 'Etc/Zulu']);

/**
 * A patient with no zone of their own gets the one their browser reports, written on their record
 * with their own token (an enduser may update their own `timezone`), so emails and texts use their
 * clock too (docs/decisions.md, "times on the viewer's clock"). Called at sign-in and by the shell
 * (a session begun from a link, before the browser had said its zone). Answers the zone recorded;
 * a failure is logged and the page goes on.
 */
export const recordBrowserZone = async (request: Request, authToken: string, enduser: { id: string; timezone?: unknown }) => {
  if (isTimeZone(enduser.timezone)) return undefined;
  const zone = browserTimeZone(request);
  // A browser on UTC is most often a machine left on its default, not where the patient lives: it
  // is shown, never written down.
  if (!zone || NOT_A_PLACE.has(zone)) return undefined;
  const now = Date.now();
  if ((offered.get(enduser.id) ?? 0) > now - OFFER_AGAIN_MS) return undefined;
  if (offered.size >= MAX_OFFERED) offered.clear();
  offered.set(enduser.id, now);
  try {
    await callApi(`/v1/enduser/${encodeURIComponent(enduser.id)}`, { method: 'PATCH', authToken, body: { updates: { timezone: zone } } });
    return zone;
  } catch (error) {
    console.warn("Recording the browser's time zone on the enduser failed", error instanceof Error ? error.message : error);
    return undefined;
  }
};
