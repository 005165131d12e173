import { createEvent, type EventAttributes } from 'ics';
import { calendar_events, validators as v } from '@carelane/db';
import { badRequest } from '../../errors';
import { defineAction, FileAnswer } from '../action';
import { Required, S } from '../input';

type Row = Record<string, unknown>;

/** The event as an iCalendar VEVENT (the ics package writes it): start and end as UTC instants, so every calendar shows the right local time. */
export const eventToIcs = (event: Row, audience: 'user' | 'enduser') => {
  const title = String((audience === 'enduser' && event.displayTitle) || event.title);
  const description = (audience === 'enduser' && event.displayDescription) || event.description || event.instructions;
  const attributes: EventAttributes = {
    uid: `${String(event.id)}@carelane`,
    title,
    start: Number(event.startTimeInMS),
    startInputType: 'utc',
    startOutputType: 'utc',
    duration: { minutes: Math.max(1, Number(event.durationInMinutes) || 0) },
    status: event.cancelledAt ? 'CANCELLED' : 'CONFIRMED',
    productId: 'carelane/calendar',
    ...(description ? { description: String(description) } : {}),
    ...(event.location ? { location: String(event.location) } : {}),
    ...(typeof event.videoURL === 'string' && /^https?:\/\//.test(event.videoURL) ? { url: event.videoURL } : {}),
  };
  const { error, value } = createEvent(attributes);
  if (error || !value) throw badRequest(`Could not write the calendar file: ${error?.message ?? 'unknown error'}`);
  return value;
};

class IcsFileInput {
  @Required(v.id, S.id)
  calendarEventId!: string;
}

/**
 * GET /calendar-events/download-ics-file { calendarEventId } answers the event's .ics file
 * (text/calendar, as an attachment) to staff who may read it and to its attendees; others get the
 * engine's 404. attendeeId / attendeeType / excludeAttendee of the reference client change nothing
 * here: the file lists no attendees (their contact details are not the file's to share).
 */
export const downloadIcsFile = defineAction({
  method: 'get',
  path: '/calendar-events/download-ics-file',
  auth: 'any',
  input: IcsFileInput,
  handler: async ({ services, caller }, input) => {
    const id = input.calendarEventId;
    const event = await services.engine.getOne(calendar_events, caller, id);
    return new FileAnswer('text/calendar; charset=utf-8', 'event.ics', eventToIcs(event, caller.type));
  },
});
