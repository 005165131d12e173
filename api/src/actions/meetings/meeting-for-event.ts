import { calendar_events, validators as v } from '@carelane/db';
import { badRequest, forbidden } from '../../errors';
import { defineAction } from '../action';
import { createLiveMeeting } from './start-meeting';
import { attendeeFor, attendeesOf, callerIdentity, MEETING_MESSAGES, readMeeting, startAnswer, withAttendees, writeServerFields, type Identity } from './meeting-records';
import { withSignalling } from '../../calendar/video/channel';
import { Required, S } from '../input';

type Row = Record<string, unknown>;
const eventAttendees = (event: Row) => ((event.attendees as Identity[] | undefined) ?? []).map(({ type, id }) => ({ type, id }));

class StartMeetingForEventInput {
  @Required(v.id, S.id)
  calendarEventId!: string;
}

/**
 * POST /start-meeting-for-event { calendarEventId } (staff who may read the event) starts the event's
 * meeting with its attendees, hosted by the caller, and marks the event (meetingId, meetingStatus
 * live). When the event's meeting is already live it is answered again (the caller joins it).
 * Answers { id, meeting, host }.
 */
export const startMeetingForEvent = defineAction({
  method: 'post',
  path: '/start-meeting-for-event',
  auth: 'user',
  input: StartMeetingForEventInput,
  handler: async ({ services, caller }, input) => {
    const calendarEventId = input.calendarEventId;
    const event = (await services.engine.getOne(calendar_events, caller, calendarEventId)) as Row;
    const me = callerIdentity(caller);
    if (typeof event.meetingId === 'string' && event.meetingStatus === 'live') {
      const current = await readMeeting(services, caller, event.meetingId);
      if (current.status === 'live') {
        const joined = attendeeFor(current, me)
          ? current
          : await writeServerFields(services, caller, 'meetings', event.meetingId, async (row) => ({ attendees: await withAttendees(String(event.meetingId), attendeesOf(row), [me]) }));
        return startAnswer({ ...current, ...joined, _id: event.meetingId }, me);
      }
    }
    const others = eventAttendees(event).filter((a) => !(a.type === me.type && a.id === me.id));
    const meeting = await createLiveMeeting(services, caller, others, { calendarEventId, publicRead: event.publicRead === true ? true : undefined });
    await writeServerFields(services, caller, 'calendar_events', calendarEventId, () => ({ meetingId: meeting.id, meetingStatus: 'live' }));
    return startAnswer(meeting, me);
  },
});

class JoinMeetingForEventInput {
  @Required(v.id, S.id)
  calendarEventId!: string;
}

/**
 * POST /join-meeting-for-event { calendarEventId } (the event's attendees): answers { id, meeting,
 * attendee: { type, id, info } } while the event's meeting is live; an attendee added to the event
 * after the start is added to the meeting. Before the start: 400 'The meeting for this event has not
 * started'; after the end: 400 'This meeting has ended'.
 */
export const joinMeetingForEvent = defineAction({
  method: 'post',
  path: '/join-meeting-for-event',
  auth: 'any',
  input: JoinMeetingForEventInput,
  handler: async ({ services, caller }, input) => {
    const calendarEventId = input.calendarEventId;
    const event = (await services.engine.getOne(calendar_events, caller, calendarEventId)) as Row;
    const me = callerIdentity(caller);
    if (caller.type === 'enduser' && !eventAttendees(event).some((a) => a.type === me.type && a.id === me.id)) throw forbidden(MEETING_MESSAGES.notAttendee);
    if (typeof event.meetingId !== 'string') throw badRequest(MEETING_MESSAGES.notStarted);
    const meetingId = event.meetingId;
    const meeting = await writeServerFields(services, caller, 'meetings', meetingId, async (row) => {
      if (row.status === 'ended') throw badRequest(MEETING_MESSAGES.ended);
      if (row.status !== 'live') throw badRequest(MEETING_MESSAGES.notStarted);
      if (attendeeFor(row, me)) return undefined;
      return { attendees: await withAttendees(String((row.meetingInfo as Row | undefined)?.ExternalMeetingId ?? meetingId), attendeesOf(row), [me]) };
    });
    return { id: meetingId, meeting: withSignalling(meetingId, meeting.meetingInfo as Row), attendee: attendeeFor(meeting, me) };
  },
});

class MeetingLinkInput {
  @Required(v.id, S.id)
  eventId!: string;

  @Required(v.id, S.id)
  enduserId!: string;
}

/** POST /generate-meeting-link { eventId, enduserId } (staff): the portal's video page for the event, for an enduser attending it. Answers { link }. */
export const generateMeetingLink = defineAction({
  method: 'post',
  path: '/generate-meeting-link',
  auth: 'user',
  input: MeetingLinkInput,
  handler: async ({ services, caller }, input) => {
    const eventId = input.eventId;
    const enduserId = input.enduserId;
    const event = (await services.engine.getOne(calendar_events, caller, eventId)) as Row;
    if (!eventAttendees(event).some((a) => a.type === 'enduser' && a.id === enduserId)) throw badRequest(MEETING_MESSAGES.enduserNotAttending);
    return { link: `${services.config.portalUrl}/video-call?calendarEventId=${eventId}` };
  },
});

