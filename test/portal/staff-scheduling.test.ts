import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import type { Session } from '@tellescope/sdk';
import { usePortalHarness } from '../support/portal-harness';
import { checkScreen, DESKTOP, levels, MOBILE, openAsAdmin, signInStaff, staffWithRole } from '../support/staff-console';
import { adminSession } from '../support/tenant';

const READ_ONLY = levels(null, 'All', null, null);
const FORBIDDEN = 'You do not have access to this resource';

/** The instant of a wall-clock time on `zone`'s clock (no library: Intl's offset of that moment, checked twice for DST). */
const wallClock = (year: number, month: number, day: number, hour: number, minute: number, zone: string) => {
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const offsetAt = (at: number) => {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric' })
        .formatToParts(new Date(at))
        .map((part) => [part.type, Number(part.value)]),
    );
    return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!) - at;
  };
  const guess = wall - offsetAt(wall);
  return wall - offsetAt(guess);
};

/** Next week's Monday (the preview's first day) on `zone`'s calendar, as year, month and day. */
const nextMondayOn = (zone: string) => {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date());
  const date = new Date(`${today}T12:00:00Z`);
  const weekday = date.getUTCDay();
  date.setUTCDate(date.getUTCDate() + ((8 - weekday) % 7 || 7));
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate(), iso: date.toISOString().slice(0, 10) };
};

/**
 * Issue 34, the scheduling setup: a staff member's working hours (weekly, on a time zone, with days
 * off) decide what the public booking widget offers, and the preview shows next week as patients see
 * it; appointment types, locations and booking pages are set up in the staff app, and the booking
 * page's public link opens the widget with that type. A role without rights sees no edit controls.
 */
