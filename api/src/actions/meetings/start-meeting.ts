import { meetings, newId, validators as v } from '@carelane/db';
import type { UserCaller } from '../../auth/caller';
import { videoChannelFrom } from '../../calendar/video/channel';
import { defineAction, type Services } from '../action';
import { assertAttendeesExist, callerIdentity, identities, IDENTITIES_SCHEMA, startAnswer, withAttendees, type Identity } from './meeting-records';
import { Optional, S } from '../input';

/**
 * Creates a live meeting hosted by the caller: the provider's meeting, attendee info for the host and
 * every attendee. Created through the engine (logged, announced); status, attendees and meetingInfo
 * are server fields no client can set.
 */
export const createLiveMeeting = async (services: Services, caller: UserCaller, attendees: Identity[], options: { publicRead?: boolean; calendarEventId?: string } = {}) => {
  await assertAttendeesExist(services, caller, attendees);
  const externalMeetingId = newId();
  const channel = videoChannelFrom();
  const host = callerIdentity(caller);
  const everyone = await withAttendees(externalMeetingId, [], [host, ...attendees]);
  const Meeting = await channel.createMeeting(externalMeetingId);
  const meetingInfo = { Meeting, ExternalMeetingId: externalMeetingId, attendees: everyone.map(({ type, id, info }) => ({ type, id, info: { AttendeeId: info.AttendeeId, ExternalUserId: info.ExternalUserId } })), creator: caller.id, calendarEventId: options.calendarEventId };
  const created = await services.engine.createOne(
    meetings,
    caller,
    options.publicRead === undefined ? {} : { publicRead: options.publicRead },
    { status: 'live', attendees: everyone, meetingInfo },
    { grantedByCall: true },
  );
  return { ...created, _id: created.id } as Record<string, unknown>;
};

class StartMeetingInput {
  @Optional(identities, IDENTITIES_SCHEMA)
  attendees?: Identity[];

  @Optional(v.boolean, S.boolean)
  publicRead?: boolean;
}

/** POST /start-meeting { attendees?, publicRead? } (staff) answers { id, meeting, host: { id, info } }; the meeting is live. */
export const startMeeting = defineAction({
  method: 'post',
  path: '/start-meeting',
  auth: 'user',
  input: StartMeetingInput,
  handler: async ({ services, caller }, input) => {
    const attendees = input.attendees ?? [];
    const publicRead = input.publicRead;
    const meeting = await createLiveMeeting(services, caller, attendees, { publicRead });
    return startAnswer(meeting, callerIdentity(caller));
  },
});
