import type { Translate } from '../i18n/translator';
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

/** The words of an event's title: an untitled event's name and the states' marks, in the reader's language. */
export interface EventTitleWords {
  event: string;
  cancelled: (title: string) => string;
  rescheduled: (title: string) => string;
}

const ENGLISH_TITLE_WORDS: EventTitleWords = { event: 'Event', cancelled: (title) => `${title} (Cancelled)`, rescheduled: (title) => `${title} (Rescheduled)` };

/** The title words of the catalogue's language (the page's: pageLanguage(request, 'events').t). */
export const eventTitleWords = (t: Translate<'events'>): EventTitleWords => ({
  event: t('event'),
  cancelled: (title) => t('cancelled', { title }),
  rescheduled: (title) => t('rescheduled', { title }),
});

/** The title with its state (docs/contract/portal.md#events): '(Cancelled)' or '(Rescheduled)'. */
export const eventTitle = (event: ApiRecord, words: EventTitleWords = ENGLISH_TITLE_WORDS) => {
  const title = optionalText(event.displayTitle) ?? optionalText(event.title) ?? words.event;
  if (event.cancelledAt) return words.cancelled(title);
  if (event.rescheduledAt) return words.rescheduled(title);
  return title;
};

export const summaryOf = (event: ApiRecord, words: EventTitleWords = ENGLISH_TITLE_WORDS): EventSummary => ({
  id: event.id,
  title: eventTitle(event, words),
  startTimeInMS: Number(event.startTimeInMS),
  durationInMinutes: typeof event.durationInMinutes === 'number' ? event.durationInMinutes : undefined,
  cancelled: !!event.cancelledAt,
  rescheduled: !!event.rescheduledAt,
});

/**
 * 'Your Events' (docs/contract/portal.md#events): recent and upcoming events the enduser attends, and public events only
 * when they RSVP'd; soonest first.
 */
export const yourEvents = async (authToken: string, enduserId: string, now = Date.now(), words: EventTitleWords = ENGLISH_TITLE_WORDS) => {
  const events = await listRecords(authToken, 'calendar-events', { filter: { startTimeInMS: { _gte: now - RECENT_EVENT_WINDOW_MS } }, limit: 1000 });
  return yourEventsOf(events, authToken, enduserId, words);
};

/** 'Your Events' from the events the enduser can read since the recent window (portal-bootstrap's, or yourEvents'). */
export const yourEventsOf = async (events: ApiRecord[], authToken: string, enduserId: string, words: EventTitleWords = ENGLISH_TITLE_WORDS) => {
  // The enduser's RSVPs matter only for public events, which most lists have none of: ask only then.
  const rsvps = events.some((event) => event.publicRead) ? await listRecords(authToken, 'calendar-event-RSVPs', { filter: { creator: enduserId }, limit: 1000 }) : [];
  const rsvped = new Set(rsvps.map((rsvp) => String(rsvp.eventId)));
  return events
    .filter((event) => typeof event.startTimeInMS === 'number' && (!event.publicRead || rsvped.has(event.id)))
    .map((event) => summaryOf(event, words))
    .sort((a, b) => a.startTimeInMS - b.startTimeInMS);
};
