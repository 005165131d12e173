import { startApi, type RunningApi } from '../support/api-server';
import { callWith, createEnduser, createStaff } from '../identity/support';
import { freshTenant } from '../analytics/support';
import { startWebhookReceiver } from '../automations/support';
import { DAY, MINUTE, nextMonday } from './support';

describe('calendar events: lifecycle, events-for-user, enduser visibility, RSVPs, .ics, reminder webhook', () => {
  let api: RunningApi;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  const previousAllow = process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS;
  beforeAll(async () => {
    process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS = 'true';
    api = await startApi();
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    if (previousAllow === undefined) delete process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS;
    else process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS = previousAllow;
    await receiver.stop();
    await api.stop();
  });

  const setup = async () => {
    const { tenant, admin } = await freshTenant(api);
    const staff = await createStaff(api, admin);
    const patient = await createEnduser(api.host, admin, tenant);
    const stranger = await createEnduser(api.host, admin, tenant);
    const monday = nextMonday();
    const event = (fields: Record<string, unknown>) =>
      admin.api.calendar_events.createOne({ title: 'Visit', startTimeInMS: monday + 9 * 60 * MINUTE, durationInMinutes: 30, ...fields } as never);
    return { tenant, admin, staff, patient, stranger, monday, event };
  };

  test('lifecycle stamps through the generic update: cancel, no-show, reschedule; an empty string clears a stamp', async () => {
    const { admin, event, staff, patient } = await setup();
    const visit = await event({ attendees: [{ type: 'user', id: staff.user.id }, { type: 'enduser', id: patient.enduser.id }] });
    const next = await event({ title: 'Moved visit' });
    const cancelledAt = new Date().toISOString();
    expect(await admin.api.calendar_events.updateOne(visit.id, { cancelledAt, cancelReason: 'Sick' } as never)).toMatchObject({ cancelledAt, cancelReason: 'Sick' });
    expect((await admin.api.calendar_events.updateOne(visit.id, { cancelledAt: '' } as never)).cancelledAt).toBeUndefined();
    expect((await admin.api.calendar_events.updateOne(visit.id, { noShowedAt: cancelledAt } as never)).noShowedAt).toBe(cancelledAt);
    expect(await admin.api.calendar_events.updateOne(visit.id, { rescheduledAt: cancelledAt, rescheduledTo: next.id } as never)).toMatchObject({ rescheduledAt: cancelledAt, rescheduledTo: next.id });
    // The patient attending sees the stamps.
    expect(await patient.session.api.calendar_events.getOne(visit.id)).toMatchObject({ rescheduledTo: next.id, noShowedAt: cancelledAt });
  });

  test('GET /events-for-user answers the events a user attends within from/to, earliest first, up to limit; staff only', async () => {
    const { admin, staff, patient, monday, event } = await setup();
    const other = await createStaff(api, admin);
    const mine = (day: number, fields: Record<string, unknown> = {}) => event({ startTimeInMS: monday + day * DAY, attendees: [{ type: 'user', id: staff.user.id }], ...fields });
    const third = await mine(3);
    const first = await mine(1);
    const second = await mine(2, { attendees: [{ type: 'enduser', id: patient.enduser.id }, { type: 'user', id: staff.user.id }] });
    await mine(10);
    await event({ startTimeInMS: monday + DAY, attendees: [{ type: 'user', id: other.user.id }] });
    await event({ startTimeInMS: monday + DAY });

    const events = (args: Record<string, unknown>) =>
      admin.api.calendar_events.get_events_for_user(args as never).then((answer) => (answer as unknown as { events: { id: string }[] }).events.map((e) => e.id));
    expect(await events({ userId: staff.user.id, from: new Date(monday), to: new Date(monday + 5 * DAY) })).toEqual([first.id, second.id, third.id]);
    expect(await events({ userId: staff.user.id, from: new Date(monday), to: new Date(monday + 5 * DAY), limit: 2 })).toEqual([first.id, second.id]);
    expect(await events({ userId: staff.user.id, from: new Date(monday + 2 * DAY), to: new Date(monday + 3 * DAY) })).toEqual([second.id, third.id]);
    // Without userId: the caller's own events.
    const own = (await staff.session.api.calendar_events.get_events_for_user({ from: new Date(monday), to: new Date(monday + 5 * DAY) } as never)) as unknown as { events: { id: string }[] };
    expect(own.events.map((e) => e.id)).toEqual([first.id, second.id, third.id]);
    // withPatients: the attending patients too, as the list call answers them (the calendar names them without a second request).
    const withPatients = (await admin.api.calendar_events.get_events_for_user({ userId: staff.user.id, from: new Date(monday), to: new Date(monday + 5 * DAY), withPatients: true } as never)) as unknown as { events: { id: string }[]; patients: { id: string; fname?: string }[] };
    expect(withPatients.events.map((e) => e.id)).toEqual([first.id, second.id, third.id]);
    expect(withPatients.patients.map((p) => p.id)).toEqual([patient.enduser.id]);
    expect(withPatients.patients[0]!.fname).toBe(patient.enduser.fname);
    const asPatient = await callWith(api.host, `Bearer ${patient.session.authToken}`, `/v1/events-for-user?userId=${staff.user.id}`);
    expect(asPatient.status).toBe(403);
  });

  test('events-for-user follows an event as its staff attendees and start change, and forgets it when deleted (the staff attendance the triggers keep)', async () => {
    const { admin, staff, monday, event } = await setup();
    const other = await createStaff(api, admin);
    const week = (userIds: string[]) =>
      admin.api.calendar_events
        .get_events_for_user({ userIds, from: new Date(monday), to: new Date(monday + 7 * DAY) } as never)
        .then((answer) => (answer as unknown as { events: { id: string }[] }).events.map((e) => e.id));
    const visit = await event({ startTimeInMS: monday + DAY, attendees: [{ type: 'user', id: staff.user.id }, { type: 'user', id: staff.user.id }] });
    expect(await week([staff.user.id, other.user.id])).toEqual([visit.id]);
    await admin.api.calendar_events.updateOne(visit.id, { attendees: [{ type: 'user', id: other.user.id }] } as never, { replaceObjectFields: true });
    expect(await week([staff.user.id])).toEqual([]);
    expect(await week([other.user.id])).toEqual([visit.id]);
    await admin.api.calendar_events.updateOne(visit.id, { startTimeInMS: monday + 10 * DAY } as never);
    expect(await week([other.user.id])).toEqual([]);
    await admin.api.calendar_events.updateOne(visit.id, { startTimeInMS: monday + 2 * DAY } as never);
    expect(await week([other.user.id])).toEqual([visit.id]);
    await admin.api.calendar_events.deleteOne(visit.id);
    expect(await week([other.user.id])).toEqual([]);
  });

  test('endusers see the events they attend and public ones, RSVP to them, and change only their own RSVPs; numRSVPs is kept by the server', async () => {
    const { admin, patient, stranger, event } = await setup();
    const attended = await event({ attendees: [{ type: 'enduser', id: patient.enduser.id }] });
    const group = await event({ title: 'Group class', publicRead: true });
    const hidden = await event({ title: 'Someone else', attendees: [{ type: 'enduser', id: stranger.enduser.id }] });

    const seen = (await patient.session.api.calendar_events.getSome()).map((e) => e.id).sort();
    expect(seen).toEqual([attended.id, group.id].sort());
    await expect(patient.session.api.calendar_events.getOne(hidden.id)).rejects.toMatchObject({ message: 'Could not find a record for the given id' });
    await expect(patient.session.api.calendar_events.createOne({ title: 'Mine', startTimeInMS: Date.now(), durationInMinutes: 10 } as never)).rejects.toBeTruthy();
    await expect(patient.session.api.calendar_events.updateOne(attended.id, { publicRead: true } as never)).rejects.toMatchObject({
      message: 'Enduser cannot create or update public events',
    });

    const rsvp = await patient.session.api.calendar_event_RSVPs.createOne({ eventId: group.id, status: 'Going', displayName: 'Pat' } as never);
    const other = await stranger.session.api.calendar_event_RSVPs.createOne({ eventId: group.id, status: 'Maybe' } as never);
    expect(rsvp.creatorType).toBe('enduser');
    expect((await admin.api.calendar_events.getOne(group.id)).numRSVPs).toBe(2);
    await expect(patient.session.api.calendar_events.updateOne(group.id, { numRSVPs: 10 } as never)).rejects.toMatchObject({ message: 'Error parsing field numRSVPs: This field cannot be updated' });
    expect((await patient.session.api.calendar_event_RSVPs.updateOne(rsvp.id, { status: 'Not going' } as never)).status).toBe('Not going');
    await expect(patient.session.api.calendar_event_RSVPs.updateOne(other.id, { status: 'Hijacked' } as never)).rejects.toBeTruthy();
    await expect(patient.session.api.calendar_event_RSVPs.deleteOne(other.id)).rejects.toBeTruthy();
    // An RSVP to an event the enduser cannot see is refused.
    await expect(patient.session.api.calendar_event_RSVPs.createOne({ eventId: hidden.id, status: 'Going' } as never)).rejects.toBeTruthy();
    await patient.session.api.calendar_event_RSVPs.deleteOne(rsvp.id);
    expect((await admin.api.calendar_events.getOne(group.id)).numRSVPs).toBe(1);
    expect((await admin.api.calendar_event_RSVPs.getOne(other.id)).status).toBe('Maybe');
  });

  test('an attending enduser reads the event’s portal content: attachments, shared content, tasks, form responses, hideUsers, care plan', async () => {
    const { admin, patient, event } = await setup();
    const id = (n: number) => `${'0'.repeat(23)}${n}`;
    const content = {
      attachments: [{ fileId: id(1), displayName: 'Intake.pdf' }],
      sharedContentIds: [id(2)],
      enduserTasks: [{ id: id(3), enduserId: patient.enduser.id }],
      enduserFormResponses: [{ enduserId: patient.enduser.id, formId: id(4), accessCode: 'abc' }],
      portalSettings: { hideUsers: true },
    };
    const carePlan = await admin.api.care_plans.createOne({ title: 'Recovery', enduserId: patient.enduser.id } as never);
    const visit = await event({ ...content, carePlanId: carePlan.id, attendees: [{ type: 'enduser', id: patient.enduser.id }] });
    expect(await patient.session.api.calendar_events.getOne(visit.id)).toMatchObject({ ...content, carePlanId: carePlan.id });
    await expect(admin.api.calendar_events.updateOne(visit.id, { attachments: [{ fileId: 'nope', displayName: 'x' }] } as never)).rejects.toMatchObject({
      message: expect.stringContaining('attachments'),
    });
  });

  test('.ics download for staff and attendees: UTC start and end, title and location; others get 404', async () => {
    const { admin, staff, patient, stranger, monday, event } = await setup();
    const start = monday + 14 * 60 * MINUTE + 30 * MINUTE;
    const visit = await event({
      title: 'Internal title',
      displayTitle: 'Your visit',
      startTimeInMS: start,
      durationInMinutes: 45,
      timezone: 'America/Los_Angeles',
      location: 'Main Street Clinic',
      attendees: [{ type: 'user', id: staff.user.id }, { type: 'enduser', id: patient.enduser.id }],
    });
    const stamp = (ms: number) => new Date(ms).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
    const download = (token: string) => callWith(api.host, `Bearer ${token}`, `/v1/calendar-events/download-ics-file?calendarEventId=${visit.id}`);

    const forPatient = await download(patient.session.authToken);
    expect(forPatient.status).toBe(200);
    const ics = String(forPatient.body);
    expect(ics).toContain('BEGIN:VCALENDAR');
    expect(ics).toContain(`DTSTART:${stamp(start)}`);
    expect(ics).toMatch(new RegExp(`DTEND:${stamp(start + 45 * MINUTE)}|DURATION:PT45M`));
    expect(ics).toContain('SUMMARY:Your visit');
    expect(ics).toContain('LOCATION:Main Street Clinic');
    expect(ics).toContain(`UID:${visit.id}@carelane`);
    expect(String((await download(admin.authToken)).body)).toContain('SUMMARY:Internal title');
    // Through the reference client (an arraybuffer answer).
    const viaClient = await staff.session.api.calendar_events.download_ics_file({ calendarEventId: visit.id } as never);
    expect(Buffer.from(viaClient as unknown as ArrayBuffer).toString()).toContain(`DTSTART:${stamp(start)}`);
    expect((await download(stranger.session.authToken)).status).toBe(404);
  });

  test('POST /send-calendar-event-reminder-webhook sends the reminder-format webhook now', async () => {
    const { admin, event } = await setup();
    await admin.api.webhooks.configure({ url: receiver.url, secret: 'a-long-random-webhook-secret' } as never);
    const visit = await event({ reminders: [{ type: 'webhook', msBeforeStartTime: 3_600_000, info: { note: 'bring forms' } }] });
    const before = receiver.received.length;
    // The reference client has no method for this call (its schema lists the path): called directly.
    const send = (id: string) => callWith(api.host, `Bearer ${admin.authToken}`, '/v1/send-calendar-event-reminder-webhook', { method: 'POST', body: JSON.stringify({ id }) });
    expect(await send(visit.id)).toEqual({ status: 200, body: {} });
    expect(receiver.received).toHaveLength(before + 1);
    expect(JSON.parse(receiver.received[before].body)).toMatchObject({
      type: 'calendar-reminder',
      calendarEventId: visit.id,
      title: 'Visit',
      startTimeInMS: visit.startTimeInMS,
      msBeforeStartTime: 3_600_000,
      info: { note: 'bring forms' },
    });
    expect(await send('0123456789abcdef01234567')).toMatchObject({ status: 404, body: { message: 'Could not find a record for the given id' } });
  });
});
