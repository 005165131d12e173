import { randomBytes } from 'node:crypto';
import type { Session } from '@tellescope/sdk';
import { fixturePasswordHash } from '../support/fixture-password';
import { usePortalHarness } from '../support/portal-harness';
import { adminSession } from '../support/tenant';
import { screenshot, signInAs } from '../support/portal-pages';
import { DESKTOP, MOBILE, openAsAdmin } from '../support/staff-console';

/** 17:30 UTC on a November day: 9:30am in Los Angeles (PST), 12:30pm in New York (EST). */
const APPOINTMENT = Date.UTC(2030, 10, 19, 17, 30);
const PORTAL_TEXT = 'November 19 2030, 9:30am PST';

/**
 * Times on the viewer's clock (docs/decisions.md, issue 31), in a browser whose zone is Los Angeles:
 * the portal, the console and the booking widget. One browser for the suite (the harness's).
 */
describe('times on the viewer clock, in a Los Angeles browser', () => {
  const harness = usePortalHarness({ timezoneId: 'America/Los_Angeles', mail: true });
  let admin: Session;

  beforeAll(async () => {
    admin = await adminSession(harness.api.host, harness.tenant);
  });

  const patient = (fname: string, fields: Record<string, unknown> = {}) =>
    admin.api.endusers.createOne({ fname, lname: 'Patient', email: `${fname.toLowerCase()}-${randomBytes(4).toString('hex')}@example.com`, ...fields });
  const appointmentFor = (enduserId: string, title: string) =>
    admin.api.calendar_events.createOne({ title, startTimeInMS: APPOINTMENT, durationInMinutes: 30, attendees: [{ type: 'enduser', id: enduserId }] });
  const zoneOf = async (enduserId: string) => (await admin.api.endusers.getOne(enduserId)).timezone;

  it("a patient with no zone sees the browser's clock on Home, Events and the event, and the zone is recorded", async () => {
    const { page, portal } = harness;
    await page.setViewportSize(DESKTOP);
    const enduser = await patient('Lana');
    const visit = await appointmentFor(enduser.id, 'Checkup');
    expect(enduser.timezone).toBeUndefined();

    // A sign-in link in a browser that has not said its zone yet: the page asks again once it has.
    await signInAs(harness, admin, enduser.id, '/home');
    const events = page.getByRole('region', { name: 'Your Events' });
    await events.getByText(PORTAL_TEXT, { exact: true }).waitFor();
    await screenshot(page, 'viewer-zone-home');
    // The first visit records the browser's zone on the enduser, for emails and texts too.
    expect(await zoneOf(enduser.id)).toBe('America/Los_Angeles');
    await page.setViewportSize(MOBILE);
    await screenshot(page, 'viewer-zone-home');

    await page.goto(`${portal.url}/events`);
    await page.getByRole('heading', { name: 'Your Events', level: 1 }).waitFor();
    await page.getByRole('main').getByText(PORTAL_TEXT, { exact: true }).waitFor();
    await screenshot(page, 'viewer-zone-events');
    await page.setViewportSize(DESKTOP);
    await screenshot(page, 'viewer-zone-events');

    await page.getByRole('main').getByRole('link', { name: 'Checkup' }).click();
    await page.waitForURL(`${portal.url}/events/${visit.id}`);
    await page.getByRole('heading', { name: 'Checkup', level: 1 }).waitFor();
    await page.getByRole('main').getByText(`${PORTAL_TEXT} (30 minutes)`, { exact: true }).waitFor();
    // Not a word of UTC anywhere once the zone is known.
    expect(await page.getByRole('main').innerText()).not.toContain('UTC');
  });

  it("signing in with a password records the browser's zone; a patient's own zone wins over the browser's", async () => {
    const { page, portal } = harness;
    await page.setViewportSize(DESKTOP);
    const password = 'Patient-pass-1';
    const enduser = await patient('Pia');
    await harness.api.dataSource.getRepository('endusers').update({ _id: enduser.id }, { hashedPassword: await fixturePasswordHash(password) });
    await appointmentFor(enduser.id, 'Follow-up');

    await page.goto(`${portal.url}/login`);
    await page.getByLabel('Email or phone').fill(enduser.email!);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.waitForURL(`${portal.url}/home`);
    expect(await zoneOf(enduser.id)).toBe('America/Los_Angeles');
    await page.getByRole('region', { name: 'Your Events' }).getByText(PORTAL_TEXT, { exact: true }).waitFor();

    // Someone whose record says New York sees New York's clock in this Los Angeles browser.
    const traveller = await patient('Nate', { timezone: 'America/New_York' });
    await appointmentFor(traveller.id, 'Annual');
    await page.context().clearCookies({ name: '__carelane_portal' });
    await signInAs(harness, admin, traveller.id, '/events');
    await page.getByRole('main').getByText('November 19 2030, 12:30pm EST', { exact: true }).waitFor();
    expect(await zoneOf(traveller.id)).toBe('America/New_York');
  });

  it("the console shows the staff member's clock with the patient's beside an appointment", async () => {
    const { page } = harness;
    await page.setViewportSize(DESKTOP);
    const enduser = await patient('Cora', { timezone: 'America/New_York' });
    await appointmentFor(enduser.id, 'Consult');
    // The admin has no zone of their own: the browser's (Los Angeles) is theirs.
    await openAsAdmin(harness, `/staff/patients/${enduser.id}`);
    await page.getByText('Nov 19, 2030, 9:30 AM PST · 12:30 PM for the patient', { exact: true }).waitFor();
    await screenshot(page, 'viewer-zone-staff-enduser');

    // A staff member's own zone wins over the browser's.
    await admin.api.users.updateOne(admin.userInfo.id, { timezone: 'America/Chicago' } as never);
    await page.context().clearCookies({ name: '__carelane_staff' });
    await openAsAdmin(harness, `/staff/patients/${enduser.id}`);
    await page.getByText('Nov 19, 2030, 11:30 AM CST · 12:30 PM for the patient', { exact: true }).waitFor();
  });

  it("the booking widget starts on the browser's zone, and the booking, its confirmation and its email use it", async () => {
    const { page, portal } = harness;
    // Bookable weekdays 09:00-17:00 on the staff member's clock (Los Angeles).
    const weekdays = [1, 2, 3, 4, 5].map((day) => ({ dayOfWeekStartingSundayIndexedByZero: day, startTimeInMinutes: 540, endTimeInMinutes: 1020, active: true }));
    await admin.api.users.updateOne(admin.userInfo.id, { timezone: 'America/Los_Angeles', weeklyAvailabilities: weekdays } as never);
    // Titles of their own, so a retried test makes new ones.
    const suffix = randomBytes(3).toString('hex');
    const template = await admin.api.calendar_event_templates.createOne({ title: `Intro call ${suffix}`, durationInMinutes: 30, enableSelfScheduling: true } as never);
    const bookingPage = await admin.api.appointment_booking_pages.createOne({ title: `Book a call ${suffix}`, calendarEventTemplateIds: [template.id], locationIds: [] } as never);
    const url = `${portal.url}/appointment-booking-page?${new URLSearchParams({ businessId: harness.tenant.businessId, appointmentBookingPageId: bookingPage.id })}`;

    for (const size of [MOBILE, DESKTOP]) {
      await page.setViewportSize(size);
      await page.goto(url);
      await page.getByRole('heading', { name: `Intro call ${suffix}` }).waitFor();
      expect(await page.getByLabel('Time zone').inputValue()).toBe('America/Los_Angeles');
      const times = page.getByRole('list', { name: 'Available times' });
      await times.getByRole('button').first().waitFor();
      // Slots start at 9:00 AM on the Los Angeles clock (unless the day's earlier ones have passed).
      expect(await times.getByRole('button').first().innerText()).toMatch(/^\d{1,2}:[03]0\s[AP]M$/);
      // Nothing of the widget is cut off on a phone: the list and its buttons fit the screen.
      const box = await times.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= size.width).toBe(true);
      expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(size.width);
      // With more than four, the list scrolls at 135 px and shows four whole slots (docs/decisions.md).
      if ((await times.getByRole('button').count()) > 4) {
        const fourth = await times.getByRole('button').nth(3).boundingBox();
        expect(box!.height).toBeLessThanOrEqual(135);
        expect(fourth!.y + fourth!.height).toBeLessThanOrEqual(box!.y + box!.height + 0.5);
      }
      await screenshot(page, 'viewer-zone-booking');
    }

    // A slot picked on the Los Angeles clock: the confirmation names it, the event records the zone.
    const slot = page.getByRole('list', { name: 'Available times' }).getByRole('button').first();
    const label = await slot.innerText();
    await slot.click();
    const email = `vic-${randomBytes(4).toString('hex')}@example.com`;
    await page.getByLabel('First name').fill('Vic');
    await page.getByLabel('Last name').fill('Visitor');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    const confirmation = page.getByRole('region', { name: 'Confirm your appointment' });
    await confirmation.getByText(new RegExp(`(,| at) ${label.replace(/\s/g, '\\s')}\\s(PST|PDT)$`)).waitFor();
    await screenshot(page, 'viewer-zone-booking-confirmation');
    await page.getByRole('button', { name: 'Confirm Booking' }).click();
    await page.getByText('Appointment Confirmed', { exact: true }).waitFor();
    const [event] = (await admin.api.calendar_events.getSome({ filter: { bookingPageId: bookingPage.id } } as never)) as { timezone?: string }[];
    expect(event.timezone).toBe('America/Los_Angeles');
    const mail = await harness.smtp.waitFor(email);
    expect(mail.text).toMatch(new RegExp(` at ${label.replace(/\s/g, '\\s')}\\s(PST|PDT)\\.`));
  });
});
