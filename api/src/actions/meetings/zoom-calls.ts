import { calendar_events, users, validators as v } from '@carelane/db';
import type { UserCaller } from '../../auth/caller';
import { badRequest } from '../../errors';
import { ZoomClient } from '../../calendar/video/zoom';
import { defineAction, type Services } from '../action';
import { Optional, Required, S } from '../input';

type Row = Record<string, unknown>;

export const ZOOM_MESSAGES = {
  noMeeting: 'This event has no Zoom meeting',
  noEmail: 'This user has no email address for Zoom',
} as const;

/** The Zoom host: a user of the business, by email (the Zoom account's user). */
const hostEmail = async (services: Services, caller: UserCaller, userId: string) => {
  // The business's system reads it: a staff member may hand a meeting to a colleague they cannot list; only the email is used.
  const [user] = (await services.engine.system(caller.businessId).rows(users, { filter: { _id: userId }, limit: 1 })) as { email?: string | null }[];
  if (!user) throw badRequest('Could not find a related record for the given id(s)', { field: 'userId' });
  if (!user.email) throw badRequest(ZOOM_MESSAGES.noEmail);
  return user.email;
};

const zoomMeetingIdOf = (event: Row) => (event.fields as Row | undefined)?.zoomMeetingId as string | undefined;

class ZoomMeetingInput {
  @Required(v.id, S.id)
  calendarEventId!: string;

  @Required(v.id, S.id)
  userId!: string;

  @Optional(v.nonNegativeNumber, S.number(0))
  startTimeInMS?: number;

  @Optional(v.nonNegativeNumber, S.number(0))
  durationInMinutes?: number;
}

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
  input: ZoomMeetingInput,
  handler: async ({ services, caller }, input) => {
    const calendarEventId = input.calendarEventId;
    const userId = input.userId;
    const zoom = new ZoomClient();
    const event = (await services.engine.getOne(calendar_events, caller, calendarEventId)) as Row;
    const meeting = await zoom.createMeeting(await hostEmail(services, caller, userId), {
      topic: String(event.title),
      startTimeInMS: input.startTimeInMS ?? Number(event.startTimeInMS),
      durationInMinutes: input.durationInMinutes ?? Number(event.durationInMinutes),
      timezone: event.timezone as string | undefined,
    });
    const updatedEvent = await services.engine.updateOne(calendar_events, caller, calendarEventId, {
      videoIntegration: 'Zoom',
      videoURL: meeting.joinURL,
      fields: { zoomMeetingId: meeting.id, ...(meeting.password ? { zoomPassword: meeting.password } : {}) },
    });
    return { updatedEvent };
  },
});

class ZoomHostInput {
  @Required(v.id, S.id)
  calendarEventId!: string;

  @Required(v.id, S.id)
  userId!: string;
}

/** POST /change-zoom-host { calendarEventId, userId } (staff): the event's Zoom meeting is handed to the user. Answers { updatedEvent }. */
export const changeZoomHost = defineAction({
  method: 'post',
  path: '/change-zoom-host',
  auth: 'user',
  input: ZoomHostInput,
  handler: async ({ services, caller }, input) => {
    const calendarEventId = input.calendarEventId;
    const userId = input.userId;
    const zoom = new ZoomClient();
    const event = (await services.engine.getOne(calendar_events, caller, calendarEventId)) as Row;
    const zoomMeetingId = zoomMeetingIdOf(event);
    if (!zoomMeetingId) throw badRequest(ZOOM_MESSAGES.noMeeting);
    await zoom.changeHost(zoomMeetingId, await hostEmail(services, caller, userId));
    return { updatedEvent: event };
  },
});