describe('portal: staff scheduling setup', () => {
  const harness = usePortalHarness();
  let admin: Session;

  beforeAll(async () => {
    admin = await adminSession(harness.api.host, harness.tenant);
  });

  /** The slots the public widget is offered for a page and type (the same call it makes, without a session). */
  const widgetSlots = async (pageId: string, templateId: string, from: number, to: number) => {
    const query = new URLSearchParams({ businessId: harness.tenant.businessId, bookingPageId: pageId, calendarEventTemplateId: templateId, from: new Date(from).toISOString(), to: new Date(to).toISOString() });
    const response = await fetch(`${harness.api.host}/v1/calendar-availability?${query}`);
    expect(response.status).toBe(200);
    return ((await response.json()) as { availabilityBlocks: { startTimeInMS: number }[] }).availabilityBlocks.map((slot) => slot.startTimeInMS);
  };

  const chooseZone = async (page: Page, label: string, search: string, option: RegExp) => {
    await page.getByLabel(label).fill(search);
    await page.getByRole('option', { name: option }).first().click();
  };

  it('sets up a location, an appointment type and a booking page whose public link offers that type', async () => {
    const { page, portal } = harness;
    await page.setViewportSize(DESKTOP);
    const suffix = randomBytes(3).toString('hex');
    // A clean setup, also when the test runs a second time on the same tenant.
    for (const row of await admin.api.appointment_booking_pages.getSome()) await admin.api.appointment_booking_pages.deleteOne(row.id);
    for (const row of await admin.api.calendar_event_templates.getSome()) await admin.api.calendar_event_templates.deleteOne(row.id);
    for (const row of await admin.api.appointment_locations.getSome()) await admin.api.appointment_locations.deleteOne(row.id);

    // Locations: empty at first, with what to do next.
    await openAsAdmin(harness, '/staff/scheduling/locations');
    await page.getByRole('heading', { name: 'No locations yet' }).waitFor();
    await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Scheduling' }).waitFor();
    await checkScreen(page, 'staff-scheduling-locations-empty', MOBILE);
    await page.setViewportSize(DESKTOP);
    await page.getByRole('link', { name: 'Add a location' }).click();
    await page.getByRole('heading', { name: 'Add a location', level: 1 }).waitFor();
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
    // The browser's check: a name is required; nothing is saved.
    await page.getByRole('button', { name: 'Add location' }).click();
    await page.getByText('Required', { exact: true }).waitFor();
    const location = `Harbor ${suffix}`;
    await page.getByLabel('Name').fill(location);
    await page.getByLabel('Phone').fill('(415) 555-0100');
    await page.getByLabel('Street address').fill('1 Harbor Way');
    await chooseZone(page, 'Time zone', 'New York', /^America\/New York/);
    await checkScreen(page, 'staff-scheduling-location-form', DESKTOP);
    await checkScreen(page, 'staff-scheduling-location-form', MOBILE);
    await page.setViewportSize(DESKTOP);
    await page.getByRole('button', { name: 'Add location' }).click();
    await page.getByRole('status').filter({ hasText: `Saved ${location}.` }).waitFor();
    const locationCard = page.getByRole('list', { name: 'Locations' }).getByRole('listitem').filter({ hasText: location });
    await locationCard.getByText(/Time zone: America\/New York \((EST|EDT)\)/).waitFor();
    const [savedLocation] = (await admin.api.appointment_locations.getSome()).filter((row) => row.title === location);
    expect(savedLocation).toMatchObject({ timezone: 'America/New_York', address: '1 Harbor Way' });

    // The api's refusal, next to the form: a second location of the same name.
    await page.getByRole('link', { name: 'Add a location' }).click();
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
    await page.getByLabel('Name').fill(location);
    await page.getByRole('button', { name: 'Add location' }).click();
    await page.getByRole('alert').filter({ hasText: 'Uniqueness Violation' }).waitFor();
    expect((await admin.api.appointment_locations.getSome()).filter((row) => row.title === location)).toHaveLength(1);

    // An appointment type: 30 minutes, video, a reminder a day before, no confirmation text.
    await page.goto(`${portal.url}/staff/scheduling/types`);
    await page.getByRole('heading', { name: 'No appointment types yet' }).waitFor();
    await page.getByRole('link', { name: 'Add an appointment type' }).click();
    await page.getByRole('heading', { name: 'Add an appointment type', level: 1 }).waitFor();
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
    const typeName = `Consultation ${suffix}`;
    await page.getByLabel('Name').fill(typeName);
    await page.getByLabel('Length in minutes').fill('0');
    await page.getByRole('button', { name: 'Add appointment type' }).click();
    await page.getByText('Must be between 1 and 1440', { exact: true }).waitFor();
    await page.getByLabel('Length in minutes').fill('30');
    await page.getByRole('switch', { name: 'Video visit' }).check();
    await page.getByRole('switch', { name: 'Send a confirmation text message' }).uncheck();
    await page.getByRole('checkbox', { name: '1 day before' }).check();
    await page.getByLabel('Tasks', { exact: true }).fill('Bring your medication list');
    await checkScreen(page, 'staff-scheduling-type-form', DESKTOP);
    await checkScreen(page, 'staff-scheduling-type-form', MOBILE);
    await page.setViewportSize(DESKTOP);
    await page.getByRole('button', { name: 'Add appointment type' }).click();
    await page.getByRole('status').filter({ hasText: `Saved ${typeName}.` }).waitFor();
    await page.getByText('30 minutes · video visit · patients can book it online').waitFor();
    await page.getByText('Reminds the patient 1 day before').waitFor();
    const [savedType] = (await admin.api.calendar_event_templates.getSome()).filter((row) => row.title === typeName);
    expect(savedType).toMatchObject({
      durationInMinutes: 30,
      enableVideoCall: true,
      enableSelfScheduling: true,
      confirmationEmailDisabled: false,
      confirmationSMSDisabled: true,
      reminders: [{ type: 'enduser-notification', msBeforeStartTime: 86_400_000 }],
      carePlanTasks: ['Bring your medication list'],
    });
    await checkScreen(page, 'staff-scheduling-types', DESKTOP);

    // A booking page offering the type at the location, with a term.
    await page.goto(`${portal.url}/staff/scheduling/booking-pages`);
    await page.getByRole('heading', { name: 'No booking pages yet' }).waitFor();
    await page.getByRole('link', { name: 'Add a booking page' }).click();
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
    const pageName = `Book ${suffix}`;
    await page.getByLabel('Name').fill(pageName);
    await page.getByLabel('Terms patients agree to').fill('Terms of service');
    await page.getByRole('button', { name: 'Add booking page' }).click();
    // Both browser checks: a type must be offered, and a term needs its link.
    await page.getByText('Each term needs a title and then a link starting with https://').waitFor();
    await page.getByText('Required', { exact: true }).waitFor();
    await page.getByLabel('Terms patients agree to').fill('Terms of service https://example.com/terms');
    await page.getByRole('checkbox', { name: typeName }).check();
    await page.getByRole('checkbox', { name: location }).check();
    await page.getByLabel('Thank-you title').fill('See you soon');
    await page.getByRole('button', { name: 'Add booking page' }).click();
    await page.getByRole('status').filter({ hasText: `Saved ${pageName}.` }).waitFor();
    await page.getByText(`Offers ${typeName}`).waitFor();
    await page.getByText(`At ${location}`).waitFor();
    await checkScreen(page, 'staff-scheduling-booking-pages', MOBILE);
    await page.setViewportSize(DESKTOP);

    // Its public link and embed code, each with a Copy button; the link opens the widget with the type.
    await page.getByRole('link', { name: `Edit ${pageName}` }).click();
    await page.getByRole('heading', { name: 'Share this page', level: 2 }).waitFor();
    const link = await page.getByRole('textbox', { name: 'Public link' }).inputValue();
    const [savedPage] = (await admin.api.appointment_booking_pages.getSome()).filter((row) => row.title === pageName);
    expect(savedPage).toMatchObject({ calendarEventTemplateIds: [savedType!.id], locationIds: [savedLocation!.id], terms: [{ title: 'Terms of service', link: 'https://example.com/terms' }], thankYouTitle: 'See you soon' });
    expect(link).toBe(`${portal.url}/appointment-booking-page?businessId=${harness.tenant.businessId}&appointmentBookingPageId=${savedPage!.id}`);
    expect(await page.getByRole('textbox', { name: 'Embed code for your website' }).inputValue()).toContain(`<iframe src="${link.replace(/&/g, '&amp;')}"`);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: portal.url });
    await page.getByRole('button', { name: 'Copy public link' }).click();
    await page.getByText('Copied.').waitFor();
    expect(await page.evaluate(() => (globalThis as any).navigator.clipboard.readText())).toBe(link);
    await checkScreen(page, 'staff-scheduling-booking-page', DESKTOP);
    await checkScreen(page, 'staff-scheduling-booking-page', MOBILE);
    await page.setViewportSize(DESKTOP);
    await page.goto(link);
    await page.getByRole('heading', { name: typeName }).waitFor();

    // Delete, after a confirmation.
    await page.goto(`${portal.url}/staff/scheduling/locations/${savedLocation!.id}`);
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
    await page.getByRole('button', { name: `Delete ${location}` }).click();
    const dialog = page.getByRole('alertdialog', { name: `Delete ${location}?` });
    await dialog.getByRole('button', { name: 'Keep it' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: `Delete ${location}` }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('status').filter({ hasText: 'Location deleted.' }).waitFor();
    expect((await admin.api.appointment_locations.getSome()).filter((row) => row.title === location)).toHaveLength(0);
  });

  it('working hours decide what the widget offers; the preview shows next week; a day off removes that day', async () => {
    const { page, portal } = harness;
    await page.setViewportSize(DESKTOP);
    const suffix = randomBytes(3).toString('hex');
    const template = await admin.api.calendar_event_templates.createOne({ title: `Check-in ${suffix}`, durationInMinutes: 60, enableSelfScheduling: true } as never);
    const bookingPage = await admin.api.appointment_booking_pages.createOne({ title: `Hours ${suffix}`, calendarEventTemplateIds: [template.id], locationIds: [] } as never);
    // Nobody offers hours yet: the widget is offered nothing.
    await admin.api.users.updateOne(admin.userInfo.id, { weeklyAvailabilities: [] } as never, { replaceObjectFields: true });
    for (const row of await admin.api.availability_blocks.getSome()) await admin.api.availability_blocks.deleteOne(row.id);
    const zone = 'America/New_York';
    const monday = nextMondayOn(zone);
    const weekStart = wallClock(monday.year, monday.month, monday.day, 0, 0, zone);
    const weekEnd = weekStart + 14 * 86_400_000;
    expect(await widgetSlots(bookingPage.id, template.id, weekStart, weekEnd)).toEqual([]);

    await openAsAdmin(harness, `/staff/scheduling/hours?type=${template.id}`);
    await page.getByRole('heading', { name: 'Working hours', level: 1 }).waitFor();
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
    await chooseZone(page, 'Time zone of these hours', 'New York', /^America\/New York/);
    // Mondays 09:00-11:00 New York.
    await page.getByRole('button', { name: 'Add hours on Monday' }).click();
    await page.getByLabel('Monday hours 1 to').fill('11:00');
    // The browser's check first: an end before the start.
    await page.getByRole('button', { name: 'Add hours on Tuesday' }).click();
    await page.getByLabel('Tuesday hours 1 from').fill('12:00');
    await page.getByLabel('Tuesday hours 1 to').fill('10:00');
    await page.getByRole('button', { name: 'Save working hours' }).click();
    await page.getByText('The end must be after the start').waitFor();
    await page.getByRole('button', { name: 'Remove Tuesday hours 1' }).click();
    await page.getByRole('button', { name: 'Save working hours' }).click();
    await page.getByRole('status').filter({ hasText: 'Working hours saved.' }).waitFor();
    expect(await admin.api.users.getOne(admin.userInfo.id)).toMatchObject({
      timezone: zone,
      weeklyAvailabilities: [{ dayOfWeekStartingSundayIndexedByZero: 1, startTimeInMinutes: 540, endTimeInMinutes: 660, active: true }],
    });

    // The widget is now offered Mondays 09:00 and 10:00 New York, two weeks running.
    const nine = wallClock(monday.year, monday.month, monday.day, 9, 0, zone);
    const nextNine = wallClock(monday.year, monday.month, monday.day + 7, 9, 0, zone);
    expect(await widgetSlots(bookingPage.id, template.id, weekStart, weekEnd)).toEqual([nine, nine + 3_600_000, nextNine, nextNine + 3_600_000]);

    // The preview: next week on the viewer's clock, the zone named. The viewer is the admin, whose own zone is now New York.
    const preview = page.getByRole('list', { name: 'Bookable times next week' });
    const mondayLabel = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${monday.iso}T12:00:00Z`));
    const time = (at: number) => new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZoneName: 'short', timeZone: zone }).format(new Date(at));
    const short = time(nine).split(' ').pop();
    const mondayRow = preview.getByRole('listitem', { name: mondayLabel });
    await mondayRow.getByText(time(nine), { exact: true }).waitFor();
    await mondayRow.getByText(time(nine + 3_600_000), { exact: true }).waitFor();
    expect(time(nine)).toMatch(/^9:00 AM E[SD]T$/);
    await page.getByText(`2 bookable times next week, shown on your clock (${short}).`).waitFor();
    await checkScreen(page, 'staff-scheduling-hours', DESKTOP);
    await checkScreen(page, 'staff-scheduling-hours', MOBILE);
    await page.setViewportSize(DESKTOP);

    // A day off next Monday: that day's slots go, from the preview and from the widget; the Monday after keeps its own.
    await page.getByLabel('Date').fill(monday.iso);
    await page.getByRole('button', { name: 'Add day off' }).click();
    await page.getByRole('status').filter({ hasText: 'Day off added.' }).waitFor();
    const dayOff = `${new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${monday.iso}T12:00:00Z`))}: day off`;
    await page.getByRole('list', { name: 'Exceptions' }).getByText(dayOff).waitFor();
    await mondayRow.getByText('No times').waitFor();
    await page.getByText(`No bookable times next week, shown on your clock (${short}).`).waitFor();
    expect(await widgetSlots(bookingPage.id, template.id, weekStart, weekEnd)).toEqual([nextNine, nextNine + 3_600_000]);
    await checkScreen(page, 'staff-scheduling-hours-day-off', DESKTOP);

    // Removing it gives the day back.
    await page.getByRole('button', { name: `Remove ${dayOff}` }).click();
    await page.getByRole('status').filter({ hasText: 'Exception removed.' }).waitFor();
    await mondayRow.getByText(time(nine), { exact: true }).waitFor();
    expect(await widgetSlots(bookingPage.id, template.id, weekStart, weekEnd)).toHaveLength(4);
  });

  it('a role that may only read the setup sees no edit controls, and the api still refuses a forged change', async () => {
    const { page, portal } = harness;
    await page.setViewportSize(DESKTOP);
    const suffix = randomBytes(3).toString('hex');
    const type = await admin.api.calendar_event_templates.createOne({ title: `Read only ${suffix}`, durationInMinutes: 15 } as never);
    await admin.api.users.updateOne(admin.userInfo.id, { weeklyAvailabilities: [{ dayOfWeekStartingSundayIndexedByZero: 3, startTimeInMinutes: 600, endTimeInMinutes: 720, active: true }] } as never, { replaceObjectFields: true });
    const staff = await staffWithRole(harness, admin, {
      calendar_event_templates: READ_ONLY,
      appointment_locations: READ_ONLY,
      appointment_booking_pages: READ_ONLY,
      availability_blocks: READ_ONLY,
    });
    await page.goto(`${portal.url}/staff/scheduling/types`);
    await signInStaff(page, staff.email, staff.password);
    await page.getByRole('heading', { name: 'Appointment types', level: 1 }).waitFor();
    // Not in the navigation: nothing in the setup is theirs to change.
    expect(await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Scheduling' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Add an appointment type' }).count()).toBe(0);
    await page.getByRole('link', { name: `View Read only ${suffix}` }).click();
    await page.getByRole('heading', { name: `Read only ${suffix}`, level: 1 }).waitFor();
    expect(await page.getByRole('button', { name: /Save|Delete/ }).count()).toBe(0);
    await checkScreen(page, 'staff-scheduling-read-only-type', DESKTOP);

    // Someone else's hours: shown, not changeable.
    await page.goto(`${portal.url}/staff/scheduling/hours?user=${admin.userInfo.id}`);
    await page.getByRole('heading', { name: /^Working hours of /, level: 1 }).waitFor();
    expect(await page.getByRole('button', { name: /Save working hours|Add hours|Add day off/ }).count()).toBe(0);
    expect(await page.getByLabel('Wednesday hours 1 from').inputValue()).toBe('10:00');

    // A forged save reaches the api, which refuses it; nothing changes.
    const forged = await page.request.post(`${portal.url}/staff/scheduling/types/${type.id}`, { data: { title: 'Sneaky', durationInMinutes: '15' }, headers: { 'Content-Type': 'application/json' } });
    expect(await forged.text()).toContain(FORBIDDEN);
    expect((await admin.api.calendar_event_templates.getOne(type.id)).title).toBe(`Read only ${suffix}`);
  });

  it('office hours: an Admin turns on the automatic reply, sets the hours and a closed day, and patients who write out of hours get the reply', async () => {
    const { page, portal } = harness;
    await page.setViewportSize(DESKTOP);
    const { businessId } = harness.tenant;
    for (const row of await admin.api.availability_blocks.getSome({ filter: { entity: 'organization' } } as never)) await admin.api.availability_blocks.deleteOne(row.id);
    // The organization's clock decides what "today" is for its hours.
    const zone = (await admin.api.organizations.getOne(businessId)).timezone || 'UTC';
    const todayIso = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date());
    const today = new Date(`${todayIso}T12:00:00Z`).getUTCDay();
    const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
    const patientWrites = async () => admin.api.availability_blocks.handle_autoreply({ channel: 'Email', enduserId: (await admin.api.endusers.createOne({ fname: 'Out', lname: 'Of-hours', email: `out-${randomBytes(4).toString('hex')}@example.com` })).id });

    await openAsAdmin(harness, '/staff/scheduling/office-hours');
    await page.getByRole('heading', { name: 'Office hours', level: 1 }).waitFor();
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
    await page.getByText('No closed days: the office hours apply every week. Add the holidays the clinic is closed.').waitFor();
    const reply = page.getByRole('region', { name: 'Automatic reply' });
    await reply.getByLabel('Reply to patients who write outside office hours').check();
    await reply.getByRole('button', { name: 'Save automatic reply' }).click();
    await reply.getByRole('status').filter({ hasText: 'Patients who write outside office hours now get the automatic reply.' }).waitFor();
    expect((await admin.api.organizations.getOne(businessId)).settings).toMatchObject({ endusers: { autoReplyEnabled: true } });
    // Without hours nobody is out of office: the card says no reply goes out yet, and none does.
    await reply.getByText('No office hours are set below, so no reply goes out yet').waitFor();
    await expect(patientWrites()).resolves.toEqual({ sent: false });

    // Open tomorrow only: a patient writing now is out of hours.
    const tomorrow = DAYS[(today + 1) % 7];
    await page.getByRole('button', { name: `Add hours on ${tomorrow}` }).click();
    await page.getByRole('button', { name: 'Save office hours' }).click();
    await page.getByRole('status').filter({ hasText: 'Office hours saved.' }).waitFor();
    expect((await admin.api.availability_blocks.getSome({ filter: { entity: 'organization' } } as never)).map((block) => [block.dayOfWeekStartingSundayIndexedByZero, block.startTimeInMinutes, block.endTimeInMinutes])).toEqual([[(today + 1) % 7, 540, 1020]]);
    await reply.getByText('No office hours are set below').waitFor({ state: 'detached' });
    await expect(patientWrites()).resolves.toEqual({ sent: true });

    // Open all of today too: no reply.
    await page.getByRole('button', { name: `Add hours on ${DAYS[today]}` }).click();
    await page.getByLabel(`${DAYS[today]} hours 1 from`).fill('00:00');
    await page.getByLabel(`${DAYS[today]} hours 1 to`).fill('23:59');
    await page.getByRole('button', { name: 'Save office hours' }).click();
    await page.getByRole('status').filter({ hasText: 'Office hours saved.' }).waitFor();
    await expect(patientWrites()).resolves.toEqual({ sent: false });

    // Closed today (a holiday): the reply goes out again, and the day is listed in words.
    await page.getByLabel('Date').fill(todayIso);
    await page.getByRole('button', { name: 'Add closed day' }).click();
    await page.getByRole('status').filter({ hasText: 'Closed day added.' }).waitFor();
    const closed = `${new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${todayIso}T12:00:00Z`))}: closed`;
    await page.getByRole('list', { name: 'Exceptions' }).getByText(closed).waitFor();
    await expect(patientWrites()).resolves.toEqual({ sent: true });
    await checkScreen(page, 'staff-scheduling-office-hours', DESKTOP);
    await checkScreen(page, 'staff-scheduling-office-hours', MOBILE);
    await page.setViewportSize(DESKTOP);
    await page.getByRole('button', { name: `Remove ${closed}` }).click();
    await page.getByRole('status').filter({ hasText: 'Exception removed.' }).waitFor();
    await expect(patientWrites()).resolves.toEqual({ sent: false });

    // Staff who are not Admins see the hours and the reply's state, with nothing to change; a forged change is refused.
    const staff = await staffWithRole(harness, admin, { availability_blocks: READ_ONLY });
    await page.context().clearCookies();
    await page.goto(`${portal.url}/staff/scheduling/office-hours`);
    await signInStaff(page, staff.email, staff.password);
    await page.getByRole('heading', { name: 'Office hours', level: 1 }).waitFor();
    await page.getByText('On: patients who write outside office hours get a short reply').waitFor();
    expect(await page.getByRole('button', { name: /Save|Add hours|Add closed/ }).count()).toBe(0);
    expect(await page.getByLabel(`${DAYS[today]} hours 1 to`).inputValue()).toBe('23:59');
    const forged = await page.request.post(`${portal.url}/staff/scheduling/office-hours`, { form: { intent: 'autoreply' } });
    expect(await forged.text()).toContain('Only an Admin can change the office hours.');
    expect((await admin.api.organizations.getOne(businessId)).settings).toMatchObject({ endusers: { autoReplyEnabled: true } });
  });
});
