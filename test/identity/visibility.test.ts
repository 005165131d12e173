import { randomBytes } from 'node:crypto';
import { Session } from '@tellescope/sdk';
import { newId } from '@carelane/db';
import type { Tenant } from '../support/tenant';
import { createEnduser, createStaff, type IdentityApi } from './support';
import { useTenantSuite } from './tenant-suite';

const NOT_FOUND = 'Could not find a record for the given id';
const FORBIDDEN = 'You do not have access to this resource';

const event = (title: string, fields: Record<string, unknown> = {}) => ({ title, startTimeInMS: Date.now() + 86_400_000, durationInMinutes: 30, ...fields });

describe('visibility filters of seeds 000 §6: what endusers and non-admin staff see in lists and by id', () => {
  const suite = useTenantSuite();
  let api: IdentityApi;
  let tenant: Tenant;
  let admin: Session;
  beforeAll(() => ({ api, tenant, admin } = suite));

  const ids = (records: { id: string }[]) => records.map((r) => r.id).sort();

  test('an enduser sees the chat rooms listing them and only those rooms’ chats', async () => {
    const me = await createEnduser(api.host, admin, tenant);
    const other = await createEnduser(api.host, admin, tenant);
    const myRoom = await admin.api.chat_rooms.createOne({ title: 'Mine', type: 'external', enduserIds: [me.enduser.id] });
    const theirRoom = await admin.api.chat_rooms.createOne({ title: 'Theirs', type: 'external', enduserIds: [other.enduser.id] });
    const myChat = await admin.api.chats.createOne({ roomId: myRoom.id, message: 'Hello you' });
    const theirChat = await admin.api.chats.createOne({ roomId: theirRoom.id, message: 'Private to them' });

    expect(ids(await me.session.api.chat_rooms.getSome())).toEqual([myRoom.id]);
    await expect(me.session.api.chat_rooms.getOne(theirRoom.id)).rejects.toMatchObject({ message: NOT_FOUND });
    expect(ids(await me.session.api.chats.getSome())).toEqual([myChat.id]);
    // Asking for the chats of a room one cannot read is refused (the reference client's chat_tests, issue 12).
    await expect(me.session.api.chats.getSome({ filter: { roomId: theirRoom.id } })).rejects.toMatchObject({ message: 'You do not have permission to access this resource' });
    await expect(me.session.api.chats.getOne(theirChat.id)).rejects.toMatchObject({ message: NOT_FOUND });
    await expect(me.session.api.chats.createOne({ roomId: theirRoom.id, message: 'Let me in' })).rejects.toMatchObject({ message: FORBIDDEN });
    expect(ids(await other.session.api.chats.getSome())).toEqual([theirChat.id]);
  });

  test('an enduser sees the calendar events they attend and public ones, and changes only their own', async () => {
    const me = await createEnduser(api.host, admin, tenant);
    const other = await createEnduser(api.host, admin, tenant);
    const mine = await admin.api.calendar_events.createOne(event('Mine', { attendees: [{ type: 'enduser', id: me.enduser.id }] }) as never);
    const theirs = await admin.api.calendar_events.createOne(event('Theirs', { attendees: [{ type: 'enduser', id: other.enduser.id }] }) as never);
    const open = await admin.api.calendar_events.createOne(event('Open class', { publicRead: true }) as never);

    expect(ids(await me.session.api.calendar_events.getSome())).toEqual(ids([mine, open]));
    await expect(me.session.api.calendar_events.getOne(theirs.id)).rejects.toMatchObject({ message: NOT_FOUND });
    await expect(me.session.api.calendar_events.updateOne(theirs.id, { title: 'Moved' })).rejects.toMatchObject({ message: NOT_FOUND });
    await expect(me.session.api.calendar_events.updateOne(open.id, { title: 'Changed' })).rejects.toMatchObject({
      message: 'Enduser cannot create or update public events',
    });
    await expect(me.session.api.calendar_events.updateOne(mine.id, { title: 'Mine, renamed' })).resolves.toMatchObject({ title: 'Mine, renamed' });
    expect((await admin.api.calendar_events.getOne(theirs.id)).title).toBe('Theirs');
    expect((await admin.api.calendar_events.getOne(open.id)).title).toBe('Open class');

    // RSVPs follow their event: another patient's RSVP to a private event stays private.
    const theirRsvp = await other.session.api.calendar_event_RSVPs.createOne({ eventId: theirs.id, displayName: 'Them' } as never);
    const openRsvp = await other.session.api.calendar_event_RSVPs.createOne({ eventId: open.id, displayName: 'Them' } as never);
    expect(ids(await me.session.api.calendar_event_RSVPs.getSome())).toEqual([openRsvp.id]);
    await expect(me.session.api.calendar_event_RSVPs.getOne(theirRsvp.id)).rejects.toMatchObject({ message: NOT_FOUND });
    await expect(me.session.api.calendar_event_RSVPs.updateOne(openRsvp.id, { status: 'Not going' } as never)).rejects.toMatchObject({ message: FORBIDDEN });
    await expect(me.session.api.calendar_event_RSVPs.deleteOne(openRsvp.id)).rejects.toMatchObject({ message: FORBIDDEN });
  });

  test('an enduser sees the meetings they attend and public ones', async () => {
    const me = await createEnduser(api.host, admin, tenant);
    const other = await createEnduser(api.host, admin, tenant);
    // Meetings are made by the meeting calls, not by clients: the fixture writes them.
    const meeting = async (fields: Record<string, unknown>) => {
      const now = new Date();
      const row = { _id: newId(), businessId: tenant.businessId, organizationIds: [], sharedWithOrganizations: [], creator: admin.userInfo.id, status: 'scheduled', attendees: [], createdAt: now, updatedAt: now, ...fields };
      await api.dataSource.getRepository('meetings').insert(row);
      return row._id;
    };
    const mine = await meeting({ attendees: [{ type: 'enduser', id: me.enduser.id }] });
    const theirs = await meeting({ attendees: [{ type: 'enduser', id: other.enduser.id }] });
    const open = await meeting({ publicRead: true });
    expect(ids(await me.session.api.meetings.getSome())).toEqual([mine, open].sort());
    await expect(me.session.api.meetings.getOne(theirs)).rejects.toMatchObject({ message: NOT_FOUND });
  });

  test('non-admin staff see the emails and SMS they sent and those of endusers assigned to them; an All role sees every one', async () => {
    const staff = await createStaff(api, admin);
    const patientA = await admin.api.endusers.createOne({ fname: 'Alpha', email: `a-${randomBytes(4).toString('hex')}@example.com`, phone: '+14155550101' });
    const patientB = await admin.api.endusers.createOne({ fname: 'Beta', email: `b-${randomBytes(4).toString('hex')}@example.com`, phone: '+14155550102' });
    const sent = await staff.session.api.emails.createOne({ enduserId: patientA.id, subject: 'From staff', textContent: 'Hi', logOnly: true });
    const adminToA = await admin.api.emails.createOne({ enduserId: patientA.id, subject: 'From admin to A', textContent: 'Hi', logOnly: true });
    const adminToB = await admin.api.emails.createOne({ enduserId: patientB.id, subject: 'From admin to B', textContent: 'Hi', logOnly: true });
    const smsSent = await staff.session.api.sms_messages.createOne({ enduserId: patientA.id, message: 'From staff', logOnly: true });
    const smsAdmin = await admin.api.sms_messages.createOne({ enduserId: patientB.id, message: 'From admin', logOnly: true });

    expect(ids(await staff.session.api.emails.getSome())).toEqual([sent.id]);
    await expect(staff.session.api.emails.getOne(adminToA.id)).rejects.toMatchObject({ message: NOT_FOUND });
    await expect(staff.session.api.emails.updateOne(adminToB.id, { tags: ['x'] })).rejects.toMatchObject({ message: NOT_FOUND });
    expect(await staff.session.api.emails.getSome({ filter: { enduserId: patientB.id } })).toEqual([]);
    expect(ids(await staff.session.api.sms_messages.getSome())).toEqual([smsSent.id]);
    await expect(staff.session.api.sms_messages.getOne(smsAdmin.id)).rejects.toMatchObject({ message: NOT_FOUND });

    await admin.api.endusers.updateOne(patientB.id, { assignedTo: [staff.user.id] });
    expect(ids(await staff.session.api.emails.getSome())).toEqual(ids([sent, adminToB]));
    await expect(staff.session.api.sms_messages.getOne(smsAdmin.id)).resolves.toMatchObject({ message: 'From admin' });
    expect(ids(await admin.api.emails.getSome({ filter: { enduserId: patientA.id } }))).toEqual(ids([sent, adminToA]));

    const role = `mail-reader-${randomBytes(3).toString('hex')}`;
    await admin.api.role_based_access_permissions.createOne({ role, permissions: { emails: { create: 'All', read: 'All', update: 'All', delete: null } } } as never);
    const reader = await createStaff(api, admin, { roles: [role] });
    expect(ids(await reader.session.api.emails.getSome({ filter: { enduserId: patientA.id } }))).toEqual(ids([sent, adminToA]));
    await expect(reader.session.api.emails.deleteOne(sent.id)).rejects.toMatchObject({ message: FORBIDDEN });
  });

  test('staff at Assigned see chat rooms they belong to or whose enduser is theirs, those rooms’ chats, and events they or their endusers attend', async () => {
    const role = `assigned-${randomBytes(3).toString('hex')}`;
    const assigned = { create: 'All', read: 'Assigned', update: 'Assigned', delete: null };
    await admin.api.role_based_access_permissions.createOne({ role, permissions: { chat_rooms: assigned, chats: assigned, calendar_events: assigned } } as never);
    const staff = await createStaff(api, admin, { roles: [role] });
    const patient = await admin.api.endusers.createOne({ fname: 'Theirs', assignedTo: [staff.user.id] });
    const stranger = await admin.api.endusers.createOne({ fname: 'Stranger' });

    const memberRoom = await admin.api.chat_rooms.createOne({ title: 'Team', userIds: [staff.user.id] });
    const patientRoom = await admin.api.chat_rooms.createOne({ title: 'Patient', type: 'external', enduserIds: [patient.id] });
    const otherRoom = await admin.api.chat_rooms.createOne({ title: 'Other', type: 'external', enduserIds: [stranger.id], userIds: [admin.userInfo.id] });
    const visibleChat = await admin.api.chats.createOne({ roomId: patientRoom.id, message: 'Visible' });
    const hiddenChat = await admin.api.chats.createOne({ roomId: otherRoom.id, message: 'Hidden' });
    expect(ids(await staff.session.api.chat_rooms.getSome())).toEqual(ids([memberRoom, patientRoom]));
    await expect(staff.session.api.chat_rooms.getOne(otherRoom.id)).rejects.toMatchObject({ message: NOT_FOUND });
    expect(ids(await staff.session.api.chats.getSome())).toEqual([visibleChat.id]);
    await expect(staff.session.api.chats.getOne(hiddenChat.id)).rejects.toMatchObject({ message: NOT_FOUND });

    const attended = await admin.api.calendar_events.createOne(event('Staff attends', { attendees: [{ type: 'user', id: staff.user.id }] }) as never);
    const forPatient = await admin.api.calendar_events.createOne(event('Patient attends', { attendees: [{ type: 'enduser', id: patient.id }] }) as never);
    const elsewhere = await admin.api.calendar_events.createOne(event('Elsewhere', { attendees: [{ type: 'enduser', id: stranger.id }] }) as never);
    const own = await staff.session.api.calendar_events.createOne(event('Own') as never);
    expect(ids(await staff.session.api.calendar_events.getSome())).toEqual(ids([attended, forPatient, own]));
    await expect(staff.session.api.calendar_events.getOne(elsewhere.id)).rejects.toMatchObject({ message: NOT_FOUND });
  });
});
