import { calendar_events, validators as v } from '@carelane/db';
import type { UserCaller } from '../../auth/caller';
import { badRequest } from '../../errors';
import { ZoomClient } from '../../calendar/video/zoom';
import { defineAction, type Services } from '../action';
import { optionalField, requiredField } from '../messaging/input';

type Row = Record<string, unknown>;

export const ZOOM_MESSAGES = {
  noMeeting: 'This event has no Zoom meeting',
  noEmail: 'This user has no email address for Zoom',
} as const;

/** The Zoom host: a user of the business, by email (the Zoom account's user). */
const hostEmail = async (services: Services, caller: UserCaller, userId: string) => {
  // raw read: only the user's email, scoped to the business (a staff member may hand a meeting to a colleague).
  const [user]: { email: string | null }[] = await services.dataSource.query('SELECT email FROM users WHERE _id = $1 AND "businessId" = $2', [userId, caller.businessId]);
  if (!user) throw badRequest('Could not find a related record for the given id(s)', { field: 'userId' });
  if (!user.email) throw badRequest(ZOOM_MESSAGES.noEmail);
  return user.email;
};

const zoomMeetingIdOf = (event: Row) => (event.fields as Row | undefined)?.zoomMeetingId as string | undefined;

/**
 * POST /generate-zoom-meeting { calendarEventId, userId, startTimeInMS?, durationInMinutes? } (staff):
 * a Zoom meeting hosted by the user, at the event's time; the event gets videoIntegration 'Zoom',
 * videoURL (the join link) and fields.zoomMeetingId, through the engine. Answers { updatedEvent }.
 * Without Zoom credentials: 400 naming the missing settings.
 */
export const generateZoomMeeting = defineAction({
  method: 'post',
  path: '/generate-zoom-meeting',
  auth: 'user',
  handler: async ({ services, caller }, input) => {
    const calendarEventId = requiredField(input, 'calendarEventId', v.id);
    const userId = requiredField(input, 'userId', v.id);
    const zoom = new ZoomClient();
    const event = (await services.engine.getOne(calendar_events, caller, calendarEventId)) as Row;
    const meeting = await zoom.createMeeting(await hostEmail(services, caller, userId), {
      topic: String(event.title),
      startTimeInMS: optionalField(input, 'startTimeInMS', v.nonNegativeNumber) ?? Number(event.startTimeInMS),
      durationInMinutes: optionalField(input, 'durationInMinutes', v.nonNegativeNumber) ?? Number(event.durationInMinutes),
      timezone: event.timezone as string | undefined,
    });
    const updatedEvent = await services.engine.updateOne(calendar_events, caller, calendarEventId, {
      videoIntegration: 'Zoom',
      videoURL: meeting.joinURL,
      fields: { zoomMeetingId: meeting.id },
    });
    return { updatedEvent };
  },
});

/** POST /change-zoom-host { calendarEventId, userId } (staff): the event's Zoom meeting is handed to the user. Answers { updatedEvent }. */
export const changeZoomHost = defineAction({
  method: 'post',
  path: '/change-zoom-host',
  auth: 'user',
  handler: async ({ services, caller }, input) => {
    const calendarEventId = requiredField(input, 'calendarEventId', v.id);
    const userId = requiredField(input, 'userId', v.id);
    const zoom = new ZoomClient();
    const event = (await services.engine.getOne(calendar_events, caller, calendarEventId)) as Row;
    const zoomMeetingId = zoomMeetingIdOf(event);
    if (!zoomMeetingId) throw badRequest(ZOOM_MESSAGES.noMeeting);
    await zoom.changeHost(zoomMeetingId, await hostEmail(services, caller, userId));
    return { updatedEvent: event };
  },
});
