import type { Session } from '@tellescope/sdk';
import { waitFor } from '../automations/support';
import { patientWithThreeSends, vipTrigger } from '../outbox/support';
import { usePortalHarness } from '../support/portal-harness';
import { checkScreen, DESKTOP, MOBILE, openAsAdmin } from '../support/staff-console';
import { adminSession } from '../support/tenant';

/**
 * Issue 36 in the staff app, one browser walk: the patient's outbox lists three pending sends; one
 * is cancelled, one voided by cancelling its appointment; a trigger that did not fire says why on
 * the timeline; a delay of the live journey is previewed and applied for the patient in it.
 */
describe('portal: staff outbox, why it fired, and a change to a live journey', () => {
  const harness = usePortalHarness({ mail: true, automations: true });
  let admin: Session;

  beforeAll(async () => {
    admin = await adminSession(harness.api.host, harness.tenant);
  });

  it('walks the outbox, a trigger that did not fire, and a delay changed for the patients in the journey', async () => {
    const { page } = harness;
    await page.setViewportSize(DESKTOP);
    const made = await patientWithThreeSends(admin, admin.userInfo.id as string, 'Nadia');
    await waitFor(
      () => admin.api.automated_actions.getSome({ filter: { enduserId: made.enduser.id, automationStepId: made.welcome.id } }),
      (rows) => rows[0]?.status === 'active',
      'the journey email to be pending',
      90_000,
    );

    await openAsAdmin(harness, `/staff/patients/${made.enduser.id}`);
    const outbox = page.getByRole('list', { name: 'Outbox' });
    const item = (text: string) => outbox.getByRole('listitem').filter({ hasText: text });
    await item("Journey 'Onboarding', step: Send email 'Welcome'").getByText('Pending').waitFor();
    await item("Message 'See you soon' scheduled by staff").getByText('Pending').waitFor();
    await item("Reminder for 'Consult' on").getByText('Text message').waitFor();
    expect(await outbox.getByRole('listitem').count()).toBe(3);
    await checkScreen(page, 'staff-outbox-pending', DESKTOP);
    await checkScreen(page, 'staff-outbox-pending', MOBILE);
    await page.setViewportSize(DESKTOP);

    // Cancel the journey's email from the outbox: it stays, cancelled.
    await item('Onboarding').getByRole('button', { name: /^Cancel email at .*Onboarding/ }).click();
    await item('Onboarding').getByText('Cancelled').waitFor();
    expect((await admin.api.automated_actions.getSome({ filter: { automationStepId: made.welcome.id } }))[0].status).toBe('cancelled');

    // The appointment is cancelled: its reminder stays, voided, with why.
    await admin.api.calendar_events.updateOne(made.appointment.id, { cancelledAt: new Date() } as never);
    await page.reload();
    await item('Consult').getByText('Voided').waitFor();
    await item('Consult').getByText('The appointment was cancelled').waitFor();
    await item('See you soon').getByText('Pending').waitFor();

    // A trigger that does not fire for Nadia says why on her timeline.
    await vipTrigger(admin);
    await admin.api.endusers.updateOne(made.enduser.id, { city: 'Boston' } as never);
    const timeline = page.getByRole('list', { name: 'Timeline' });
    const why = timeline.getByRole('listitem').filter({ hasText: "Trigger 'VIP welcome' did not fire" });
    await waitFor(async () => { await page.reload(); return why.count(); }, (count) => count === 1, 'the decision on the timeline', 60_000);
    await why.getByText("not fired: tags contains 'vip' is false (tags: ['onboarding'])").waitFor();
    await why.scrollIntoViewIfNeeded();
    await checkScreen(page, 'staff-outbox-cancelled-voided-why', DESKTOP);
    await checkScreen(page, 'staff-outbox-cancelled-voided-why', MOBILE);
    await page.setViewportSize(DESKTOP);

    // Another patient joins the journey; its email's delay is shortened for them from the journey page.
    const omar = await admin.api.endusers.createOne({ fname: 'Omar', lname: 'Live', email: `omar-${Date.now()}@example.test` });
    await admin.api.endusers.add_to_journey({ enduserIds: [omar.id], journeyId: made.journey.id });
    const [pending] = await waitFor(
      () => admin.api.automated_actions.getSome({ filter: { enduserId: omar.id, automationStepId: made.welcome.id } }),
      (rows) => rows[0]?.status === 'active',
      "Omar's email to be pending",
      90_000,
    );
    await page.goto(`${harness.portal.url}/staff/journeys/${made.journey.id}`);
    await page.getByRole('link', { name: 'Change a delay for patients already in it' }).click();
    await page.getByRole('heading', { name: 'Change a delay: Onboarding' }).waitFor();
    await page.getByRole('spinbutton', { name: 'New delay' }).fill('1');
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.getByRole('status').filter({ hasText: 'If you apply it: 1 pending send moves, 0 appear, 0 vanish.' }).waitFor();
    await page.getByRole('list', { name: 'Moved' }).getByText(/^Omar Live: .+ → .+$/).waitFor();
    await checkScreen(page, 'staff-live-change-preview', DESKTOP);
    await checkScreen(page, 'staff-live-change-preview', MOBILE);
    await page.setViewportSize(DESKTOP);
    expect((await admin.api.automated_actions.getOne(pending.id)).processAfter).toBe(pending.processAfter);
    await page.getByRole('button', { name: 'Apply to everyone in it' }).click();
    await page.getByRole('status').filter({ hasText: 'Applied: 1 pending send moved, 0 appeared, 0 vanished.' }).waitFor();
    expect((await admin.api.automated_actions.getOne(pending.id)).processAfter).toBe(pending.processAfter - 86_400_000);

    await page.goto(`${harness.portal.url}/staff/journeys/${made.journey.id}/decisions`);
    await page.getByRole('heading', { name: 'Why steps ran: Onboarding' }).waitFor();
    await page.getByText('No step of this journey has conditions').waitFor();
    await checkScreen(page, 'staff-journey-decisions', MOBILE);
  }, 300_000);
});
