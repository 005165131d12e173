import { randomBytes } from 'node:crypto';
import type { Session } from '@tellescope/sdk';
import { usePortalHarness } from '../support/portal-harness';
import { storeFileFor } from '../support/stored-file';
import { adminSession } from '../support/tenant';
import { screenshot, signInAs } from '../support/portal-pages';

const DESKTOP = { width: 1280, height: 900 };
const MOBILE = { width: 390, height: 844 };
const HOUR = 3_600_000;

/** docs/contract/portal.md: #home, #care-plan, #events. */
describe('portal: home, events and care plan', () => {
  const harness = usePortalHarness();
  let admin: Session;

  beforeAll(async () => {
    admin = await adminSession(harness.api.host, harness.tenant);
  });

  const patient = (fname: string, fields: Record<string, unknown> = {}) =>
    admin.api.endusers.createOne({ fname, lname: 'Patient', email: `${fname.toLowerCase()}-${randomBytes(4).toString('hex')}@example.com`, ...fields });
  const attending = (id: string) => [{ type: 'enduser' as const, id }];

  it("'Your Events' on Home and Events: attended events, public ones only with an RSVP, within the recent window", async () => {
    const { page, portal } = harness;
    await page.setViewportSize(DESKTOP);
    const enduser = await patient('Evan', { timezone: 'America/New_York' });
    const start = Date.UTC(2030, 0, 15, 15, 30);
    const checkup = await admin.api.calendar_events.createOne({ title: 'Checkup', startTimeInMS: start, durationInMinutes: 30, attendees: attending(enduser.id) });
    await admin.api.calendar_events.createOne({ title: 'Earlier today', startTimeInMS: Date.now() - 11 * HOUR, durationInMinutes: 30, attendees: attending(enduser.id) });
    await admin.api.calendar_events.createOne({ title: 'Old Visit', startTimeInMS: Date.now() - 13 * HOUR, durationInMinutes: 30, attendees: attending(enduser.id) });
    await admin.api.calendar_events.createOne({ title: 'Dental', startTimeInMS: start + 24 * HOUR, durationInMinutes: 30, attendees: attending(enduser.id), cancelledAt: new Date() });
    const yoga = await admin.api.calendar_events.createOne({ title: 'Yoga Class', startTimeInMS: start + 48 * HOUR, durationInMinutes: 60, publicRead: true });
    // Another enduser's event is never shown.
    const other = await patient('Otto');
    await admin.api.calendar_events.createOne({ title: 'Not yours', startTimeInMS: start, durationInMinutes: 30, attendees: attending(other.id) });

    await signInAs(harness, admin, enduser.id, '/home');
    const events = page.getByRole('region', { name: 'Your Events' });
    await events.getByRole('heading', { name: 'Your Events' }).waitFor();
    expect(await events.getByRole('link').allInnerTexts()).toEqual(['Earlier today', 'Checkup', 'Dental (Cancelled)']);
    // The time in the enduser's time zone: 15:30 UTC is 10:30am in New York in January.
    await events.getByText('January 15 2030, 10:30am EST').waitFor();
    await screenshot(page, 'home-default');

    // A public event appears once the enduser RSVPs on its page, and goes with the RSVP.
    await page.goto(`${portal.url}/events/${yoga.id}`);
    await page.getByRole('heading', { name: 'Yoga Class' }).waitFor();
    await page.getByRole('button', { name: 'RSVP', exact: true }).click();
    await page.getByRole('button', { name: 'Cancel RSVP' }).waitFor();
    expect(await admin.api.calendar_event_RSVPs.getSome({ filter: { eventId: yoga.id } })).toHaveLength(1);
    await page.goto(`${portal.url}/events`);
    await page.getByRole('heading', { name: 'Your Events', level: 1 }).waitFor();
    expect(await page.getByRole('main').getByRole('link').allInnerTexts()).toEqual(['Earlier today', 'Checkup', 'Dental (Cancelled)', 'Yoga Class']);
    await screenshot(page, 'events-list');
    await page.setViewportSize(MOBILE);
    await screenshot(page, 'events-list');
    await page.setViewportSize(DESKTOP);
    await page.goto(`${portal.url}/events/${yoga.id}`);
    await page.getByRole('button', { name: 'Cancel RSVP' }).click();
    await page.getByRole('button', { name: 'RSVP', exact: true }).waitFor();
    expect(await admin.api.calendar_event_RSVPs.getSome({ filter: { eventId: yoga.id } })).toHaveLength(0);

    await page.getByRole('link', { name: 'My Events' }).click();
    await page.getByRole('heading', { name: 'Your Events', level: 1 }).waitFor();
    await page.getByRole('main').getByRole('link', { name: 'Checkup' }).click();
    await page.waitForURL(`${portal.url}/events/${checkup.id}`);

    // Home lists the ten soonest and links to every event; the Events page lists all twelve.
    for (let n = 1; n <= 9; n++) {
      await admin.api.calendar_events.createOne({ title: `Session ${n}`, startTimeInMS: start + (72 + n) * HOUR, durationInMinutes: 30, attendees: attending(enduser.id) });
    }
    await page.goto(`${portal.url}/home`);
    const soonest = await events.getByRole('link').allInnerTexts();
    expect(soonest).toEqual(['Earlier today', 'Checkup', 'Dental (Cancelled)', ...Array.from({ length: 7 }, (_, index) => `Session ${index + 1}`)]);
    await screenshot(page, 'home-soonest-events');
    await page.getByRole('link', { name: 'See all 12 events' }).click();
    await page.getByRole('heading', { name: 'Your Events', level: 1 }).waitFor();
    expect(await page.getByRole('main').getByRole('link').count()).toBe(12);
  });

  it('event detail: tasks complete once, cancel after confirmation, and a missing event', async () => {
    const { page, portal } = harness;
    await page.setViewportSize(DESKTOP);
    const enduser = await patient('Tess', { timezone: 'America/Chicago' });
    const task = await admin.api.enduser_tasks.createOne({ title: 'Bring your insurance card', enduserId: enduser.id });
    const exercises = await storeFileFor(admin, enduser.id, 'exercises.txt', 'text/plain', Buffer.from('Ten squats a day.'));
    const visit = await admin.api.calendar_events.createOne({
      title: 'Physio',
      description: 'Wear comfortable clothes.',
      location: 'Main Clinic, Room 4',
      startTimeInMS: Date.UTC(2030, 5, 1, 18, 0),
      durationInMinutes: 45,
      attendees: attending(enduser.id),
      enduserTasks: [{ id: task.id, enduserId: enduser.id }],
      enableVideoCall: true,
      attachments: [{ fileId: exercises.id, displayName: 'Home exercises' }],
    } as never);
    await signInAs(harness, admin, enduser.id, `/events/${visit.id}`);
    await page.getByRole('heading', { name: 'Physio', level: 1 }).waitFor();
    await page.getByText('Wear comfortable clothes.').waitFor();
    await page.getByText('Main Clinic, Room 4').waitFor();
    await page.getByText('June 1 2030, 1:00pm CDT').waitFor();
    expect((await page.getByRole('main').locator('.MuiCard-root').first().boundingBox())?.width).toBe(400);
    await screenshot(page, 'event-detail');
    // The built-in video call joins from the event; its attachment downloads through the portal.
    expect(await page.getByRole('link', { name: 'Join Video Call' }).getAttribute('href')).toBe(`/video-call?calendarEventId=${visit.id}`);
    const attachment = page.getByRole('region', { name: 'Attachments' }).getByRole('link', { name: 'Home exercises' });
    const download = await page.request.get(new URL((await attachment.getAttribute('href')) ?? '', portal.url).toString());
    expect(download.status()).toBe(200);
    expect((await download.body()).toString()).toBe('Ten squats a day.');

    const tasks = page.getByRole('region', { name: 'Tasks' });
    await tasks.getByRole('button', { name: 'Mark complete: Bring your insurance card' }).click();
    await tasks.getByText('Completed').waitFor();
    expect(await tasks.getByRole('button').count()).toBe(0);
    const completedAt = (await admin.api.enduser_tasks.getOne(task.id)).completedAt;
    expect(completedAt).toBeTruthy();

    // Cancel asks first; keeping the event changes nothing.
    await page.getByRole('link', { name: 'Cancel Event' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Cancel event' });
    await confirm.getByText('Are you sure you want to cancel this event?').waitFor();
    await confirm.getByRole('link', { name: 'Keep event' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect((await admin.api.calendar_events.getOne(visit.id)).cancelledAt).toBeFalsy();
    await page.getByRole('link', { name: 'Cancel Event' }).click();
    await screenshot(page, 'event-cancel-confirm');
    await confirm.getByRole('button', { name: 'Yes, cancel' }).click();
    await page.getByRole('heading', { name: 'Physio (Cancelled)', level: 1 }).waitFor();
    expect(await page.getByRole('link', { name: 'Cancel Event' }).count()).toBe(0);
    expect((await admin.api.calendar_events.getOne(visit.id)).cancelledAt).toBeTruthy();
    // A rescheduled event cannot be cancelled either.
    const moved = await admin.api.calendar_events.createOne({ title: 'Moved', startTimeInMS: Date.UTC(2030, 5, 2), durationInMinutes: 30, attendees: attending(enduser.id), rescheduledAt: new Date() });
    await page.goto(`${portal.url}/events/${moved.id}`);
    await page.getByRole('heading', { name: 'Moved (Rescheduled)' }).waitFor();
    expect(await page.getByRole('link', { name: 'Cancel Event' }).count()).toBe(0);

    await page.setViewportSize(MOBILE);
    await page.goto(`${portal.url}/events/${visit.id}`);
    await screenshot(page, 'event-detail');
    await page.goto(`${portal.url}/events/${randomBytes(12).toString('hex')}`);
    await page.getByText('This event has been rescheduled or deleted.', { exact: true }).waitFor();
  });

  it("Care Plan: '<first name>'s Care Plan', its events, or 'Your care plan will appear here.'", async () => {
    const { page, portal } = harness;
    await page.setViewportSize(DESKTOP);
    const enduser = await patient('Cara');
    await signInAs(harness, admin, enduser.id, '/care-plan');
    await page.getByRole('heading', { name: "Cara's Care Plan", level: 1 }).waitFor();
    await page.getByText('Your care plan will appear here.', { exact: true }).waitFor();
    const plan = await admin.api.care_plans.createOne({ title: 'Knee recovery', enduserId: enduser.id });
    await admin.api.calendar_events.createOne({ title: 'Week 1 check-in', startTimeInMS: Date.UTC(2030, 2, 1), durationInMinutes: 15, attendees: attending(enduser.id), carePlanId: plan.id });
    await page.goto(`${portal.url}/care-plan`);
    await page.getByRole('main').getByRole('link', { name: 'Week 1 check-in' }).waitFor();
    expect(await page.getByText('Your care plan will appear here.').count()).toBe(0);
    // The navigation now offers it.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Care Plan' }).waitFor();
    // The Care Plan page's header image, from its page setting.
    expect(await page.locator('main img').count()).toBe(0);
    await admin.api.portal_customizations.createOne({ page: 'Care Plan', headerImageURL: `${portal.url}/favicon.svg`, blocks: [] } as never);
    await page.goto(`${portal.url}/care-plan`);
    await page.locator(`main img[src="${portal.url}/favicon.svg"]`).waitFor();
    await page.getByRole('heading', { name: "Cara's Care Plan", level: 1 }).waitFor();
    await screenshot(page, 'care-plan');
    await page.setViewportSize(MOBILE);
    await screenshot(page, 'care-plan');
  });

  it('Home: outstanding-forms banner, and the Home customization with its blocks when it has any', async () => {
    const { page, portal } = harness;
    await page.setViewportSize(DESKTOP);
    const enduser = await patient('Hana');
    const form = await admin.api.forms.createOne({ title: 'Intake' });
    await admin.api.form_responses.prepare_form_response({ formId: form.id, enduserId: enduser.id });
    // A link past its expiry cannot be filled any more: the banner does not count it.
    await admin.api.form_responses.prepare_form_response({ formId: form.id, enduserId: enduser.id, expireAt: new Date(Date.now() - 60_000).toISOString() } as never);
    await signInAs(harness, admin, enduser.id, '/home');
    await page.getByText('You have 1 form to complete').waitFor();
    await page.getByRole('link', { name: 'Go to Documents' }).waitFor();
    // A conversation with a message from staff the enduser has not read: its banner.
    expect(await page.getByText(/conversations? with unread messages/).count()).toBe(0);
    const room = await admin.api.chat_rooms.createOne({ title: 'Hello', enduserIds: [enduser.id], userIds: [admin.userInfo.id], type: 'external' });
    await admin.api.chats.createOne({ roomId: room.id, message: 'How are you feeling?' });
    await page.reload();
    await page.getByText('You have 1 conversation with unread messages').waitFor();
    await page.getByRole('link', { name: 'Go to Communications' }).waitFor();
    await page.setViewportSize(MOBILE);
    await screenshot(page, 'home-default');

    // The care team: staff assigned to the enduser, with their care roles (never Admin).
    const nurse = await admin.api.users.createOne({ email: `nurse-${randomBytes(4).toString('hex')}@example.com`, fname: 'Nora', lname: 'Nurse', roles: ['Nurse'] } as never);
    const doctor = await admin.api.users.createOne({ email: `doctor-${randomBytes(4).toString('hex')}@example.com`, fname: 'Dev', lname: 'Doctor', roles: ['Physician', 'Admin'] } as never);
    await admin.api.users.createOne({ email: `other-${randomBytes(4).toString('hex')}@example.com`, fname: 'Otto', lname: 'Unassigned', roles: ['Nurse'] } as never);
    await admin.api.endusers.updateOne(enduser.id, { assignedTo: [nurse.id, doctor.id] });
    await admin.api.managed_content_records.createOne({ title: 'Sleeping well after surgery', textContent: 'Rest.', assignmentType: 'All' } as never);
    await admin.api.portal_customizations.createOne({
      page: 'Home',
      headerImageURL: `${portal.url}/favicon.svg`,
      blocks: [
        { type: 'education', info: {} },
        { type: 'text', info: { text: 'We are glad you are here.' } },
        { type: 'careTeam', info: { title: 'Your care team' } },
        { type: 'careTeam', info: { title: 'Your doctors', roles: ['Physician'] } },
        { type: 'carePlan', info: {} },
      ],
    });
    await page.goto(`${portal.url}/home`);
    await page.getByText('We are glad you are here.').waitFor();
    const team = page.getByRole('region', { name: 'Your care team' });
    await team.getByText('Nora Nurse', { exact: true }).waitFor();
    const lines = async (name: string) => (await page.getByRole('region', { name }).getByRole('listitem').allInnerTexts()).map((text) => text.split(/\n+/).join(' / '));
    expect(await lines('Your care team')).toEqual(['Nora Nurse / Nurse', 'Dev Doctor / Physician']);
    // A block with roles shows only the members holding one of them.
    expect(await lines('Your doctors')).toEqual(['Dev Doctor / Physician']);
    expect(await page.getByText('Admin').count()).toBe(0);
    await page.getByRole('region', { name: 'Care Plan' }).getByText('Your care plan will appear here.').waitFor();
    // The education block links what the enduser may read; the header image shows above the blocks.
    await page.getByRole('region', { name: 'Education' }).getByRole('link', { name: 'Sleeping well after surgery' }).waitFor();
    expect(await page.locator(`main img[src="${portal.url}/favicon.svg"]`).count()).toBe(1);
    expect(await page.getByText('You have 1 form to complete').count()).toBe(0);
    await screenshot(page, 'home-custom');
    await page.setViewportSize(DESKTOP);
    await screenshot(page, 'home-custom');
  });
});
