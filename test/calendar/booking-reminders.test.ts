import { createEnduser, createStaff } from '../identity/support';
import { sleep, startAutomations, type Automations } from '../automations/support';
import { book, every } from './support';

/** Booked events' reminders through the real worker and SMTP: the template's reminders start, a reschedule moves them. */
describe('booking and reminders end to end', () => {
  let automations: Automations;
  beforeAll(async () => {
    automations = await startAutomations();
  });
  afterAll(async () => {
    await automations?.stop();
  });

  test("a booked event's reminder is sent for its new time after a reschedule, and never for the old one", async () => {
    const { sdk: admin, tenant } = await automations.session();
    const api = automations.api;
    const staff = await createStaff(api, admin);
    // Open all day in UTC, one-minute appointments: any minute is a slot.
    await admin.api.users.updateOne(staff.user.id, { timezone: 'UTC', weeklyAvailabilities: every([0, 1, 2, 3, 4, 5, 6], 0, 1440) } as never);
    const now = Date.now();
    const start = Math.ceil((now + 120_000) / 60_000) * 60_000;
    // Due 25 s from now for the first booking; the rescheduled time (a minute earlier) is already due.
    const msBeforeStartTime = start - (now + 25_000);
    const template = await admin.api.calendar_event_templates.createOne({
      title: 'Reminder visit',
      durationInMinutes: 1,
      enableSelfScheduling: true,
      reminders: [{ type: 'enduser-notification', msBeforeStartTime, info: { channel: 'Email' } }],
    } as never);
    const patient = await createEnduser(api.host, admin, tenant);
    const args = { calendarEventTemplateId: template.id, userId: staff.user.id };

    const { createdEvent: first } = await book(patient.session, { ...args, startTime: new Date(start) });
    const { createdEvent: second } = await book(patient.session, { ...args, startTime: new Date(start - 60_000), rescheduledCalendarEventId: first.id });
    expect(second.reminders).toEqual([{ type: 'enduser-notification', msBeforeStartTime, info: { channel: 'Email' }, didRemind: false }]);

    await automations.smtp.waitFor(patient.email, { timeoutMs: 20_000 });
    // Past the first event's reminder time: still one reminder.
    await sleep(Math.max(0, now + 30_000 - Date.now()));
    expect(automations.smtp.to(patient.email)).toHaveLength(1);
    expect((await admin.api.calendar_events.getOne(second.id)).reminders?.[0]).toMatchObject({ didRemind: true });
    expect((await admin.api.calendar_events.getOne(first.id)).reminders).toEqual([]);
  });
});
