import { listRecords, optionalText, type ApiRecord } from './resources.server';

/** docs/contract/portal.md#events, #constants: an event counts as recent or upcoming when it started within the last 12 hours. */
export const RECENT_EVENT_WINDOW_MS = 43_200_000;

export interface EventSummary {
  id: string;
  title: string;
  startTimeInMS: number;
  durationInMinutes?: number;
  cancelled: boolean;
  rescheduled: boolean;
}

/** The title with its state (docs/contract/portal.md#events): '(Cancelled)' or '(Rescheduled)'. */
export const eventTitle = (event: ApiRecord) => {
  const title = optionalText(event.displayTitle) ?? optionalText(event.title) ?? 'Event';
  if (event.cancelledAt) return `${title} (Cancelled)`;
  if (event.rescheduledAt) return `${title} (Rescheduled)`;
  return title;
};

export const summaryOf = (event: ApiRecord): EventSummary => ({
  id: event.id,
  title: eventTitle(event),
  startTimeInMS: Number(event.startTimeInMS),
  durationInMinutes: typeof event.durationInMinutes === 'number' ? event.durationInMinutes : undefined,
  cancelled: !!event.cancelledAt,
  rescheduled: !!event.rescheduledAt,
});

/**
 * 'Your Events' (docs/contract/portal.md#events): recent and upcoming events the enduser attends, and public events only
 * when they RSVP'd; soonest first.
 */
export const yourEvents = async (authToken: string, enduserId: string, now = Date.now()) => {
  const events = await listRecords(authToken, 'calendar-events', { filter: { startTimeInMS: { _gte: now - RECENT_EVENT_WINDOW_MS } }, limit: 1000 });
  return yourEventsOf(events, authToken, enduserId);
};

/** 'Your Events' from the events the enduser can read since the recent window (portal-bootstrap's, or yourEvents'). */
export const yourEventsOf = async (events: ApiRecord[], authToken: string, enduserId: string) => {
  // The enduser's RSVPs matter only for public events, which most lists have none of: ask only then.
  const rsvps = events.some((event) => event.publicRead) ? await listRecords(authToken, 'calendar-event-RSVPs', { filter: { creator: enduserId }, limit: 1000 }) : [];
  const rsvped = new Set(rsvps.map((rsvp) => String(rsvp.eventId)));
  return events
    .filter((event) => typeof event.startTimeInMS === 'number' && (!event.publicRead || rsvped.has(event.id)))
    .map(summaryOf)
    .sort((a, b) => a.startTimeInMS - b.startTimeInMS);
};
