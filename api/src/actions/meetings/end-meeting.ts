import { validators as v } from '@carelane/db';
import { isAdmin } from '../../auth/caller';
import { forbidden } from '../../errors';
import { meetingHub } from '../../calendar/video/meeting-hub';
import { videoChannelFrom } from '../../calendar/video/channel';
import { defineAction } from '../action';
import { MEETING_MESSAGES, readMeeting, writeServerFields } from './meeting-records';
import { Required, S } from '../input';

class EndMeetingInput {
  @Required(v.id, S.id)
  id!: string;
}

/**
 * POST /end-meeting { id } (the host, i.e. the meeting's creator, or an Admin): status becomes ended
 * and endedAt is stamped (once; ending an ended meeting changes nothing), the event it belongs to shows
 * meetingStatus ended, and everyone on the meeting's signalling socket is told. Answers {}.
 */
export const endMeeting = defineAction({
  method: 'post',
  path: '/end-meeting',
  auth: 'user',
  input: EndMeetingInput,
  handler: async ({ services, caller }, input) => {
    const id = input.id;
    const meeting = await readMeeting(services, caller, id);
    if (meeting.creator !== caller.id && !isAdmin(caller)) throw forbidden(MEETING_MESSAGES.notHost);
    const ended = await writeServerFields(services, caller, 'meetings', id, (row) => (row.status === 'ended' ? undefined : { status: 'ended', endedAt: new Date() }));
    const calendarEventId = (ended.meetingInfo as Record<string, unknown> | undefined)?.calendarEventId;
    if (typeof calendarEventId === 'string') {
      await writeServerFields(services, caller, 'calendar_events', calendarEventId, (row) => (row.meetingId === id && row.meetingStatus !== 'ended' ? { meetingStatus: 'ended' } : undefined)).catch(() => undefined);
    }
    await videoChannelFrom().endMeeting(id);
    meetingHub.end(id);
    return {};
  },
});
