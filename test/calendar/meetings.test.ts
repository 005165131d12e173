import { startApi, type RunningApi } from '../support/api-server';
import { callWith, createEnduser, createStaff } from '../identity/support';
import { freshTenant } from '../analytics/support';
import { MINUTE, nextMonday } from './support';

type Answer = { id: string; meeting: any; host?: any; attendee?: any };

describe('meetings (seeds 001 §7.7): start, invite, attendees, end, events, links, Zoom', () => {
  let api: RunningApi;
  beforeAll(async () => {
    api = await startApi({ env: { PORTAL_URL: 'http://portal.example.test' } });
  });
  afterAll(() => api.stop());

  const setup = async () => {
    const { tenant, admin } = await freshTenant(api);
    const staff = await createStaff(api, admin);
    const patient = await createEnduser(api.host, admin, tenant);
    const stranger = await createEnduser(api.host, admin, tenant);
    return { tenant, admin, staff, patient, stranger };
  };

  test('start-meeting: a live meeting with info for each attendee; status and server fields cannot be written by clients', async () => {
    const { admin, staff, patient, stranger } = await setup();
    const started = (await admin.api.meetings.start_meeting({ attendees: [{ type: 'enduser', id: patient.enduser.id }, { type: 'user', id: staff.user.id }] } as never)) as unknown as Answer;
    expect(started.meeting.Meeting).toMatchObject({ provider: 'builtin', MediaPlacement: { SignalingURL: `/v1/meetings/${started.id}/signal` } });
    expect(started.host).toMatchObject({ id: admin.userInfo.id, info: { AttendeeId: expect.any(String), ExternalUserId: admin.userInfo.id, JoinToken: expect.any(String) } });
    const stored = await admin.api.meetings.getOne(started.id);
    expect(stored).toMatchObject({ status: 'live', creator: admin.userInfo.id });
    expect((stored.attendees as any[]).map((a) => [a.type, a.id])).toEqual([
      ['user', admin.userInfo.id],
      ['enduser', patient.enduser.id],
      ['user', staff.user.id],
    ]);

    await expect(admin.api.meetings.updateOne(started.id, { status: 'ended' } as never)).rejects.toMatchObject({ message: 'Error parsing field status: This field cannot be updated' });
    await expect(admin.api.meetings.updateOne(started.id, { attendees: [] } as never)).rejects.toMatchObject({ message: 'Error parsing field attendees: This field cannot be updated' });
    await expect(admin.api.meetings.createOne({ publicRead: false } as never)).rejects.toBeTruthy();
    await expect(patient.session.api.meetings.updateOne(started.id, { publicRead: true } as never)).rejects.toBeTruthy();
    expect((await admin.api.meetings.getOne(started.id)).status).toBe('live');

    // The patient sees it in my-meetings with their own info; attendee-info gives the others without join tokens.
    const mine = (await patient.session.api.meetings.my_meetings()) as any[];
    expect(mine.map((m) => m.id)).toEqual([started.id]);
    const info = (await patient.session.api.meetings.attendee_info({ id: started.id })) as any;
    expect(info.attendee).toMatchObject({ type: 'enduser', id: patient.enduser.id, info: { JoinToken: expect.any(String) } });
    expect(info.others).toHaveLength(2);
    expect(JSON.stringify(info.others)).not.toContain('JoinToken');
    expect((await stranger.session.api.meetings.my_meetings()) as any[]).toEqual([]);
    await expect(stranger.session.api.meetings.attendee_info({ id: started.id })).rejects.toMatchObject({ message: 'Could not find a record for the given id' });
  });

  test('add-attendees-to-meeting (by id or ExternalMeetingId) and send-meeting-invite (adds the enduser and mails the link)', async () => {
    const { admin, staff, patient, stranger } = await setup();
    const started = (await admin.api.meetings.start_meeting({ attendees: [] } as never)) as unknown as Answer;
    await admin.api.meetings.add_attendees_to_meeting({ id: started.meeting.ExternalMeetingId, attendees: [{ type: 'user', id: staff.user.id }] } as never);
    await admin.api.meetings.add_attendees_to_meeting({ id: started.id, attendees: [{ type: 'user', id: staff.user.id }] } as never);
    await expect(admin.api.meetings.add_attendees_to_meeting({ id: started.id, attendees: [{ type: 'user', id: '0123456789abcdef01234567' }] } as never)).rejects.toMatchObject({
      message: 'Could not find an attendee for the given id',
    });
    await admin.api.meetings.send_invite({ meetingId: started.id, enduserId: patient.enduser.id } as never);
    const stored = await admin.api.meetings.getOne(started.id);
    expect((stored.attendees as any[]).map((a) => a.id)).toEqual([admin.userInfo.id, staff.user.id, patient.enduser.id]);
    let mail: { subject: string; text: string }[] = [];
    for (let i = 0; i < 50 && mail.length === 0; i++) {
      // Read as the tenant's Admin, a root Admin: the development mailbox serves no one else.
      mail = (await (await fetch(`${api.host}/dev/mailbox?format=json&to=${encodeURIComponent(patient.email)}`, { headers: { Authorization: `Bearer ${admin.authToken}` } })).json()) as typeof mail;
      if (!mail.length) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(mail[0].text).toContain(`http://portal.example.test/video-call?meetingId=${started.id}`);
    // Staff not attending may not add people.
    const outsider = await createStaff(api, admin, { roles: ['Admin'] });
    await expect(outsider.session.api.meetings.send_invite({ meetingId: started.id, enduserId: stranger.enduser.id } as never)).rejects.toMatchObject({
      message: 'Only attendees of this meeting may do this',
    });
  });

  test('end-meeting: only the host (or an Admin); status ended and endedAt once; ended meetings leave my-meetings', async () => {
    const { admin, staff, patient } = await setup();
    const started = (await staff.session.api.meetings.start_meeting({ attendees: [{ type: 'enduser', id: patient.enduser.id }] } as never)) as unknown as Answer;
    const other = await createStaff(api, admin);
    await admin.api.meetings.add_attendees_to_meeting({ id: started.id, attendees: [{ type: 'user', id: other.user.id }] } as never).catch(() => undefined);
    await expect(other.session.api.meetings.end_meeting({ id: started.id })).rejects.toBeTruthy();
    expect((await staff.session.api.meetings.getOne(started.id)).status).toBe('live');
    await staff.session.api.meetings.end_meeting({ id: started.id });
    const ended = await staff.session.api.meetings.getOne(started.id);
    expect(ended.status).toBe('ended');
    expect(Date.parse(String(ended.endedAt))).toBeGreaterThan(Date.now() - 60_000);
    await staff.session.api.meetings.end_meeting({ id: started.id });
    expect((await staff.session.api.meetings.getOne(started.id)).endedAt).toBe(ended.endedAt);
    expect((await patient.session.api.meetings.my_meetings()) as any[]).toEqual([]);
    await expect(staff.session.api.meetings.add_attendees_to_meeting({ id: started.id, attendees: [{ type: 'user', id: admin.userInfo.id }] } as never)).rejects.toMatchObject({
      message: 'This meeting has ended',
    });
  });

  test('start-meeting-for-event and join-meeting-for-event: the event shows the meeting and its status; only attendees join while it is live', async () => {
    const { admin, staff, patient, stranger } = await setup();
    const event = await admin.api.calendar_events.createOne({
      title: 'Video visit',
      startTimeInMS: nextMonday() + 9 * 60 * MINUTE,
      durationInMinutes: 30,
      enableVideoCall: true,
      attendees: [{ type: 'user', id: staff.user.id }, { type: 'enduser', id: patient.enduser.id }],
    } as never);
    await expect(patient.session.api.meetings.join_meeting_for_event({ calendarEventId: event.id })).rejects.toMatchObject({ message: 'The meeting for this event has not started' });
    await expect(admin.api.calendar_events.updateOne(event.id, { meetingStatus: 'live' } as never)).rejects.toMatchObject({ message: 'Error parsing field meetingStatus: This field cannot be updated' });

    const started = (await staff.session.api.meetings.start_meeting_for_event({ calendarEventId: event.id })) as unknown as Answer;
    expect(await admin.api.calendar_events.getOne(event.id)).toMatchObject({ meetingId: started.id, meetingStatus: 'live' });
    expect((await admin.api.meetings.getOne(started.id)).meetingInfo).toMatchObject({ calendarEventId: event.id, creator: staff.user.id });
    // Starting again answers the same live meeting.
    expect(((await staff.session.api.meetings.start_meeting_for_event({ calendarEventId: event.id })) as unknown as Answer).id).toBe(started.id);

    const joined = (await patient.session.api.meetings.join_meeting_for_event({ calendarEventId: event.id })) as unknown as Answer;
    expect(joined).toMatchObject({ id: started.id, attendee: { type: 'enduser', id: patient.enduser.id, info: { JoinToken: expect.any(String) } } });
    expect(joined.meeting.Meeting.MediaPlacement.SignalingURL).toBe(`/v1/meetings/${started.id}/signal`);
    await expect(stranger.session.api.meetings.join_meeting_for_event({ calendarEventId: event.id })).rejects.toMatchObject({ message: 'Could not find a record for the given id' });

    await staff.session.api.meetings.end_meeting({ id: started.id });
    expect((await admin.api.calendar_events.getOne(event.id)).meetingStatus).toBe('ended');
    await expect(patient.session.api.meetings.join_meeting_for_event({ calendarEventId: event.id })).rejects.toMatchObject({ message: 'This meeting has ended' });
  });

  test('generate-meeting-link for an attending enduser; Zoom calls name the missing credentials', async () => {
    const { admin, patient, stranger } = await setup();
    const event = await admin.api.calendar_events.createOne({ title: 'Video', startTimeInMS: nextMonday(), durationInMinutes: 15, attendees: [{ type: 'enduser', id: patient.enduser.id }] } as never);
    expect(await admin.api.calendar_events.generate_meeting_link({ eventId: event.id, enduserId: patient.enduser.id })).toEqual({
      link: `http://portal.example.test/video-call?calendarEventId=${event.id}`,
    });
    await expect(admin.api.calendar_events.generate_meeting_link({ eventId: event.id, enduserId: stranger.enduser.id })).rejects.toMatchObject({
      message: 'This enduser does not attend this event',
    });
    const missing = { message: 'Zoom is not configured: set ZOOM_ACCOUNT_ID, ZOOM_CLIENT_ID, ZOOM_CLIENT_SECRET' };
    await expect(admin.api.calendar_events.generate_zoom_meeting({ calendarEventId: event.id, userId: admin.userInfo.id } as never)).rejects.toMatchObject(missing);
    await expect(admin.api.calendar_events.change_zoom_host({ calendarEventId: event.id, userId: admin.userInfo.id })).rejects.toMatchObject(missing);
    const raw = await callWith(api.host, `Bearer ${admin.authToken}`, '/v1/generate-zoom-meeting', { method: 'POST', body: JSON.stringify({ calendarEventId: event.id, userId: admin.userInfo.id }) });
    expect(raw.status).toBe(400);
  });
});
