import { Client, Connection } from '@temporalio/client';
import type { Session } from '@tellescope/sdk';
import { instantOf } from '@carelane/automation';
import { QUERIES, remindersWorkflowId } from '@carelane/workflows/constants';
import type { RemindersStatus } from '@carelane/workflows/reminders';
import { createEnduser, createStaff } from '../identity/support';
import { book, every, nextMonday } from '../calendar/support';
import { testEnv } from '../support/env';
import { usePortalHarness } from '../support/portal-harness';
import { checkScreen, DESKTOP, MOBILE, openAsAdmin } from '../support/staff-console';
import { adminSession } from '../support/tenant';

const HOUR = 3_600_000;
const ZONE = 'America/Los_Angeles';

/**
 * Issue 34: the staff calendar. The Admin (on Los Angeles time, with weekday hours 08:00-17:00 there)
 * sees a patient's own booking at its local time on the week view, moves it with the form (its
 * reminders move and the patient is emailed), cancels with a reason, marks a no-show, books from the
 * patient record (a conflict refused in words), and sees the warning for a colleague whose hours have
 * no time zone.
 */
describe('portal: staff calendar', () => {
  const harness = usePortalHarness({ mail: true, automations: true, timezoneId: 'Europe/Berlin' });
  let admin: Session;
  let adminId: string;
  let template: { id: string };
  let temporal: Client;
  let connection: Connection;
  let weeks = 0;
  /**
   * A week of its own for each test run (a retried test must not find its first try's appointments):
   * its Monday's date, a day's date, and a wall-clock time in Los Angeles on one of its days.
   */
  const freshWeek = () => {
    const monday = nextMonday() + 7 * 24 * HOUR * weeks++;
    const dayOf = (offset: number) => new Date(monday + offset * 24 * HOUR).toISOString().slice(0, 10);
    const at = (hour: number, minute = 0, offset = 0) => {
      const day = new Date(monday + offset * 24 * HOUR);
      return instantOf({ year: day.getUTCFullYear(), month: day.getUTCMonth() + 1, day: day.getUTCDate(), hour, minute }, ZONE);
    };
    return { date: dayOf(0), dayOf, at };
  };

  beforeAll(async () => {
    admin = await adminSession(harness.api.host, harness.tenant);
    adminId = admin.userInfo.id;
    await admin.api.users.updateOne(adminId, { fname: 'Grace', lname: 'Hopper', timezone: ZONE, weeklyAvailabilities: every([1, 2, 3, 4, 5], 480, 1020) } as never);
    template = await admin.api.calendar_event_templates.createOne({
      title: 'Initial consult',
      durationInMinutes: 30,
      enableSelfScheduling: true,
      reminders: [{ type: 'enduser-notification', msBeforeStartTime: HOUR, info: { channel: 'Email' } }],
    } as never);
    connection = await Connection.connect({ address: testEnv().temporalAddress });
    temporal = new Client({ connection });
  });

  afterAll(async () => {
    await connection?.close();
  });

  const patient = (fname: string, lname: string) => createEnduser(harness.api.host, admin, harness.tenant, { fname, lname });
  const remindersStatus = (eventId: string) =>
    temporal.workflow.getHandle(remindersWorkflowId(harness.tenant.businessId, eventId)).query<RemindersStatus>(QUERIES.remindersStatus);
  const until = async <T>(read: () => Promise<T>, done: (value: T) => boolean, what: string) => {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const value = await read().catch(() => undefined);
      if (value !== undefined && done(value)) return value;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what} (last: ${JSON.stringify(value)})`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  };

  it('a patient’s booking shows on the week at its local time; the form moves it, its reminders and tells the patient', async () => {
    const { page, portal, smtp } = harness;
    const { date, at } = freshWeek();
    const ada = await patient('Ada', 'Lovelace');
    // As the booking widget books: with the browser's zone, which the patient's messages are worded in.
    const { createdEvent } = await book(ada.session, { calendarEventTemplateId: template.id, userId: adminId, startTime: new Date(at(9, 30)), timezone: ZONE });
    // A connected calendar's event: busy, and nothing more.
    await admin.api.calendar_events.createOne({ title: 'Dentist (private)', startTimeInMS: at(13), durationInMinutes: 60, externalId: 'google-event-1', attendees: [{ type: 'user', id: adminId }] } as never);
    await until(() => remindersStatus(createdEvent.id), (status) => status.nextDueAt === at(9, 30) - HOUR, 'the reminder for 9:30');

    await page.setViewportSize(DESKTOP);
    await openAsAdmin(harness, `/staff/calendar?view=week&date=${date}`);
    await page.getByRole('heading', { name: 'Calendar', level: 1 }).waitFor();
    // On the staff member's clock (Los Angeles), not the browser's (Berlin).
    await page.getByText('Times are in PST').waitFor();
    const mondayColumn = page.getByRole('list', { name: /^Monday, .*: 2 on the calendar$/ });
    const appointment = mondayColumn.getByRole('link', { name: '9:30 AM–10:00 AM, Initial consult with Ada Lovelace, confirmed' });
    await appointment.waitFor();
    await mondayColumn.getByText('Busy').waitFor();
    expect(await page.getByText('Dentist (private)').count()).toBe(0);
    await checkScreen(page, 'staff-calendar-week', DESKTOP);
    await checkScreen(page, 'staff-calendar-week', MOBILE);
    // On a phone the week is a day at a time, with a day switcher.
    await page.getByRole('navigation', { name: 'Days of the week' }).getByRole('link', { name: /^Tue \d+$/ }).click();
    await page.getByRole('list', { name: /^Tuesday, .*: nothing booked$/ }).waitFor();
    await page.setViewportSize(DESKTOP);
    await page.goto(`${portal.url}/staff/calendar?view=week&date=${date}`);

    await page.getByRole('link', { name: '9:30 AM–10:00 AM, Initial consult with Ada Lovelace, confirmed' }).click();
    await page.getByRole('heading', { name: 'Initial consult with Ada Lovelace', level: 1 }).waitFor();
    await page.getByLabel('New time').fill('11:00');
    await page.getByRole('button', { name: 'Move appointment' }).click();
    await page.getByRole('status').filter({ hasText: /^Moved to .* 11:00 AM PST\. The patient has been told\.$/ }).waitFor();
    await checkScreen(page, 'staff-calendar-appointment', DESKTOP);
    await checkScreen(page, 'staff-calendar-appointment', MOBILE);

    // The same appointment, moved: its reminder is now due an hour before 11:00, and the patient is told.
    expect((await admin.api.calendar_events.getOne(createdEvent.id)).startTimeInMS).toBe(at(11));
    await until(() => remindersStatus(createdEvent.id), (status) => status.startTimeInMS === at(11) && status.nextDueAt === at(11) - HOUR, 'the reminder for 11:00');
    const deadline = Date.now() + 20_000;
    while (!smtp.to(ada.email).some((message) => message.subject.includes('moved')) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
    const moved = smtp.to(ada.email).find((message) => message.subject === 'Your appointment was moved: Initial consult');
    expect(moved?.text).toMatch(/has been moved to Monday, .+ at 11:00 AM PST\./);

    await page.setViewportSize(DESKTOP);
    await page.goto(`${portal.url}/staff/calendar?view=week&date=${date}`);
    await page.getByRole('link', { name: '11:00 AM–11:30 AM, Initial consult with Ada Lovelace, confirmed' }).waitFor();
    // Month and day views list it too; a phone's month is an agenda.
    await page.getByRole('navigation', { name: 'Calendar view' }).getByRole('link', { name: 'Month' }).click();
    await page.getByRole('heading', { name: /^[A-Z][a-z]+ \d{4}$/, level: 2 }).waitFor();
    await page.getByRole('link', { name: '11:00 AM–11:30 AM, Initial consult with Ada Lovelace, confirmed' }).waitFor();
    await checkScreen(page, 'staff-calendar-month', DESKTOP);
    await checkScreen(page, 'staff-calendar-month', MOBILE);
    await page.getByRole('link', { name: '11:00 AM–11:30 AM, Initial consult with Ada Lovelace, confirmed' }).waitFor();
  }, 240_000);

  it('cancels with a reason and marks a no-show', async () => {
    const { page } = harness;
    const { dayOf, at } = freshWeek();
    const ben = await patient('Ben', 'Franklin');
    const cleo = await patient('Cleo', 'Patra');
    const schedule = async (enduserId: string, start: number) => {
      const response = await fetch(`${harness.api.host}/v1/schedule-appointment`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${admin.authToken}` },
        body: JSON.stringify({ calendarEventTemplateId: template.id, userId: adminId, enduserId, startTime: new Date(start).toISOString() }),
      });
      expect(response.status).toBe(200);
      return ((await response.json()) as { createdEvent: { id: string } }).createdEvent;
    };
    const first = await schedule(ben.enduser.id, at(14, 0, 1));
    const second = await schedule(cleo.enduser.id, at(15, 0, 1));

    await page.setViewportSize(DESKTOP);
    await openAsAdmin(harness, `/staff/calendar?view=day&date=${dayOf(1)}`);
    await page.getByRole('link', { name: '2:00 PM–2:30 PM, Initial consult with Ben Franklin, confirmed' }).click();
    await page.getByRole('heading', { name: 'Initial consult with Ben Franklin', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Cancel appointment' }).click();
    // The reason is required.
    expect(await page.getByLabel('Reason').evaluate((element) => (element as unknown as { validity: { valueMissing: boolean } }).validity.valueMissing)).toBe(true);
    await page.getByLabel('Reason').fill('The patient is travelling');
    await page.getByRole('button', { name: 'Cancel appointment' }).click();
    await page.getByRole('status').filter({ hasText: 'Appointment cancelled.' }).waitFor();
    await page.getByText('The patient is travelling').waitFor();
    expect(await admin.api.calendar_events.getOne(first.id)).toMatchObject({ cancelReason: 'The patient is travelling', cancelledAt: expect.any(String) });
    // Its reminders run ends: nothing is sent for a cancelled appointment.
    await until(() => temporal.workflow.getHandle(remindersWorkflowId(harness.tenant.businessId, first.id)).describe(), (info) => info.status.name === 'COMPLETED', 'the reminders run to end');

    await page.getByRole('link', { name: 'Back to the calendar' }).click();
    await page.getByRole('link', { name: '2:00 PM–2:30 PM, Initial consult with Ben Franklin, cancelled' }).waitFor();
    await page.getByRole('link', { name: '3:00 PM–3:30 PM, Initial consult with Cleo Patra, confirmed' }).click();
    // Tied to one of the patient's care plans (their portal's Care Plan page lists such appointments).
    const carePlan = page.getByRole('region', { name: 'Care plan' });
    await carePlan.getByText('This patient has no care plan yet. Add one on their record, then tie this appointment to it here.').waitFor();
    const plan = await admin.api.care_plans.createOne({ title: 'Knee recovery', enduserId: cleo.enduser.id } as never);
    await page.reload();
    await carePlan.getByLabel('Part of').selectOption({ label: 'Knee recovery' });
    await carePlan.getByRole('button', { name: 'Save care plan' }).click();
    await carePlan.getByRole('status').filter({ hasText: 'Added to the care plan. The patient sees it on their Care Plan page.' }).waitFor();
    expect((await admin.api.calendar_events.getOne(second.id)).carePlanId).toBe(plan.id);
    await page.getByRole('button', { name: 'Mark no-show' }).click();
    await page.getByRole('status').filter({ hasText: 'Marked as a no-show.' }).waitFor();
    expect((await admin.api.calendar_events.getOne(second.id)).noShowedAt).toEqual(expect.any(String));
    await page.getByRole('link', { name: 'Back to the calendar' }).click();
    await page.getByRole('link', { name: '3:00 PM–3:30 PM, Initial consult with Cleo Patra, no-show' }).waitFor();
  }, 180_000);

  it('books from the patient record; a time that is taken is refused with a clear message', async () => {
    const { page } = harness;
    const { dayOf, at } = freshWeek();
    const dora = await patient('Dora', 'Explorer');
    const eli = await patient('Eli', 'Whitney');
    await book(eli.session, { calendarEventTemplateId: template.id, userId: adminId, startTime: new Date(at(10, 0, 2)) });
    const wednesday = dayOf(2);

    await page.setViewportSize(DESKTOP);
    await openAsAdmin(harness, `/staff/patients/${dora.enduser.id}`);
    await page.getByRole('link', { name: 'Book appointment' }).click();
    await page.getByRole('heading', { name: 'New appointment for Dora Explorer', level: 1 }).waitFor();
    // The server's page already names who the appointment is with (Joy's Select draws its value only in the browser).
    const served = await (await page.request.get(page.url())).text();
    expect(served).toMatch(/role="combobox"[^>]*>Grace Hopper</);
    await page.getByLabel('Date').fill(wednesday);
    await page.getByLabel(/^Time/).fill('10:15');
    await page.getByRole('button', { name: 'Book appointment' }).click();
    await page.getByRole('alert').filter({ hasText: 'Grace Hopper already has an appointment or is busy at this time. Pick another time.' }).waitFor();
    await checkScreen(page, 'staff-calendar-new-refused', DESKTOP);
    await checkScreen(page, 'staff-calendar-new-refused', MOBILE);
    await page.setViewportSize(DESKTOP);
    expect((await admin.api.calendar_events.getSome({ limit: 1000 } as never)).filter((event) => event.attendees?.some((a) => a.id === dora.enduser.id))).toEqual([]);

    await page.getByLabel(/^Time/).fill('10:30');
    await page.getByRole('button', { name: 'Book appointment' }).click();
    await page.getByRole('heading', { name: 'Initial consult with Dora Explorer', level: 1 }).waitFor();
    await page.getByRole('status').filter({ hasText: 'Appointment booked. The patient has been told.' }).waitFor();
    await page.getByText(/10:30 AM–11:00 AM PST/).waitFor();
  }, 180_000);

  it('warns on the calendar of a colleague whose working hours have no time zone, beside the team', async () => {
    const { page } = harness;
    const { date } = freshWeek();
    const nora = await createStaff(harness.api, admin);
    await admin.api.users.updateOne(nora.user.id, { fname: 'Nora', lname: 'Noclock', weeklyAvailabilities: every([1], 540, 600) } as never);
    await page.setViewportSize(DESKTOP);
    await openAsAdmin(harness, `/staff/calendar?view=day&date=${date}&staff=${adminId}%2C${nora.user.id}`);
    await page
      .getByRole('alert')
      .filter({ hasText: 'Nora Noclock’s working hours have no time zone, so patients may be offered the wrong times. Set a time zone in their profile.' })
      .waitFor();
    // Side by side: a column for each.
    await page.getByRole('list', { name: /^Grace Hopper: / }).waitFor();
    await page.getByRole('list', { name: 'Nora Noclock: nothing booked' }).waitFor();
    expect(await page.getByRole('alert').count()).toBe(1);
    await checkScreen(page, 'staff-calendar-team', DESKTOP);
    await checkScreen(page, 'staff-calendar-team', MOBILE);
  }, 120_000);

  it('a week with more appointments than a page holds says where its first part ends, and the next part shows the rest', async () => {
    const { page } = harness;
    const { date, at } = freshWeek();
    // 205 quarter hours from Monday 00:00 in Los Angeles: a part holds 200 (calendar-page.ts), so the 201st (Wednesday 2:00 AM) begins the next.
    const blocks = Array.from({ length: 205 }, (_, n) => ({ title: 'Block', startTimeInMS: at(0) + n * 15 * 60_000, durationInMinutes: 15, attendees: [{ type: 'user', id: adminId }] }));
    await admin.api.calendar_events.createSome(blocks as never);
    await page.setViewportSize(DESKTOP);
    await openAsAdmin(harness, `/staff/calendar?view=week&date=${date}`);
    const notice = page.getByRole('status').filter({ hasText: /^More appointments than one page holds: shown up to Wed, \w+ \d+, 2:00 AM\./ });
    await notice.waitFor();
    await checkScreen(page, 'staff-calendar-parts', DESKTOP);
    await checkScreen(page, 'staff-calendar-parts', MOBILE);
    await page.setViewportSize(DESKTOP);
    // Monday and Tuesday whole (96 quarter hours each), Wednesday up to 2:00 AM; the rest in the next part.
    await page.getByRole('list', { name: /^Tuesday, .*: 96 on the calendar$/ }).waitFor();
    // A screen reader hears where the rest is, never "nothing booked" for a day of another part.
    await page.getByRole('list', { name: /^Thursday, .*: in the next part$/ }).waitFor();
    const wednesday = page.getByRole('list', { name: /^Wednesday, .*: 8 on the calendar, more in the next part$/ });
    await wednesday.getByRole('link', { name: '1:45 AM–2:00 AM, Block, confirmed' }).waitFor();
    expect(await wednesday.getByRole('link', { name: '2:00 AM–2:15 AM, Block, confirmed' }).count()).toBe(0);
    await notice.getByRole('link', { name: /^Show from Wed, \w+ \d+, 2:00 AM$/ }).click();
    await page.getByRole('status').filter({ hasText: /^Shown from Wed, \w+ \d+, 2:00 AM\. Shown to the end\./ }).waitFor();
    await page.getByRole('list', { name: /^Tuesday, .*: in the earlier part$/ }).waitFor();
    const rest = page.getByRole('list', { name: /^Wednesday, .*: 5 on the calendar, earlier ones in the earlier part$/ });
    await rest.getByRole('link', { name: '2:00 AM–2:15 AM, Block, confirmed' }).waitFor();
    await rest.getByRole('link', { name: '3:00 AM–3:15 AM, Block, confirmed' }).waitFor();
    expect(await rest.getByRole('link', { name: '1:45 AM–2:00 AM, Block, confirmed' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Show from the start' }).click();
    await notice.waitFor();
  }, 120_000);
});
