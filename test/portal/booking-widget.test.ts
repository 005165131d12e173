import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import type { Session } from '@tellescope/sdk';
import { usePortalHarness } from '../support/portal-harness';
import { adminSession } from '../support/tenant';
import { screenshot, signInAs } from '../support/portal-pages';
import { seriousAccessibilityViolations } from '../support/axe';
import { startGa4Collector } from './ga4-collector';

const DESKTOP = { width: 1280, height: 900 };
const MOBILE = { width: 390, height: 844 };
const WEEKDAYS = [1, 2, 3, 4, 5].map((day) => ({ dayOfWeekStartingSundayIndexedByZero: day, startTimeInMinutes: 540, endTimeInMinutes: 720, active: true }));

/** docs/contract/portal.md#appointment-pages and #booking-widget. */
describe('portal: appointment booking list and widget', () => {
  // Registered before the harness, so the portal starts pointing at it.
  let collector: Awaited<ReturnType<typeof startGa4Collector>>;
  beforeAll(async () => {
    collector = await startGa4Collector();
  });
  afterAll(async () => {
    await collector?.stop();
  });
  const harness = usePortalHarness({ portalEnv: () => ({ GA4_COLLECT_URL: collector.url }) });
  let admin: Session;
  let templateId: string;
  let pageId: string;
  const terms = [{ title: 'Terms of Service', link: 'https://example.com/terms' }];

  beforeAll(async () => {
    admin = await adminSession(harness.api.host, harness.tenant);
    // The admin is the one bookable person: weekdays 09:00-12:00 UTC.
    await admin.api.users.updateOne(admin.userInfo.id, { timezone: 'UTC', weeklyAvailabilities: WEEKDAYS } as never);
    const template = await admin.api.calendar_event_templates.createOne({ title: 'Consultation', durationInMinutes: 30, enableSelfScheduling: true } as never);
    templateId = template.id;
    const page = await admin.api.appointment_booking_pages.createOne({ title: 'Book a visit', calendarEventTemplateIds: [template.id], locationIds: [], terms, primaryColor: '#0a7d4f', backgroundColor: '#fdf6e3' } as never);
    pageId = page.id;
  });

  const widgetURL = (extra: Record<string, string> = {}) =>
    `${harness.portal.url}/appointment-booking-page?${new URLSearchParams({ businessId: harness.tenant.businessId, appointmentBookingPageId: pageId, ...extra })}`;

  /** On the Calendar step: New York time, then the first offered slot; answers its label. */
  const pickFirstSlot = async (page: Page) => {
    await page.getByRole('heading', { name: 'Consultation' }).waitFor();
    await page.getByText('30 Minute Appointment', { exact: true }).waitFor();
    await page.getByLabel('Time zone').selectOption('America/New_York');
    const slots = page.getByRole('list', { name: 'Available times' }).getByRole('button');
    await slots.first().waitFor();
    const label = await slots.first().innerText();
    // Hours are 09:00-12:00 UTC: from 4 AM in New York in winter (5 AM in summer); labels are 12-hour.
    expect(label).toMatch(/^([4-7]):[03]0\sAM$/);
    await slots.first().click();
    return label;
  };

  const fillIntake = async (page: Page, email: string) => {
    await page.getByLabel('First name').fill('Vera');
    await page.getByLabel('Last name').fill('Visitor');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
  };

  it('invalid links say what is missing', async () => {
    const { page, portal } = harness;
    await page.goto(`${portal.url}/appointment-booking-page`);
    await page.getByText('This link is invalid (no businessId provided)', { exact: true }).waitFor();
    await page.goto(`${portal.url}/appointment-booking-page?businessId=${harness.tenant.businessId}`);
    await page.getByText('This link is invalid (no appointmentBookingPageId provided)', { exact: true }).waitFor();
    await page.goto(`${portal.url}/appointment-booking-page?businessId=${harness.tenant.businessId}&appointmentBookingPageId=${randomBytes(12).toString('hex')}`);
    await page.getByText('Unknown page', { exact: true }).waitFor();
  });

  it('a visitor books from the link alone; a second visitor cannot take the same slot', async () => {
    const { page } = harness;
    await page.setViewportSize(DESKTOP);
    // The second visitor gets as far as confirming the same slot first.
    const second = await page.context().newPage();
    await second.goto(widgetURL());
    const secondLabel = await pickFirstSlot(second);
    await fillIntake(second, `second-${randomBytes(4).toString('hex')}@example.com`);
    await second.getByRole('checkbox').check();

    await page.goto(widgetURL());
    await page.getByRole('heading', { name: 'Consultation' }).waitFor();
    // Themed by the page's colours, Domine, 320 px wide.
    const main = page.getByRole('main');
    expect((await main.boundingBox())?.width).toBe(320);
    expect(await main.evaluate((el) => (globalThis as any).getComputedStyle(el).fontFamily)).toMatch(/^Domine/);
    // The font itself is served by the portal and loaded, not a fallback under Domine's name.
    expect(await page.evaluate(async () => (await (globalThis as any).document.fonts.load('16px Domine')).length)).toBeGreaterThan(0);
    // The page's colours: its background, and its primary colour on the primary buttons.
    expect(await main.evaluate((el) => (globalThis as any).getComputedStyle(el).backgroundColor)).toBe('rgb(253, 246, 227)');
    await screenshot(page, 'booking-calendar');
    await page.getByRole('list', { name: 'Available times' }).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    const label = await pickFirstSlot(page);
    expect(label).toBe(secondLabel);
    // Which slot comes first depends on the time of day the suite runs (today's earlier slots are gone), so only its shape is checked (pickFirstSlot).

    // Intake messages, then a valid intake. Primary buttons wear the page's primary colour.
    await page.mouse.move(0, 0); // not hovered: the hover shade is darker
    expect(await page.getByRole('button', { name: 'Continue' }).evaluate((el) => (globalThis as any).getComputedStyle(el).backgroundColor)).toBe('rgb(10, 125, 79)');
    await page.getByRole('button', { name: 'Continue' }).click();
    for (const message of ['First name is required', 'Last name is required', 'Email is required']) await page.getByText(message, { exact: true }).waitFor();
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByText('Must be a valid email', { exact: true }).waitFor();
    await page.getByLabel('Date of birth').fill('13-45-1990');
    await page.getByText('Date must be MM-DD-YYYY', { exact: true }).waitFor();
    await page.getByLabel('Date of birth').fill('04-05-1990');
    await screenshot(page, 'booking-intake');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    // The back arrow returns to the calendar, and the slot is picked again.
    await page.getByRole('button', { name: 'Back' }).click();
    await pickFirstSlot(page);
    const email = `vera-${randomBytes(4).toString('hex')}@example.com`;
    await fillIntake(page, email);

    // Confirmation: every term ticked before booking.
    const confirm = page.getByRole('button', { name: 'Confirm Booking' });
    await confirm.waitFor();
    expect(await confirm.isDisabled()).toBe(true);
    await page.getByRole('link', { name: 'Terms of Service' }).waitFor();
    await page.getByRole('checkbox').check();
    await screenshot(page, 'booking-confirmation');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await confirm.click();
    await page.getByText('Appointment Confirmed', { exact: true }).waitFor();
    await page.getByText('Check your email for next steps', { exact: true }).waitFor();
    await screenshot(page, 'booking-thank-you');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // The staff calendar shows the event, booked for the visitor in their chosen zone.
    const events = (await admin.api.calendar_events.getSome({ filter: { bookingPageId: pageId } } as never)) as any[];
    expect(events).toHaveLength(1);
    const [visitor] = (await admin.api.endusers.getSome({ filter: { email } } as never)) as any[];
    expect(visitor).toMatchObject({ fname: 'Vera', lname: 'Visitor', dateOfBirth: '04-05-1990' });
    expect(events[0]).toMatchObject({ templateId, timezone: 'America/New_York' });
    expect(events[0].attendees).toContainEqual({ type: 'enduser', id: visitor.id });

    // The second visitor's confirmation now fails, and nothing more is booked.
    await second.getByRole('button', { name: 'Confirm Booking' }).click();
    await second.getByText('This time is no longer available', { exact: true }).waitFor();
    expect(await admin.api.calendar_events.getSome({ filter: { bookingPageId: pageId } } as never)).toHaveLength(1);
    await second.close();

    await page.setViewportSize(MOBILE);
    await page.goto(widgetURL());
    await page.getByRole('list', { name: 'Available times' }).waitFor();
    await screenshot(page, 'booking-calendar');
  });

  it('embedded in a clinic site: the four analytics events reach the parent window by postMessage', async () => {
    const { page } = harness;
    // A page standing for the clinic's site (once it has loaded) frames the widget. Chromium refuses
    // frames of a local address inside a public site, so the clinic page is one of this server's.
    await harness.page.goto(`${harness.portal.url}/terms-of-service`);
    await page.waitForLoadState('networkidle');
    await page.evaluate(`(() => {
      window.bookingEvents = [];
      window.addEventListener('message', (event) => window.bookingEvents.push(event.data.event));
      const frame = document.createElement('iframe');
      frame.src = ${JSON.stringify(widgetURL())};
      frame.width = '340';
      frame.height = '800';
      frame.title = 'Book an appointment';
      document.body.prepend(frame);
    })()`);
    const widget = page.frameLocator('iframe[title="Book an appointment"]');
    await widget.getByRole('heading', { name: 'Consultation' }).waitFor();
    await widget.getByLabel('Time zone').selectOption('UTC');
    const slots = widget.getByRole('list', { name: 'Available times' }).getByRole('button');
    await slots.last().click();
    await widget.getByLabel('First name').fill('Emma');
    await widget.getByLabel('Last name').fill('Embed');
    await widget.getByLabel('Email').fill(`emma-${randomBytes(4).toString('hex')}@example.com`);
    await widget.getByRole('button', { name: 'Continue' }).click();
    await widget.getByRole('checkbox').check();
    await widget.getByRole('button', { name: 'Confirm Booking' }).click();
    await widget.getByText('Appointment Confirmed', { exact: true }).waitFor();
    await page.waitForFunction('window.bookingEvents.length >= 4');
    expect(await page.evaluate('window.bookingEvents')).toEqual(['Booking Widget Loaded', 'Selected Time', 'Completed Intake', 'Completed Booking']);
  });

  it("with a GA4 measurement id, the four events reach the page's GA4 property", async () => {
    const { page } = harness;
    // Hidden from the portal's list (the list test below counts the pages); its link still opens the widget.
    const tracked = await admin.api.appointment_booking_pages.createOne({ title: 'Tracked visit', calendarEventTemplateIds: [templateId], locationIds: [], terms: [], ga4measurementId: 'G-CARELANE1', hiddenFromPortal: true } as never);
    const before = collector.hits.length;
    await page.goto(`${harness.portal.url}/appointment-booking-page?${new URLSearchParams({ businessId: harness.tenant.businessId, appointmentBookingPageId: tracked.id })}`);
    await page.getByLabel('Time zone').selectOption('UTC');
    // The last day offered, so the other tests' early slots stay free.
    await page.getByRole('button', { name: /appointments available$/ }).last().click();
    await page.getByRole('list', { name: 'Available times' }).getByRole('button').first().click();
    await fillIntake(page, `gina-${randomBytes(4).toString('hex')}@example.com`);
    await page.getByRole('button', { name: 'Confirm Booking' }).click();
    await page.getByText('Appointment Confirmed', { exact: true }).waitFor();
    await collector.received(before + 4);
    const hits = collector.hits.slice(before);
    expect(hits.map((hit) => hit.en)).toEqual(['Booking Widget Loaded', 'Selected Time', 'Completed Intake', 'Completed Booking']);
    for (const hit of hits) {
      expect(hit).toMatchObject({ v: '2', tid: 'G-CARELANE1', 'ep.appointmentBookingPageId': tracked.id });
      expect(hit.cid).toBe(hits[0].cid);
    }
    // A page without a measurement id sends nothing to GA4 (the earlier tests' pages had none).
    expect(collector.hits.slice(0, before)).toEqual([]);
  });

  it('several types: PickAppointmentType first, a location to choose, keyboard to a day and a time, the top window sent to thankYouRedirectURL', async () => {
    const { page, portal } = harness;
    await page.setViewportSize(MOBILE);
    const followUp = await admin.api.calendar_event_templates.createOne({ title: 'Follow-up', durationInMinutes: 15, enableSelfScheduling: true } as never);
    const location = await admin.api.appointment_locations.createOne({ title: 'Main Street Clinic' } as never);
    const multi = await admin.api.appointment_booking_pages.createOne({
      title: 'All visits',
      calendarEventTemplateIds: [templateId, followUp.id],
      locationIds: [location.id],
      terms: [],
      thankYouRedirectURL: `${portal.url}/privacy-policy`,
    } as never);
    await page.goto(`${portal.url}/appointment-booking-page?${new URLSearchParams({ businessId: harness.tenant.businessId, appointmentBookingPageId: multi.id })}`);
    await page.getByRole('heading', { name: 'Choose an appointment type' }).waitFor();
    await screenshot(page, 'booking-pick-type');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.getByRole('button', { name: /Follow-up/ }).click();
    await page.getByText('15 Minute Appointment', { exact: true }).waitFor();
    expect(await page.getByLabel('Location').inputValue()).toBe(location.id);
    await page.getByLabel('Time zone').selectOption('UTC');
    // Keyboard: focus a day with appointments, Enter; then a time, Enter.
    const day = page.getByRole('button', { name: /appointments available$/ }).last();
    await day.focus();
    await page.keyboard.press('Enter');
    expect(await day.getAttribute('aria-pressed')).toBe('true');
    const time = page.getByRole('list', { name: 'Available times' }).getByRole('button').first();
    await time.focus();
    await page.keyboard.press('Enter');
    await page.getByLabel('First name').fill('Kay');
    await page.getByLabel('Last name').fill('Board');
    await page.getByLabel('Email').fill(`kay-${randomBytes(4).toString('hex')}@example.com`);
    await page.getByRole('button', { name: 'Continue' }).click();
    await screenshot(page, 'booking-confirmation');
    // No terms on this page: Confirm is enabled at once; afterwards the page's thank-you address opens.
    await page.getByRole('button', { name: 'Confirm Booking' }).click();
    await page.waitForURL(`${portal.url}/privacy-policy`);
    const [event] = (await admin.api.calendar_events.getSome({ filter: { bookingPageId: multi.id } } as never)) as any[];
    expect(event).toMatchObject({ templateId: followUp.id, durationInMinutes: 15, locationId: location.id, location: 'Main Street Clinic' });
  });

  it('a booking refused for its time zone is retried once without it', async () => {
    const { page } = harness;
    // The widget's booking post names a zone the api refuses (as an unusual browser zone could).
    await page.route('**/appointment-booking-page*', async (route) => {
      const body = route.request().postData();
      if (route.request().method() !== 'POST' || !body?.includes('"intent":"book"')) return route.continue();
      await route.continue({ postData: JSON.stringify({ ...JSON.parse(body), timezone: 'Not/A_Zone' }) });
    });
    await page.goto(widgetURL());
    await page.getByLabel('Time zone').selectOption('UTC');
    await page.getByRole('list', { name: 'Available times' }).getByRole('button').last().click();
    const email = `zed-${randomBytes(4).toString('hex')}@example.com`;
    await fillIntake(page, email);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Confirm Booking' }).click();
    await page.getByText('Appointment Confirmed', { exact: true }).waitFor();
    const [visitor] = (await admin.api.endusers.getSome({ filter: { email } } as never)) as any[];
    const events = ((await admin.api.calendar_events.getSome({ filter: { bookingPageId: pageId } } as never)) as any[]).filter((event) =>
      event.attendees.some((a: any) => a.id === visitor.id),
    );
    expect(events).toHaveLength(1);
    expect(events[0].timezone).toBeUndefined();
  });

  it("a day without slots says so", async () => {
    const { page } = harness;
    await page.goto(widgetURL());
    await page.getByRole('list', { name: 'Available times' }).waitFor();
    let saturday = page.getByRole('button', { name: /^Saturday/ }).and(page.locator(':enabled'));
    if ((await saturday.count()) === 0) {
      await page.getByRole('button', { name: 'Next month' }).click();
      saturday = page.getByRole('button', { name: /^Saturday/ }).and(page.locator(':enabled'));
    }
    await saturday.first().click();
    await page.getByText('No appointments are available at this date.', { exact: true }).waitFor();
  });

  it("'Appointments' lists the booking pages; a signed-in enduser skips intake and reschedules from the event page", async () => {
    const { page, portal } = harness;
    await page.setViewportSize(DESKTOP);
    const enduser = await admin.api.endusers.createOne({ fname: 'Rae', lname: 'Patient', email: `rae-${randomBytes(4).toString('hex')}@example.com` });
    await signInAs(harness, admin, enduser.id, '/book-an-appointment');
    await page.getByRole('heading', { name: 'Appointments', level: 1 }).waitFor();
    await screenshot(page, 'booking-list');
    await page.getByRole('link', { name: 'Book a visit' }).click();
    await pickFirstSlot(page);
    // Signed in: straight to confirmation.
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Confirm Booking' }).click();
    await page.getByText('Appointment Confirmed', { exact: true }).waitFor();
    const [booked] = (await admin.api.calendar_events.getSome({ filter: { bookingPageId: pageId } } as never)).filter((event: any) =>
      event.attendees.some((a: any) => a.id === enduser.id),
    ) as any[];
    expect(booked).toBeTruthy();

    // Reschedule from the event page: availability starts the next day.
    await page.goto(`${portal.url}/events/${booked.id}`);
    await page.getByRole('link', { name: 'Reschedule' }).click();
    await page.waitForURL(/rescheduledCalendarEventId=/);
    await page.getByRole('heading', { name: 'Consultation' }).waitFor();
    await page.getByLabel('Time zone').selectOption('UTC');
    const slots = page.getByRole('list', { name: 'Available times' }).getByRole('button');
    await slots.first().waitFor();
    const tomorrow = new Date();
    tomorrow.setUTCHours(24, 0, 0, 0);
    await slots.nth(1).click();
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Confirm Booking' }).click();
    await page.getByText('Appointment Confirmed', { exact: true }).waitFor();
    const old = (await admin.api.calendar_events.getOne(booked.id)) as any;
    expect(old.rescheduledAt).toBeTruthy();
    const moved = (await admin.api.calendar_events.getOne(old.rescheduledTo)) as any;
    expect(moved.startTimeInMS).toBeGreaterThanOrEqual(tomorrow.getTime());
    expect(moved.attendees).toContainEqual({ type: 'enduser', id: enduser.id });

    // The list is by title; pages hidden from the portal are not listed, and with none it says so.
    await page.goto(`${portal.url}/book-an-appointment`);
    const list = page.getByRole('list', { name: 'Appointments' });
    expect(await list.getByRole('link').allInnerTexts()).toEqual(['All visits', 'Book a visit']);
    for (const bookingPage of await admin.api.appointment_booking_pages.getSome({} as never)) {
      await admin.api.appointment_booking_pages.updateOne(bookingPage.id, { hiddenFromPortal: true } as never);
    }
    await page.goto(`${portal.url}/book-an-appointment`);
    await page.getByText('There are no available appointment booking pages', { exact: true }).waitFor();
    await page.setViewportSize(MOBILE);
    await screenshot(page, 'booking-list-empty');
  });
});
