import { meetings } from '@carelane/db';
import { withSignalling } from '../../calendar/video/channel';
import { defineAction } from '../action';
import { NoInput } from '../input';

/**
 * GET /my-meetings answers the meetings the caller attends that have not ended, newest first (the
 * engine's visibility decides what the caller sees). Other attendees' join tokens are left out.
 */
export const myMeetings = defineAction({
  method: 'get',
  path: '/my-meetings',
  auth: 'any',
  input: NoInput,
  handler: async ({ services, caller }) => {
    const list = await services.engine.getSome(meetings, caller, { filter: { status: { _in: ['scheduled', 'live'] } }, limit: 1000 });
    return list
      .filter((meeting) => ((meeting.attendees as { type: string; id: string }[] | undefined) ?? []).some((a) => a.type === caller.type && a.id === caller.id))
      .map((meeting) => ({
        ...meeting,
        meetingInfo: withSignalling(meeting.id as string, meeting.meetingInfo as Record<string, unknown>),
        attendees: ((meeting.attendees as { type: string; id: string; info?: Record<string, unknown> }[]) ?? []).map((a) =>
          a.type === caller.type && a.id === caller.id ? a : { type: a.type, id: a.id, info: { AttendeeId: a.info?.AttendeeId, ExternalUserId: a.info?.ExternalUserId } },
        ),
      }));
  },
});
