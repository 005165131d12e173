import { startApi, type RunningApi } from '../support/api-server';
import { callWith, createEnduser, createStaff } from '../identity/support';
import { mailbox, uniquePhone, waitUntil } from '../messaging/support';
import { allEvents, availability, book, bookingFixture, DAY, every, MINUTE } from './support';

describe('GET /calendar-availability and POST /book-appointment', () => {
  let api: RunningApi;
  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(() => api.stop());

  test('availability answers the staff member’s free slots of the template duration, earliest first, within the window and limit', async () => {
    const { admin, staff, template, patient, monday } = await bookingFixture(api);
    // Someone without hours offers nothing; someone with hours on Tuesday only adds Tuesday slots.
    await createStaff(api, admin);
    const tuesdayOnly = await createStaff(api, admin);
    await admin.api.users.updateOne(tuesdayOnly.user.id, { timezone: 'America/New_York', weeklyAvailabilities: every([2], 540, 600) } as never);

    const mondaySlots = await availability(patient.session, { calendarEventTemplateId: template.id, from: new Date(monday), to: new Date(monday + DAY) });
    expect(mondaySlots).toEqual(
      Array.from({ length: 6 }, (_, i) => ({ startTimeInMS: monday + 9 * 60 * MINUTE + i * 30 * MINUTE, userId: staff.user.id, durationInMinutes: 30 })),
    );
    const tuesday = await availability(patient.session, { calendarEventTemplateId: template.id, from: new Date(monday + DAY), to: new Date(monday + 2 * DAY) });
    // 09:00-10:00 New York is 14:00-15:00 UTC in winter, 13:00-14:00 in summer: two slots either way, after the other user's.
    expect(tuesday.filter((slot) => slot.userId === tuesdayOnly.user.id)).toHaveLength(2);
    expect(tuesday.map((slot) => slot.startTimeInMS)).toEqual([...tuesday.map((slot) => slot.startTimeInMS)].sort((a, b) => a - b));

    const named = await availability(patient.session, { calendarEventTemplateId: template.id, userId: tuesdayOnly.user.id, from: new Date(monday), to: new Date(monday + 7 * DAY) });
    expect(new Set(named.map((slot) => slot.userId))).toEqual(new Set([tuesdayOnly.user.id]));
    expect(await availability(admin, { calendarEventTemplateId: template.id, from: new Date(monday), to: new Date(monday + 7 * DAY), limit: 3 })).toHaveLength(3);

    await expect(availability(patient.session, { calendarEventTemplateId: template.id, from: new Date(monday), to: new Date(monday + 31 * DAY) })).rejects.toMatchObject({
      message: 'The availability window must be at most 30 days',
    });
    await expect(availability(patient.session, { from: new Date(monday) })).rejects.toMatchObject({ message: 'Value not provided for required field: calendarEventTemplateId' });
  });

  test('a booking creates one event with both attendees and the template reminders; the slot is no longer offered', async () => {
    const { admin, staff, template, page, terms, patient, monday } = await bookingFixture(api);
    const startTime = new Date(monday + 9 * 60 * MINUTE);
    const { createdEvent } = await book(patient.session, {
      calendarEventTemplateId: template.id,
      userId: staff.user.id,
      startTime,
      bookingPageId: page.id,
      agreedToTerms: terms,
      timezone: 'America/Chicago',
    });
    expect(createdEvent).toMatchObject({
      title: 'Consultation',
      startTimeInMS: startTime.getTime(),
      durationInMinutes: 30,
      timezone: 'America/Chicago',
      templateId: template.id,
      bookingPageId: page.id,
      wasSelfScheduled: true,
      agreedToTerms: terms,
      attendees: [
        { type: 'user', id: staff.user.id },
        { type: 'enduser', id: patient.enduser.id },
      ],
      reminders: [{ type: 'webhook', msBeforeStartTime: 3_600_000, didRemind: false }],
    });
    // The patient sees their event; the slot is gone from availability.
    expect((await patient.session.api.calendar_events.getOne(createdEvent.id)).id).toBe(createdEvent.id);
    const slots = await availability(patient.session, { calendarEventTemplateId: template.id, from: new Date(monday), to: new Date(monday + DAY) });
    expect(slots.map((slot) => slot.startTimeInMS)).not.toContain(startTime.getTime());
    expect(slots).toHaveLength(5);
    expect(await allEvents(admin)).toHaveLength(1);
  });

  test('refusals store nothing: taken slot, outside availability, outside the page dates, terms not agreed', async () => {
    const { admin, staff, template, page, terms, patient, monday, tenant } = await bookingFixture(api);
    const other = await createEnduser(api.host, admin, tenant);
    const at = (minutes: number, day = monday) => new Date(day + minutes * MINUTE);
    const args = { calendarEventTemplateId: template.id, userId: staff.user.id, bookingPageId: page.id, agreedToTerms: terms };
    await book(other.session, { ...args, startTime: at(600) });
    const before = await allEvents(admin);

    await expect(book(patient.session, { ...args, startTime: at(600) })).rejects.toMatchObject({ message: 'This time is no longer available' });
    await expect(book(patient.session, { ...args, startTime: at(615) })).rejects.toMatchObject({ message: 'This time is not within the availability of the selected user' });
    await expect(book(patient.session, { ...args, startTime: at(8 * 60) })).rejects.toMatchObject({ message: 'This time is not within the availability of the selected user' });
    await expect(book(patient.session, { ...args, startTime: at(600, monday + 5 * DAY) })).rejects.toMatchObject({ message: 'This time is not within the availability of the selected user' });
    await expect(book(patient.session, { ...args, startTime: at(660), agreedToTerms: [] })).rejects.toMatchObject({
      message: 'Please agree to every term of this booking page before booking',
    });
    await expect(book(patient.session, { ...args, startTime: at(660), agreedToTerms: [{ title: 'Terms of service', link: 'https://elsewhere.example' }] })).rejects.toMatchObject({
      message: 'Please agree to every term of this booking page before booking',
    });
    await admin.api.appointment_booking_pages.updateOne(page.id, { startDate: new Date(monday + DAY), endDate: new Date(monday + 2 * DAY) } as never);
    await expect(book(patient.session, { ...args, startTime: at(660) })).rejects.toMatchObject({ message: 'This time is outside the dates of this booking page' });
    await expect(book(patient.session, { ...args, startTime: at(660), timezone: 'Mars/Olympus' })).rejects.toMatchObject({ message: 'Error parsing field timezone: Invalid timezone' });
    // A page's dates also bound its availability.
    const pageSlots = await availability(patient.session, { calendarEventTemplateId: template.id, bookingPageId: page.id, from: new Date(monday), to: new Date(monday + 7 * DAY) });
    expect(pageSlots.length).toBe(6);
    expect(pageSlots.every((slot) => slot.startTimeInMS >= monday + DAY && slot.startTimeInMS < monday + 2 * DAY)).toBe(true);

    expect(await allEvents(admin)).toEqual(before);
  });

  test('ten concurrent bookings of one slot make exactly one event', async () => {
    const { admin, staff, template, page, terms, tenant, monday } = await bookingFixture(api);
    const patients = await Promise.all(Array.from({ length: 10 }, () => createEnduser(api.host, admin, tenant)));
    const startTime = new Date(monday + 10 * 60 * MINUTE);
    const results = await Promise.allSettled(
      patients.map((p) => book(p.session, { calendarEventTemplateId: template.id, userId: staff.user.id, startTime, bookingPageId: page.id, agreedToTerms: terms })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason.message)).toEqual(Array(9).fill('This time is no longer available'));
    const events = await allEvents(admin);
    expect(events).toHaveLength(1);
    expect(events[0].startTimeInMS).toBe(startTime.getTime());
  });

  test('a reschedule marks the old event (rescheduledAt, rescheduledTo) and moves its reminders to the new one', async () => {
    const { admin, staff, template, page, terms, patient, monday } = await bookingFixture(api);
    const args = { calendarEventTemplateId: template.id, userId: staff.user.id, bookingPageId: page.id, agreedToTerms: terms };
    const { createdEvent: first } = await book(patient.session, { ...args, startTime: new Date(monday + 9 * 60 * MINUTE) });
    // Staff tailor the booked event's reminders; the reschedule keeps them.
    const custom = [{ type: 'webhook', msBeforeStartTime: 600_000, didRemind: false }];
    await admin.api.calendar_events.updateOne(first.id, { reminders: custom } as never, { replaceObjectFields: true });

    const newStart = monday + DAY + 11 * 60 * MINUTE;
    const { createdEvent: second } = await book(patient.session, { ...args, startTime: new Date(newStart), rescheduledCalendarEventId: first.id });
    expect(second).toMatchObject({ startTimeInMS: newStart, reminders: custom });
    const old = await admin.api.calendar_events.getOne(first.id);
    expect(old).toMatchObject({ rescheduledTo: second.id, reminders: [] });
    expect(Date.parse(String(old.rescheduledAt))).toBeGreaterThan(Date.now() - 60_000);
    // The old time is free again; rescheduling the old event twice is refused.
    const slots = await availability(patient.session, { calendarEventTemplateId: template.id, from: new Date(monday), to: new Date(monday + DAY) });
    expect(slots.map((slot) => slot.startTimeInMS)).toContain(monday + 9 * 60 * MINUTE);
    await expect(book(patient.session, { ...args, startTime: new Date(monday + 9 * 60 * MINUTE), rescheduledCalendarEventId: first.id })).rejects.toMatchObject({
      message: 'This appointment has already been cancelled or rescheduled',
    });
    expect(await allEvents(admin)).toHaveLength(2);
  });

  test('five concurrent reschedules of one event: one succeeds, the others are refused and store nothing', async () => {
    const { admin, staff, template, page, terms, patient, monday } = await bookingFixture(api);
    const args = { calendarEventTemplateId: template.id, userId: staff.user.id, bookingPageId: page.id, agreedToTerms: terms };
    const { createdEvent: original } = await book(patient.session, { ...args, startTime: new Date(monday + 9 * 60 * MINUTE) });
    const results = await Promise.allSettled(
      // Five different free times on Tuesday (09:30 to 11:30), so every loser is refused for the claim alone.
      [1, 2, 3, 4, 5].map((i) => book(patient.session, { ...args, startTime: new Date(monday + DAY + (9 * 60 + i * 30) * MINUTE), rescheduledCalendarEventId: original.id })),
    );
    const succeeded = results.filter((r) => r.status === 'fulfilled') as PromiseFulfilledResult<{ createdEvent: { id: string } }>[];
    expect(succeeded).toHaveLength(1);
    expect(results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason.message)).toEqual(Array(4).fill('This appointment has already been cancelled or rescheduled'));
    expect(await allEvents(admin)).toHaveLength(2);
    expect((await admin.api.calendar_events.getOne(original.id)).rescheduledTo).toBe(succeeded[0].value.createdEvent.id);
  });

  test('a reschedule may move within its own time (the old event does not block itself); staff cannot call book-appointment', async () => {
    const { admin, staff, template, page, terms, patient, monday } = await bookingFixture(api);
    const args = { calendarEventTemplateId: template.id, userId: staff.user.id, bookingPageId: page.id, agreedToTerms: terms };
    const { createdEvent } = await book(patient.session, { ...args, startTime: new Date(monday + 9 * 60 * MINUTE) });
    const { createdEvent: moved } = await book(patient.session, { ...args, startTime: new Date(monday + 9 * 60 * MINUTE), rescheduledCalendarEventId: createdEvent.id });
    expect(moved.id).not.toBe(createdEvent.id);
    const asStaff = await callWith(api.host, `Bearer ${admin.authToken}`, '/v1/book-appointment', { method: 'POST', body: JSON.stringify({ ...args, startTime: new Date(monday + 10 * 60 * MINUTE) }) });
    expect(asStaff.status).toBe(403);
    expect(await allEvents(admin)).toHaveLength(2);
  });

  test('the patient gets a confirmation email and text in the event time zone, unless the template disables them', async () => {
    const { admin, staff, template, page, terms, patient, monday, tenant } = await bookingFixture(api);
    const phone = uniquePhone();
    await admin.api.endusers.updateOne(patient.enduser.id, { phone } as never);
    const args = { calendarEventTemplateId: template.id, userId: staff.user.id, bookingPageId: page.id, agreedToTerms: terms };
    const start = monday + 15 * 60 * MINUTE;
    await admin.api.users.updateOne(staff.user.id, { weeklyAvailabilities: every([1, 2, 3, 4, 5], 540, 1020) } as never, { replaceObjectFields: true });
    await book(patient.session, { ...args, startTime: new Date(start), timezone: 'America/Chicago' });
    // 15:00 UTC is 9:00 AM in Chicago in winter, 10:00 AM in summer.
    const local = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Chicago', hour: 'numeric', minute: '2-digit' }).format(new Date(start));
    const received = await waitUntil(() => mailbox(api.host, patient.email, admin), (list) => list.length > 0);
    expect(received).toHaveLength(1);
    expect(received[0].subject).toBe('Your appointment is confirmed: Consultation');
    expect(received[0].text).toContain(`at ${local}`);
    const texts = await waitUntil(() => mailbox(api.host, phone, admin), (list) => list.length > 0);
    // The text says what the email's first line says (the email goes on with the place and its links).
    expect(texts.map((t) => t.text)).toEqual([received[0].text.split('\n')[0]]);

    await admin.api.calendar_event_templates.updateOne(template.id, { confirmationEmailDisabled: true, confirmationSMSDisabled: true } as never);
    const quiet = await createEnduser(api.host, admin, tenant, { phone: uniquePhone() });
    await book(quiet.session, { ...args, startTime: new Date(start + 60 * MINUTE) });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await mailbox(api.host, quiet.email, admin)).toEqual([]);
  });
});
