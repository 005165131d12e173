import { randomBytes } from 'node:crypto';
import type { Session } from '@tellescope/sdk';
import { waitlistTokenHash, WAITLIST_HOLDS } from '@carelane/db/internal/waitlist-holds';
import { newId } from '@carelane/db';
import { usePortalHarness } from '../support/portal-harness';
import { adminSession } from '../support/tenant';
import { screenshot } from '../support/portal-pages';
import { seriousAccessibilityViolations } from '../support/axe';
import { callWith } from '../identity/support';

const DESKTOP = { width: 1280, height: 900 };
const MOBILE = { width: 390, height: 844 };

/**
 * The waitlist in the browser (docs/decisions.md, "The waitlist"): the booking widget offers "Join
 * the waitlist" under its times, and joining says so; the held link's page books the held time, and
 * a late link says the time is no longer available.
 */
describe('portal: the waitlist', () => {
  const harness = usePortalHarness();
  let admin: Session;
  let templateId: string;
  let pageId: string;

  beforeAll(async () => {
    admin = await adminSession(harness.api.host, harness.tenant);
    // Nobody has hours: the widget has no times to offer, which is when the waitlist matters.
    await admin.api.users.updateOne(admin.userInfo.id, { timezone: 'UTC', fname: 'Dana', lname: 'Reyes' } as never);
    const template = await admin.api.calendar_event_templates.createOne({ title: 'Consultation', durationInMinutes: 30, enableSelfScheduling: true } as never);
    templateId = template.id;
    const page = await admin.api.appointment_booking_pages.createOne({ title: 'Book a visit', calendarEventTemplateIds: [template.id], locationIds: [] } as never);
    pageId = page.id;
  });

  const widgetURL = () => `${harness.portal.url}/appointment-booking-page?${new URLSearchParams({ businessId: harness.tenant.businessId, appointmentBookingPageId: pageId })}`;
  const entries = async () => (await callWith(harness.api.host, `Bearer ${admin.authToken}`, '/v1/waitlist-requests')).body as Record<string, any>[];

  for (const viewport of [MOBILE, DESKTOP]) {
    it(`a visitor joins the waitlist from the widget (${viewport.width} px)`, async () => {
      const { page } = harness;
      await page.setViewportSize(viewport);
      await page.goto(widgetURL());
      await page.getByRole('heading', { name: 'Consultation' }).waitFor();
      await page.getByText('No appointments are available at this date.', { exact: true }).waitFor();
      await page.getByRole('button', { name: 'Join the waitlist' }).click();
      const form = page.getByRole('form', { name: 'Join the waitlist' });
      await form.waitFor();
      // Each missing answer is named; nothing is sent.
      await form.getByRole('button', { name: 'Join the waitlist' }).click();
      for (const message of ['First name is required', 'Last name is required', 'Email is required']) await page.getByText(message, { exact: true }).waitFor();
      await page.getByRole('radio', { name: 'Text message' }).check();
      await page.getByText('Enter a phone number to be told by text', { exact: true }).waitFor();
      await page.getByRole('radio', { name: 'Email' }).check();
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await screenshot(page, 'booking-waitlist-form');

      const email = `wait-${randomBytes(4).toString('hex')}@example.com`;
      await page.getByLabel('First name').fill('Wren');
      await page.getByLabel('Last name').fill('Waiting');
      await page.getByRole('textbox', { name: 'Email' }).fill(email);
      await form.getByRole('button', { name: 'Join the waitlist' }).click();
      const joined = page.getByRole('status');
      await joined.getByText("You're on the waitlist", { exact: true }).waitFor();
      await joined.getByText('We will email you when a time opens up, with a link that holds it for you for 15 minutes.').waitFor();
      await screenshot(page, 'booking-waitlist-joined');
      expect(await seriousAccessibilityViolations(page)).toEqual([]);

      const [patient] = await admin.api.endusers.getSome({ filter: { email } } as never);
      const entry = (await entries()).find((row) => row.enduserId === patient.id);
      expect(entry).toMatchObject({ calendarEventTemplateId: templateId, bookingPageId: pageId, channel: 'Email', status: 'waiting' });
      // Two weeks from today by default, whole days.
      expect(entry!.toTimeInMS - entry!.fromTimeInMS).toBeGreaterThan(13 * 86_400_000);
    });
  }

  it('the held link books the held time once; a late link says the time is no longer available', async () => {
    const { page } = harness;
    await page.setViewportSize(MOBILE);
    const patient = await admin.api.endusers.createOne({ fname: 'Hal', email: `hal-${randomBytes(4).toString('hex')}@example.com`, timezone: 'America/New_York' } as never);
    // Staff may put a patient on the waitlist themselves.
    const created = await callWith(harness.api.host, `Bearer ${admin.authToken}`, '/v1/waitlist-request', {
      method: 'POST',
      body: JSON.stringify({ enduserId: patient.id, calendarEventTemplateId: templateId, fromTimeInMS: Date.now(), toTimeInMS: Date.now() + 10 * 86_400_000 }),
    });
    expect(created).toMatchObject({ status: 200, body: { status: 'waiting' } });
    const entry = created.body as { id: string };
    // The hold the offer workflow writes (test/automations/waitlist.test.ts makes one through the workflow).
    const token = randomBytes(32).toString('base64url');
    const start = Math.ceil((Date.now() + 3 * 86_400_000) / 3_600_000) * 3_600_000;
    await harness.api.dataSource.query(
      `INSERT INTO ${WAITLIST_HOLDS} ("_id", "businessId", "organizationIds", "waitlistRequestId", "enduserId", "userId", "calendarEventTemplateId", "startTimeInMS", "durationInMinutes", "freedEventId", "tokenHash", status, "expiresAt")
       VALUES ($1, $2, '[]', $3, $4, $5, $6, $7, 30, $8, $9, 'held', now() + interval '15 minutes')`,
      [newId(), harness.tenant.businessId, entry.id, patient.id, admin.userInfo.id, templateId, start, newId(), waitlistTokenHash(token)],
    );

    await page.goto(`${harness.portal.url}/waitlist-offer/${token}`);
    await page.getByRole('heading', { name: 'A time opened up' }).waitFor();
    await page.getByText('30 minutes with Dana Reyes', { exact: true }).waitFor();
    // On the patient's clock, naming the zone.
    await page.getByText(/E[SD]T$/).first().waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'waitlist-offer');
    await page.getByRole('button', { name: 'Book this time' }).click();
    await page.getByRole('heading', { name: 'Appointment Confirmed' }).waitFor();
    await screenshot(page, 'waitlist-offer-booked');
    const booked = await admin.api.calendar_events.getSome({ filter: { startTimeInMS: start } } as never);
    expect(booked.map((event) => event.attendees)).toEqual([[{ type: 'user', id: admin.userInfo.id }, { type: 'enduser', id: patient.id }]]);

    // The same link again (or any late link): the time is gone.
    await page.setViewportSize(DESKTOP);
    await page.goto(`${harness.portal.url}/waitlist-offer/${token}`);
    await page.getByRole('heading', { name: 'This time is no longer available' }).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'waitlist-offer-gone');
    expect(await admin.api.calendar_events.getSome({ filter: { startTimeInMS: start } } as never)).toHaveLength(1);
  });
});
