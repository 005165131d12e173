import { randomBytes } from 'node:crypto';
import type { Session } from '@tellescope/sdk';
import { waitFor } from '../automations/support';
import { usePortalHarness } from '../support/portal-harness';
import { checkScreen, DESKTOP, MOBILE, openAsAdmin } from '../support/staff-console';
import { adminSession } from '../support/tenant';

/**
 * Issue 32: the task queue on the staff app's one list. A journey's step creates a task for each
 * patient (run by the suite's own worker); the queue names the journey and the step in words, closes
 * a task with one of the step's reasons (and the journey goes on from that reason), reassigns one,
 * and opens its patient.
 */
describe('portal: staff task queue', () => {
  // A worker of the suite's own runs the journey that creates the tasks.
  const harness = usePortalHarness({ mail: true, automations: true });
  let admin: Session;

  beforeAll(async () => {
    admin = await adminSession(harness.api.host, harness.tenant);
  });

  it('shows a journey’s tasks by journey and step, closes one with a reason, reassigns one and opens its patient', async () => {
    const { page } = harness;
    await page.setViewportSize(DESKTOP);
    const suffix = randomBytes(3).toString('hex');
    const me = admin.userInfo.id;
    const colleague = await admin.api.users.createOne({ email: `rosa-${suffix}@example.com`, fname: 'Rosa', lname: `Colleague${suffix}` } as never);
    const journey = await admin.api.journeys.createOne({ title: `Intake ${suffix}`, defaultState: 'New', states: [{ name: 'New', priority: 'N/A' }] } as never);
    const call = await admin.api.automation_steps.createOne({
      journeyId: journey.id,
      events: [{ type: 'onJourneyStart', info: {} }],
      action: {
        type: 'createTicket',
        info: { title: 'Call {{enduser.fname}} about intake', assignmentStrategy: { type: 'default', info: {} }, defaultAssignee: me, closeReasons: ['Reached them', 'No answer'] },
      },
    } as never);
    // Closed as 'No answer', the journey tags the patient.
    await admin.api.automation_steps.createOne({
      journeyId: journey.id,
      events: [{ type: 'ticketCompleted', info: { automationStepId: call.id, closedForReason: 'No answer' } }],
      action: { type: 'addEnduserTags', info: { tags: [`unreached${suffix}`] } },
    } as never);
    const [ada, ben] = await Promise.all(['Ada', 'Ben'].map((fname) => admin.api.endusers.createOne({ fname, lname: `Queue${suffix}` } as never)));
    await admin.api.endusers.add_to_journey({ enduserIds: [ada!.id, ben!.id], journeyId: journey.id });
    const tickets = await waitFor(
      () => admin.api.tickets.getSome({ filter: { journeyId: journey.id } } as never),
      (rows) => rows.length === 2,
      'the journey’s two tasks',
      60_000,
    );
    const adaTicket = tickets.find((ticket) => ticket.enduserId === ada!.id)!;
    const benTicket = tickets.find((ticket) => ticket.enduserId === ben!.id)!;
    expect(adaTicket).toMatchObject({ title: 'Call Ada about intake', owner: me, closeReasons: ['Reached them', 'No answer'] });

    // Mine: both tasks, each with its patient by name and the journey and step that made it in words.
    await openAsAdmin(harness, '/staff/tasks');
    const mine = page.getByRole('table', { name: 'My tasks' });
    await mine.locator('tbody tr').nth(1).waitFor();
    const adaRow = mine.locator('tbody tr', { hasText: 'Call Ada about intake' });
    const adaText = (await adaRow.innerText()).replace(/\s+/g, ' ');
    expect(adaText).toContain(`From Intake ${suffix}: Create the task 'Call [patient's first name] about intake' for Admin`);
    expect(adaText).toContain(`Ada Queue${suffix}`);
    expect(adaText).not.toMatch(/[0-9a-f]{24}/);
    await checkScreen(page, 'staff-tasks-mine', DESKTOP);
    await checkScreen(page, 'staff-tasks-mine', MOBILE);
    await page.setViewportSize(DESKTOP);

    // Close Ada's task with one of the step's reasons.
    await page.getByRole('button', { name: 'Close Call Ada about intake' }).click();
    const closing = page.getByRole('dialog', { name: 'Close Call Ada about intake?' });
    await closing.getByRole('radio', { name: 'No answer' }).check();
    await checkScreen(page, 'staff-tasks-close', DESKTOP);
    await page.setViewportSize(DESKTOP);
    await closing.getByRole('button', { name: 'Close task' }).click();
    await page.getByRole('status').filter({ hasText: 'Closed Call Ada about intake: No answer.' }).waitFor();
    await adaRow.waitFor({ state: 'detached' });
    expect(await admin.api.tickets.getOne(adaTicket.id)).toMatchObject({ closedForReason: 'No answer', closedBy: me, closedAt: expect.anything() });
    // The journey goes on from the reason given.
    await waitFor(async () => (await admin.api.endusers.getOne(ada!.id)).tags ?? [], (tags) => tags.includes(`unreached${suffix}`), 'the tag the closed task leads to', 60_000);

    // Reassign Ben's task to a colleague: it leaves Mine and shows in All under their name.
    await page.getByRole('button', { name: 'Reassign Call Ben about intake' }).click();
    const reassigning = page.getByRole('dialog', { name: 'Reassign Call Ben about intake' });
    await reassigning.getByLabel('Staff member').selectOption({ label: `Rosa Colleague${suffix}` });
    await reassigning.getByRole('button', { name: 'Reassign' }).click();
    await page.getByRole('status').filter({ hasText: `Assigned Call Ben about intake to Rosa Colleague${suffix}.` }).waitFor();
    await page.getByRole('heading', { name: 'Nothing assigned to you' }).waitFor();
    expect((await admin.api.tickets.getOne(benTicket.id)).owner).toBe(colleague.id);

    await page.getByRole('navigation', { name: 'Queues' }).getByRole('link', { name: 'All' }).click();
    const all = page.getByRole('table', { name: 'All open tasks' });
    await all.waitFor();
    expect((await all.locator('tbody tr').allInnerTexts()).map((row) => row.replace(/\s+/g, ' ').trim())).toEqual([expect.stringContaining(`Rosa Colleague${suffix}`)]);
    await checkScreen(page, 'staff-tasks-all', DESKTOP);
    await checkScreen(page, 'staff-tasks-all', MOBILE);
    await page.setViewportSize(DESKTOP);

    // Open the patient from the task.
    await all.getByRole('link', { name: `Open patient Ben Queue${suffix}` }).click();
    await page.waitForURL(`${harness.portal.url}/staff/patients/${ben!.id}`);

    // A task about nobody in particular, added on the Tasks page: it is the staff member's own, in Mine.
    await page.goto(`${harness.portal.url}/staff/tasks`);
    const adding = page.getByRole('group', { name: 'Add a task' });
    await adding.getByText('Add a task', { exact: true }).click();
    await adding.getByLabel('New task').fill(`Order gloves ${suffix}`);
    await adding.getByRole('button', { name: 'Add task' }).click();
    await adding.getByText('Task added').waitFor();
    await page.getByRole('table', { name: 'My tasks' }).locator('tbody tr', { hasText: `Order gloves ${suffix}` }).waitFor();
    const [gloves] = await admin.api.tickets.getSome({ filter: { title: `Order gloves ${suffix}` } });
    expect(gloves).toMatchObject({ owner: me });
    expect(gloves!.enduserId).toBeUndefined();
  });
});
