import { endusers, validators as v } from '@carelane/db';
import { patientTextsWithin } from '@carelane/activities/patient-messages';
import { badRequest, forbidden, notFound } from '../../errors';
import { defineAction } from '../action';
import { assertAttendeesExist, attendeeFor, attendeesOf, callerIdentity, identities, IDENTITIES_SCHEMA, MEETING_MESSAGES, readMeeting, withAttendees, writeServerFields, type Identity } from './meeting-records';
import { Required, S } from '../input';

class AddAttendeesInput {
  @Required(v.id, S.id)
  id!: string;

  @Required(identities, IDENTITIES_SCHEMA)
  attendees!: Identity[];
}

/**
 * POST /add-attendees-to-meeting { id, attendees } (staff attending the meeting): id is the meeting's
 * id or its ExternalMeetingId; each new attendee gets attendee info. Answers {}.
 */
export const addAttendeesToMeeting = defineAction({
  method: 'post',
  path: '/add-attendees-to-meeting',
  auth: 'user',
  input: AddAttendeesInput,
  handler: async ({ services, caller }, input) => {
    const id = input.id;
    const attendees = input.attendees;
    // raw SQL: the id may be the provider's ExternalMeetingId, a jsonb field; scoped to the business.
    const [found]: { _id: string }[] = await services.dataSource.query(
      `SELECT _id FROM meetings WHERE "businessId" = $1 AND (_id = $2 OR "meetingInfo"->>'ExternalMeetingId' = $2) LIMIT 1`,
      [caller.businessId, id],
    );
    if (!found) throw notFound();
    const meeting = await readMeeting(services, caller, found._id);
    if (meeting.status === 'ended') throw badRequest(MEETING_MESSAGES.ended);
    if (!attendeeFor(meeting, callerIdentity(caller)) && meeting.creator !== caller.id) throw forbidden(MEETING_MESSAGES.notAttendee);
    await assertAttendeesExist(services, caller, attendees);
    const externalId = String((meeting.meetingInfo as Record<string, unknown> | undefined)?.ExternalMeetingId ?? found._id);
    await writeServerFields(services, caller, 'meetings', found._id, async (row) => {
      const next = await withAttendees(externalId, attendeesOf(row), attendees);
      return next.length === attendeesOf(row).length ? undefined : { attendees: next };
    });
    return {};
  },
});

class AttendeeInfoInput {
  @Required(v.id, S.id)
  id!: string;
}

/** GET /attendee-info { id } (attendees) answers { attendee: the caller's { type, id, info }, others: the rest without join tokens }. */
export const attendeeInfo = defineAction({
  method: 'get',
  path: '/attendee-info',
  auth: 'any',
  input: AttendeeInfoInput,
  handler: async ({ services, caller }, input) => {
    const id = input.id;
    const meeting = await readMeeting(services, caller, id);
    const attendee = attendeeFor(meeting, callerIdentity(caller));
    if (!attendee) throw forbidden(MEETING_MESSAGES.notAttendee);
    const others = attendeesOf(meeting)
      .filter((a) => a !== attendee)
      .map(({ type, id: who, info }) => ({ type, id: who, info: { AttendeeId: info.AttendeeId, ExternalUserId: info.ExternalUserId } }));
    return { attendee, others };
  },
});

class MeetingInviteInput {
  @Required(v.id, S.id)
  meetingId!: string;

  @Required(v.id, S.id)
  enduserId!: string;
}

/** POST /send-meeting-invite { meetingId, enduserId } (staff attending): adds the enduser if missing and emails them the portal's video link. Answers {}. */
export const sendMeetingInvite = defineAction({
  method: 'post',
  path: '/send-meeting-invite',
  auth: 'user',
  input: MeetingInviteInput,
  handler: async ({ services, caller }, input) => {
    const meetingId = input.meetingId;
    const enduserId = input.enduserId;
    const meeting = await readMeeting(services, caller, meetingId);
    if (meeting.status === 'ended') throw badRequest(MEETING_MESSAGES.ended);
    if (!attendeeFor(meeting, callerIdentity(caller)) && meeting.creator !== caller.id) throw forbidden(MEETING_MESSAGES.notAttendee);
    const invitee = { type: 'enduser' as const, id: enduserId };
    await assertAttendeesExist(services, caller, [invitee]);
    const externalId = String((meeting.meetingInfo as Record<string, unknown> | undefined)?.ExternalMeetingId ?? meetingId);
    await writeServerFields(services, caller, 'meetings', meetingId, async (row) => {
      const next = await withAttendees(externalId, attendeesOf(row), [invitee]);
      return next.length === attendeesOf(row).length ? undefined : { attendees: next };
    });
    // The business's system reads only the invitee's address (assertAttendeesExist checked the enduser).
    const [enduser] = (await services.engine.system(caller.businessId).rows(endusers, { filter: { _id: enduserId }, limit: 1 })) as { email?: string | null }[];
    if (enduser?.email) {
      const link = `${services.config.portalUrl}/video-call?meetingId=${meetingId}`;
      services.mailer.sendLater(`meeting invite ${meetingId} for enduser ${enduserId}`, async () => {
        // In the patient's language (issue #38).
        const texts = await patientTextsWithin(services.dataSource.manager, enduser as Record<string, unknown>);
        return { to: enduser.email!, subject: texts.t('videoInvite.subject'), text: texts.t('videoInvite.text', { link }), businessId: caller.businessId, enduserId };
      });
    }
    return {};
  },
});
