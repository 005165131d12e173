import { randomBytes } from 'node:crypto';
import ICAL from 'ical.js';
import type { Page } from 'playwright-core';
import type { Session } from '@tellescope/sdk';
import { usePortalHarness } from '../support/portal-harness';
import { adminSession } from '../support/tenant';
import { screenshot } from '../support/portal-pages';
import { seriousAccessibilityViolations } from '../support/axe';
import { DESKTOP, MOBILE } from '../support/staff-console';

/** Every day, all day (UTC): a full day offers 48 half-hour slots. */
const ALL_DAY = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ dayOfWeekStartingSundayIndexedByZero: day, startTimeInMinutes: 0, endTimeInMinutes: 1440, active: true }));
const PLACE = 'Main clinic, 1 Elm St, Springfield, IL 62701';

/** "Monday, November 30, 2026 at 4:00 AM EST", as the confirmation email words a time. */
const spoken = (ms: number, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }).format(ms);
const widgetTime = (ms: number, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', hour12: true, timeZoneName: 'short' }).format(ms);

/** Issue 34, the patient's side of booking: the confirmation, Add to calendar, the email and its signed links. */
describe('portal: booking confirmation, calendar file and signed links', () => {
  const harness = usePortalHarness({ mail: true });
  let admin: Session;
  let pageId: string;

  beforeAll(async () => {
    admin = await adminSession(harness.api.host, harness.tenant);
    await admin.api.users.updateOne(admin.userInfo.id, { timezone: 'UTC', weeklyAvailabilities: ALL_DAY } as never);
    const template = await admin.api.calendar_event_templates.createOne({ title: 'Consultation', durationInMinutes: 30, enableSelfScheduling: true } as never);
    const location = await admin.api.appointment_locations.createOne({ title: 'Main clinic', address: '1 Elm St', city: 'Springfield', state: 'IL', zipCode: '62701' } as never);
    const page = await admin.api.appointment_booking_pages.createOne({
      title: 'Book a visit',
      calendarEventTemplateIds: [template.id],
      locationIds: [location.id],
      terms: [{ title: 'Terms of Service', link: 'https://example.com/terms' }],
    } as never);
    pageId = page.id;
  });

  const widgetURL = () => `${harness.portal.url}/appointment-booking-page?${new URLSearchParams({ businessId: harness.tenant.businessId, appointmentBookingPageId: pageId })}`;

  /** New York time, then the first offered slot, answering its start. */
  const pickFirstSlot = async (page: Page) => {
    await page.getByLabel('Time zone').selectOption('America/New_York');
    const slots = page.getByRole('list', { name: 'Available times' }).getByRole('button');
    await slots.first().waitFor();
    await slots.first().click();
  };

  const confirmBooking = async (page: Page) => {
    await page.getByRole('region', { name: 'Confirm your appointment' }).getByText(`Where: ${PLACE}`, { exact: true }).waitFor();
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Confirm Booking' }).click();
    await page.getByText('Appointment Confirmed', { exact: true }).waitFor();
  };

  const eventsOfPage = async () => (await admin.api.calendar_events.getSome({ filter: { bookingPageId: pageId } } as never)) as any[];

  const linkIn = (text: string, label: string) => {
    const match = new RegExp(`${label}: (\\S+)`).exec(text);
    if (!match) throw new Error(`No '${label}' link in: ${text}`);
    return match[1];
  };

  const get = async (url: string) => {
    const response = await fetch(url);
    return { status: response.status, body: await response.text() };
  };
  const post = async (url: string) => {
    const response = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: '' });
    return { status: response.status, body: await response.text() };
  };
  const withToken = (link: string, path: string) => `${harness.portal.url}${path}?link=${new URL(link).searchParams.get('link')}`;

  it('at 390 px every slot of a full day can be reached: the last one books', async () => {
    const { page } = harness;
    await page.setViewportSize(MOBILE);
    await page.goto(widgetURL());
    await page.getByLabel('Time zone').selectOption('UTC');
    await page.getByRole('list', { name: 'Available times' }).waitFor();
    // Tomorrow (UTC) is a whole day of slots.
    const tomorrow = new Date(Date.now() + 86_400_000);
    const name = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }).format(tomorrow);
    // The calendar opens at the month of the first day with free times, which is already tomorrow's
    // when no time is left today (late on a month's last day): move on only when it shows another month.
    const tomorrowsMonth = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'long', year: 'numeric' }).format(tomorrow);
    if ((await page.getByRole('heading', { level: 2, name: tomorrowsMonth }).count()) === 0) await page.getByRole('button', { name: 'Next month' }).click();
    await page.getByRole('button', { name: `${name}, appointments available` }).click();
    await page.getByRole('heading', { name }).waitFor();
    const slots = page.getByRole('list', { name: 'Available times' }).getByRole('button');
    expect(await slots.count()).toBe(48);
    await screenshot(page, 'booking-full-day');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    const last = slots.last();
    expect(await last.innerText()).toBe('11:30 PM');
    // Reached as a person would: the list scrolls it into its own view, nothing covers it, and the tap books it.
    await last.scrollIntoViewIfNeeded();
    await screenshot(page, 'booking-full-day-end');
    await last.click({ trial: true });
    await last.click();
    await page.getByLabel('First name').waitFor();
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(MOBILE.width);
  });

  it('the confirmation shows time and place, Add to calendar parses, and the email carries working cancel and reschedule links', async () => {
    const { page } = harness;
    await page.setViewportSize(DESKTOP);
    await page.goto(widgetURL());
    await pickFirstSlot(page);
    const email = `vera-${randomBytes(4).toString('hex')}@example.com`;
    await page.getByLabel('First name').fill('Vera');
    await page.getByLabel('Last name').fill('Visitor');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await confirmBooking(page);

    const [booked] = await eventsOfPage();
    const start = Number(booked.startTimeInMS);
    // The last step: the time with its zone, the place, Add to calendar and the way to the portal.
    const summary = page.getByRole('region', { name: 'Your appointment' });
    await summary.getByText(widgetTime(start, 'America/New_York'), { exact: true }).waitFor();
    expect(widgetTime(start, 'America/New_York')).toMatch(/E[SD]T$/);
    await summary.getByText(PLACE, { exact: true }).waitFor();
    const calendarLink = await page.getByRole('link', { name: 'Add to calendar' }).getAttribute('href');
    expect(await page.getByRole('link', { name: 'Go to your patient portal' }).getAttribute('href')).toBe(`${harness.portal.url}/home`);
    await screenshot(page, 'booking-booked');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.setViewportSize(MOBILE);
    await screenshot(page, 'booking-booked');
    await page.setViewportSize(DESKTOP);

    // The calendar file, fetched as the browser would, parses: summary, start, location.
    const ics = await fetch(calendarLink!);
    expect(ics.status).toBe(200);
    expect(ics.headers.get('content-type')).toMatch(/^text\/calendar/);
    const vevent = new ICAL.Component(ICAL.parse(await ics.text())).getFirstSubcomponent('vevent')!;
    const parsed = new ICAL.Event(vevent);
    expect(parsed.summary).toBe('Consultation');
    expect(parsed.startDate.toJSDate().getTime()).toBe(start);
    expect(parsed.location).toBe(PLACE);

    // The email: the time on the patient's clock with the zone's short name, the place, the links, as text and HTML.
    const mail = await harness.smtp.waitFor(email);
    expect(mail.subject).toBe('Your appointment is confirmed: Consultation');
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain(spoken(start, 'America/New_York'));
      expect(body).toContain(PLACE);
    }
    expect(mail.html).toContain('>Cancel appointment</a>');
    expect(mail.html).toContain('>Reschedule</a>');
    expect(mail.html).toContain('>Add to calendar</a>');
    const cancelLink = linkIn(mail.text, 'Cancel appointment');
    const rescheduleLink = linkIn(mail.text, 'Reschedule');
    expect(linkIn(mail.text, 'Add to calendar')).toBe(calendarLink);

    // Opening the cancel link cancels nothing; it shows the appointment and a button.
    const opened = await get(cancelLink);
    expect(opened.status).toBe(200);
    expect(opened.body).toContain(spoken(start, 'America/New_York'));
    expect(opened.body).toContain('Do you want to cancel this appointment?');
    expect((await eventsOfPage())[0].cancelledAt).toBeFalsy();
    // Single-purpose: each link refused where the other belongs, with a clear page; a forged one too.
    const crossed = await get(withToken(cancelLink, '/appointment/reschedule'));
    expect(crossed.status).toBe(400);
    expect(crossed.body).toContain('This link cannot reschedule an appointment.');
    const crossedBack = await post(withToken(rescheduleLink, '/appointment/cancel'));
    expect(crossedBack.status).toBe(400);
    expect(crossedBack.body).toContain('This link cannot cancel an appointment.');
    expect((await eventsOfPage())[0].cancelledAt).toBeFalsy();
    const forged = await get(`${cancelLink.slice(0, -3)}abc`);
    expect(forged.status).toBe(400);
    expect(forged.body).toContain('This link is not valid.');

    // The reschedule link opens the widget as the patient, on the same type, from tomorrow.
    await page.goto(rescheduleLink);
    await page.getByText('You are moving this appointment:').waitFor();
    await page.getByText(spoken(start, 'America/New_York')).waitFor();
    await screenshot(page, 'booking-reschedule');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await pickFirstSlot(page);
    await confirmBooking(page);
    const events = await eventsOfPage();
    expect(events).toHaveLength(2);
    const old = events.find((event) => event.id === booked.id);
    const moved = events.find((event) => event.id !== booked.id);
    expect(old.rescheduledAt).toBeTruthy();
    expect(old.rescheduledTo).toBe(moved.id);
    expect(moved.attendees).toContainEqual(booked.attendees.find((a: { type: string }) => a.type === 'enduser'));

    // The old links now say what happened; the new email's cancel link cancels, once.
    const reused = await get(rescheduleLink);
    expect(reused.status).toBe(400);
    expect(reused.body).toContain('This appointment was already moved to another time.');
    const second = await harness.smtp.waitFor(email, { index: 1 });
    expect(second.subject).toBe('Your appointment was rescheduled: Consultation');
    const newCancel = linkIn(second.text, 'Cancel appointment');
    // The link is the patient's: its page speaks their language, whatever the browser's or the clinic's.
    const patientId = moved.attendees.find((a: { type: string }) => a.type === 'enduser').id;
    await admin.api.endusers.updateOne(patientId, { language: { displayName: 'Español', iso6391: 'es' } } as never);
    const inSpanish = await get(newCancel);
    expect(inSpanish.body).toContain('<html lang="es"');
    expect(inSpanish.body).toContain('¿Desea cancelar esta cita? No se puede deshacer.');
    expect((await get(withToken(newCancel, '/appointment/reschedule'))).body).toContain('<html lang="en"');
    await admin.api.endusers.updateOne(patientId, { language: { displayName: 'English', iso6391: 'en' } } as never);
    const cancelled = await post(newCancel);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toContain('Your appointment is cancelled.');
    const stored = (await admin.api.calendar_events.getOne(moved.id)) as any;
    expect(stored.cancelledAt).toBeTruthy();
    const again = await post(newCancel);
    expect(again.status).toBe(400);
    expect(again.body).toContain('This appointment is already cancelled.');
    await page.goto(newCancel);
    await page.getByText('This appointment is already cancelled.', { exact: true }).waitFor();
    await screenshot(page, 'booking-cancel-used');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });
});
