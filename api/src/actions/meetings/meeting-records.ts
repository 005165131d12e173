import type { EntityManager } from 'typeorm';
import { meetings, validators as v, serialize } from '@carelane/db';
import type { Caller } from '../../auth/caller';
import { badRequest, notFound } from '../../errors';
import { videoChannelFrom, withSignalling, type AttendeeInfo } from '../../calendar/video/channel';
import type { Services } from '../action';

type Row = Record<string, unknown>;
export type Identity = { type: 'user' | 'enduser'; id: string };
export type MeetingAttendee = Identity & { info: AttendeeInfo };

export const MEETING_MESSAGES = {
  ended: 'This meeting has ended',
  notStarted: 'The meeting for this event has not started',
  notAttendee: 'Only attendees of this meeting may do this',
  notHost: 'Only the host of this meeting may end it',
  unknownAttendee: 'Could not find an attendee for the given id',
  enduserNotAttending: 'This enduser does not attend this event',
} as const;

/** The documented shape of an attendee list (identities). */
export const IDENTITIES_SCHEMA = {
  type: 'array',
  maxItems: 1000,
  items: { type: 'object', required: ['type', 'id'], properties: { type: { enum: ['user', 'enduser'] }, id: { type: 'string', pattern: '^[0-9a-fA-F]{24}$' } } },
};

export const identities = v.listOf(v.objectOf({ type: v.required(v.oneOf(['user', 'enduser'] as const)), id: v.required(v.id) })) as unknown as (value: unknown) => Identity[];

/** Every attendee must be a user or enduser of the caller's business. */
export const assertAttendeesExist = async (services: Services, caller: Caller, attendees: Identity[]) => {
  for (const type of ['user', 'enduser'] as const) {
    const ids = [...new Set(attendees.filter((a) => a.type === type).map((a) => a.id))];
    if (!ids.length) continue;
    // raw SQL: an existence check across the business (an enduser adding staff cannot read users).
    const rows: { _id: string }[] = await services.dataSource.query(`SELECT _id FROM ${type === 'user' ? 'users' : 'endusers'} WHERE "businessId" = $1 AND _id = ANY($2::text[])`, [caller.businessId, ids]);
    if (rows.length !== ids.length) throw badRequest(MEETING_MESSAGES.unknownAttendee);
  }
};

const sameIdentity = (a: Identity, b: Identity) => a.type === b.type && a.id === b.id;
export const attendeesOf = (meeting: Row) => (Array.isArray(meeting.attendees) ? (meeting.attendees as MeetingAttendee[]) : []);
export const attendeeFor = (meeting: Row, who: Identity) => attendeesOf(meeting).find((a) => sameIdentity(a, who));
export const callerIdentity = (caller: Caller): Identity => ({ type: caller.type, id: caller.id });

/** Gives each new identity its provider attendee info; identities already present keep theirs. */
export const withAttendees = async (meetingId: string, current: MeetingAttendee[], added: Identity[]) => {
  const channel = videoChannelFrom();
  const next = [...current];
  for (const who of added) {
    if (next.some((a) => sameIdentity(a, who))) continue;
    next.push({ type: who.type, id: who.id, info: await channel.createAttendee(meetingId, who) });
  }
  return next;
};

/** A meeting the caller may read (the engine's visibility: attendees and creator; staff by role). */
export const readMeeting = async (services: Services, caller: Caller, id: string) => (await services.engine.getOne(meetings, caller, id)) as Row;

/**
 * Writes fields no client may write (status, attendees, meetingInfo; an event's meetingId and
 * meetingStatus), with the row locked, logged and announced like any change.
 *
 * raw SQL: these fields are readonly to every generic call by design, so the engine's update refuses
 * them; the meeting calls are their only writers. `decide` sees the locked row and answers the changes.
 */
export const writeServerFields = async (
  services: Services,
  caller: Caller,
  resource: 'meetings' | 'calendar_events',
  id: string,
  decide: (row: Row, manager: EntityManager) => Promise<Row | undefined> | Row | undefined,
) => {
  const result = await services.dataSource.transaction(async (manager): Promise<{ record: Row; event?: Awaited<ReturnType<Services['engine']['recordChange']>> }> => {
    // raw SQL: the row locked whatever the caller's update access (an enduser attendee joining), see above.
    const row = (await manager.createQueryBuilder(resource, 'r').where('r._id = :id AND r."businessId" = :businessId', { id, businessId: caller.businessId }).setLock('pessimistic_write').getOne()) as Row | null;
    if (!row) throw notFound();
    const changes = await decide(row, manager);
    if (!changes) return { record: row, event: undefined };
    const updatedAt = new Date();
    // raw SQL: fields readonly to every generic call (see above); announced below with recordChange.
    await manager.getRepository(resource).update({ _id: id }, { ...changes, updatedAt });
    const record: Row = { ...row, ...changes, updatedAt };
    const event = await services.engine.recordChange(manager, {
      kind: 'updated',
      resource,
      businessId: caller.businessId,
      record,
      changes,
      previous: row,
      actor: { type: caller.type, id: caller.id },
    });
    return { record, event };
  });
  if (result.event) services.engine.publish(result.event);
  return result.record;
};

/** The answer of start-meeting and start-meeting-for-event: { id, meeting, host: { id, info } }. */
export const startAnswer = (meeting: Row, host: Identity) => {
  const record = serialize(meetings, meeting);
  const attendee = attendeeFor(meeting, host);
  return { id: record.id, meeting: withSignalling(record.id as string, record.meetingInfo as Row), host: { id: host.id, type: host.type, info: attendee?.info } };
};
