import type { Session } from '@tellescope/sdk';
import { startApi, type RunningApi } from '../support/api-server';
import { callWith, createEnduser, createStaff } from '../identity/support';
import { mailbox, waitUntil } from '../messaging/support';
import { bookingFixture, DAY, every, MINUTE } from './support';

/**
 * The staff calendar's calls: POST /schedule-appointment and POST /reschedule-appointment (checked
 * against booking's availability, refusals naming the staff member, the patient told), and
 * GET /users-without-timezone (the calendar's warning).
 */
describe('staff scheduling calls', () => {
  let api: RunningApi;
  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(() => api.stop());

  const call = (session: Session, path: string, body?: unknown) =>
    callWith(api.host, `Bearer ${session.authToken}`, path, body === undefined ? {} : { method: 'POST', body: JSON.stringify(body) }) as Promise<{ status: number; body: any }>;

  const named = async (admin: Session, userId: string) => {
    await admin.api.users.updateOne(userId, { fname: 'Grace', lname: 'Hopper' } as never);
  };

  test('staff book a patient within the working hours; outside them or over another appointment is refused with the staff member’s name', async () => {
    const { admin, staff, template, patient, monday } = await bookingFixture(api);
    await named(admin, staff.user.id);
    const nine = monday + 9 * 60 * MINUTE;
    const args = { calendarEventTemplateId: template.id, userId: staff.user.id, enduserId: patient.enduser.id };

    // Any minute within the hours (not only the 30-minute slots patients see).
    const booked = await call(admin, '/v1/schedule-appointment', { ...args, startTime: new Date(nine + 10 * MINUTE).toISOString(), timezone: 'UTC' });
    expect(booked.status).toBe(200);
    expect(booked.body.createdEvent).toMatchObject({
      title: 'Consultation',
      startTimeInMS: nine + 10 * MINUTE,
      durationInMinutes: 30,
      templateId: template.id,
      wasSelfScheduled: false,
      attendees: [
        { type: 'user', id: staff.user.id },
        { type: 'enduser', id: patient.enduser.id },
      ],
      reminders: [{ type: 'webhook', msBeforeStartTime: 3_600_000, didRemind: false }],
    });

    const overlapping = await call(admin, '/v1/schedule-appointment', { ...args, startTime: new Date(nine + 30 * MINUTE).toISOString() });
    expect(overlapping).toEqual({ status: 400, body: expect.objectContaining({ message: 'Grace Hopper already has an appointment or is busy at this time. Pick another time.' }) });
    const evening = await call(admin, '/v1/schedule-appointment', { ...args, startTime: new Date(monday + 18 * 60 * MINUTE).toISOString() });
    expect(evening).toEqual({ status: 400, body: expect.objectContaining({ message: 'Grace Hopper is not working at this time. Pick a time within their working hours.' }) });
    // A connected calendar's event (carrying the other calendar's id) is busy time too.
    await admin.api.calendar_events.createOne({ title: 'Private', startTimeInMS: nine + 2 * 60 * MINUTE, durationInMinutes: 60, externalId: 'google-123', attendees: [{ type: 'user', id: staff.user.id }] } as never);
    const overExternal = await call(admin, '/v1/schedule-appointment', { ...args, startTime: new Date(nine + 2 * 60 * MINUTE + 15 * MINUTE).toISOString() });
    expect(overExternal.body.message).toBe('Grace Hopper already has an appointment or is busy at this time. Pick another time.');

    const events = await admin.api.calendar_events.getSome({ limit: 100 } as never);
    expect(events.filter((event) => event.templateId === template.id)).toHaveLength(1);
    // The patient was told, through the delivery path (an email on their record).
    const mail = await waitUntil(
      () => admin.api.emails.getSome({ filter: { enduserId: patient.enduser.id } } as never),
      (list) => list.length > 0,
    );
    expect(mail[0]).toMatchObject({ subject: 'Your appointment is booked: Consultation' });
    expect(String(mail[0]!.textContent)).toMatch(/^Your Consultation is booked for Monday, .+ at 9:10 AM UTC\./);
  });

  test('a reschedule moves the appointment in place, checked like a booking without counting itself, and tells the patient', async () => {
    const { admin, staff, template, patient, monday } = await bookingFixture(api);
    await named(admin, staff.user.id);
    const nine = monday + 9 * 60 * MINUTE;
    const { body } = await call(admin, '/v1/schedule-appointment', { calendarEventTemplateId: template.id, userId: staff.user.id, enduserId: patient.enduser.id, startTime: new Date(nine).toISOString() });
    const id = body.createdEvent.id as string;

    // Fifteen minutes later overlaps only itself: allowed.
    const moved = await call(admin, '/v1/reschedule-appointment', { calendarEventId: id, startTime: new Date(nine + 15 * MINUTE).toISOString() });
    expect(moved.status).toBe(200);
    expect(moved.body.updatedEvent).toMatchObject({ id, startTimeInMS: nine + 15 * MINUTE });
    const told = await waitUntil(
      () => admin.api.emails.getSome({ filter: { enduserId: patient.enduser.id } } as never),
      (list) => list.some((email) => email.subject === 'Your appointment was moved: Consultation'),
    );
    expect(told.find((email) => email.subject === 'Your appointment was moved: Consultation')?.textContent).toMatch(/moved to Monday, .+ at 9:15 AM UTC\./);

    // To another staff member with hours then; refused outside the hours; a cancelled one cannot move.
    const other = await createStaff(api, admin);
    await admin.api.users.updateOne(other.user.id, { fname: 'Ada', lname: 'Byron', timezone: 'UTC', weeklyAvailabilities: every([1], 600, 660) } as never);
    expect((await call(admin, '/v1/reschedule-appointment', { calendarEventId: id, startTime: new Date(nine).toISOString(), userId: other.user.id })).body.message).toBe(
      'Ada Byron is not working at this time. Pick a time within their working hours.',
    );
    const handed = await call(admin, '/v1/reschedule-appointment', { calendarEventId: id, startTime: new Date(nine + 60 * MINUTE).toISOString(), userId: other.user.id });
    expect(handed.body.updatedEvent.attendees).toEqual([
      { type: 'user', id: other.user.id },
      { type: 'enduser', id: patient.enduser.id },
    ]);
    await admin.api.calendar_events.updateOne(id, { cancelledAt: new Date(), cancelReason: 'Patient asked' } as never);
    expect(await call(admin, '/v1/reschedule-appointment', { calendarEventId: id, startTime: new Date(nine + DAY).toISOString() })).toEqual({
      status: 400,
      body: expect.objectContaining({ message: 'This appointment was cancelled or moved, so it cannot be changed' }),
    });
    // Patients cannot use the staff calls.
    expect((await call(patient.session as unknown as Session, '/v1/reschedule-appointment', { calendarEventId: id, startTime: new Date(nine).toISOString() })).status).toBe(403);
  });

  test('users-without-timezone names the staff whose hours no zone applies to', async () => {
    const { admin, staff, tenant } = await bookingFixture(api);
    const noZone = await createStaff(api, admin);
    await admin.api.users.updateOne(noZone.user.id, { fname: 'Nora', lname: 'Noclock', weeklyAvailabilities: every([1], 540, 600) } as never);
    const query = `?userIds[0]=${staff.user.id}&userIds[1]=${noZone.user.id}`;
    expect(await call(admin, `/v1/users-without-timezone${query}`)).toEqual({ status: 200, body: { userIds: [noZone.user.id] } });
    // Default: the caller's own hours.
    expect((await call(noZone.session, '/v1/users-without-timezone')).body).toEqual({ userIds: [noZone.user.id] });
    const errors = await admin.api.background_errors.getSome({ limit: 100 } as never);
    expect(errors.filter((error) => error.title === 'Working hours without a time zone').map((error) => error.message)).toEqual([expect.stringContaining('Nora Noclock')]);
    const outsider = await createEnduser(api.host, admin, tenant);
    expect((await call(outsider.session as unknown as Session, '/v1/users-without-timezone')).status).toBe(403);
  });
});
