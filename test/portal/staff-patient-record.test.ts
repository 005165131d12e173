import { randomBytes } from 'node:crypto';
import { inflateSync } from 'node:zlib';
import type { Session } from '@tellescope/sdk';
import { waitFor } from '../automations/support';
import { usePortalHarness } from '../support/portal-harness';
import { checkScreen, DESKTOP, levels, MOBILE, openAsAdmin, signInStaff, staffWithRole } from '../support/staff-console';
import { adminSession } from '../support/tenant';
import { splitWords } from '../support/staff-walk';

const FORBIDDEN = 'You do not have access to this resource';
const NOT_FOUND = 'This patient does not exist or you cannot see them';
const HOUR = 3_600_000;

/** Hex of a text as pdf-lib writes it with a standard font (WinAnsi codes in a hex string). */
const pdfHex = (text: string) => Buffer.from(text, 'latin1').toString('hex').toUpperCase();
/** A PDF's content streams, inflated (pdf-lib compresses them), as one text to search. */
const pdfContent = (bytes: Buffer) => {
  const raw = bytes.toString('latin1');
  const streams = [...raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)].map(([, body]) => {
    try {
      return inflateSync(Buffer.from(body!, 'latin1')).toString('latin1');
    } catch {
      return body!;
    }
  });
  return streams.join('\n');
};

/** Issue 32: the patient record in the staff app (header, profile, timeline of every channel, forms, notes, files, actions). */
describe('portal: staff patient record', () => {
  // The browser reports the not-found page's own 404 answer as a console error; that answer is the point.
  const harness = usePortalHarness({ mail: true, automations: true, expectedConsoleError: (text) => text.includes('the server responded with a status of 404') });
  let admin: Session;

  beforeAll(async () => {
    admin = await adminSession(harness.api.host, harness.tenant);
  });

  /** A patient with something of every kind: messages both ways on each channel, a submitted form, an appointment, a task, a care plan. */
  const patientWithHistory = async () => {
    const suffix = randomBytes(3).toString('hex');
    const adminId = admin.userInfo.id as string;
    await admin.api.users.updateOne(adminId, { fname: 'Dana', lname: 'Desk' } as never);
    const journey = await admin.api.journeys.createOne({ title: `Intake ${suffix}`, states: [{ name: 'Screening', priority: 'Engaged' }, { name: 'Active', priority: 'Engaged' }], defaultState: 'Screening' } as never);
    const other = await admin.api.journeys.createOne({ title: `Follow-up ${suffix}` } as never);
    const enduser = await admin.api.endusers.createOne({
      fname: 'Ada',
      lname: `Record${suffix}`,
      email: `ada-${suffix}@example.com`,
      phone: '+14155552671',
      dateOfBirth: '1980-03-04',
      preference: 'sms',
      tags: ['diabetes', 'vip'],
      assignedTo: [adminId],
      timezone: 'Asia/Tokyo',
      // Custom fields, as an import or a journey's "set fields" step leaves them.
      fields: { Insurance: 'Aetna', 'Visits so far': 3 },
    } as never);
    await admin.api.endusers.updateOne(enduser.id, { journeys: { [journey.id]: 'Screening' } } as never);
    // A step of that journey waiting for tomorrow: its timeline line carries the widest controls (its state, Cancel).
    const reminder = await admin.api.automation_steps.createOne({ journeyId: journey.id, events: [{ type: 'onJourneyStart', info: {} }], action: { type: 'addEnduserTags', info: { tags: ['reminded'] } } } as never);
    await admin.api.automated_actions.createOne({ automationStepId: reminder.id, enduserId: enduser.id, journeyId: journey.id, event: reminder.events[0], action: reminder.action, status: 'active', processAfter: Date.now() + 86_400_000 } as never);
    await admin.api.emails.createOne({ enduserId: enduser.id, subject: 'Re: my refill', textContent: 'Could you renew it?', inbound: true, logOnly: true } as never);
    await admin.api.sms_messages.createOne({ enduserId: enduser.id, message: 'Running 10 minutes late', inbound: true, logOnly: true } as never);
    await admin.api.sms_messages.createOne({ enduserId: enduser.id, message: 'No problem, see you soon', logOnly: true } as never);
    // Written for tomorrow: it waits in the outbox, not yet sent.
    await admin.api.emails.createOne({ enduserId: enduser.id, subject: 'See you tomorrow', textContent: 'Your visit is at 9.', sendAt: new Date(Date.now() + 86_400_000).toISOString() } as never);
    const room = await admin.api.chat_rooms.createOne({ title: 'Questions', enduserIds: [enduser.id], userIds: [adminId], type: 'external' } as never);
    await admin.api.chats.createOne({ roomId: room.id, message: 'Your results are in' } as never);
    const form = await admin.api.forms.createOne({ title: `Health history ${suffix}` });
    const field = await admin.api.form_fields.createOne({ formId: form.id, title: 'Any allergies?', type: 'string', previousFields: [{ type: 'root', info: {} }] } as never);
    const { accessCode } = await admin.api.form_responses.prepare_form_response({ formId: form.id, enduserId: enduser.id });
    await admin.api.form_responses.submit_form_response({ accessCode, responses: [{ fieldId: field.id, fieldTitle: 'Any allergies?', answer: { type: 'string', value: 'Penicillin' } }] } as never);
    const [response] = await admin.api.form_responses.getSome({ filter: { accessCode } });
    await admin.api.calendar_events.createOne({ title: 'Checkup', startTimeInMS: Date.now() + 48 * HOUR, durationInMinutes: 30, attendees: [{ type: 'enduser', id: enduser.id }] } as never);
    await admin.api.tickets.createOne({ title: 'Call about lab results', enduserId: enduser.id } as never);
    await admin.api.care_plans.createOne({ title: 'Blood sugar plan', enduserId: enduser.id, description: 'Check twice a day.' } as never);
    await admin.api.purchases.createOne({ title: 'Initial consultation', enduserId: enduser.id, cost: { amount: 12_550, currency: 'USD' }, processor: 'Stripe', refundedAmount: 2_500 } as never);
    return { suffix, enduser, journey, other, form, response: response! };
  };

  it('shows the patient, every channel on the timeline, the form as the portal shows it and as a PDF; profile, notes, files and actions work', async () => {
    const { page, portal } = harness;
    await page.setViewportSize(DESKTOP);
    const { suffix, enduser, journey, other, form, response } = await patientWithHistory();
    await openAsAdmin(harness, `/staff/patients/${enduser.id}`);

    // The header: who, age, contact, preference, tags, assigned staff, journeys with their states.
    const header = page.locator('main header');
    await page.getByRole('heading', { level: 1, name: `Ada Record${suffix}` }).waitFor();
    const facts = (await header.locator('dl').innerText()).replace(/\s+/g, ' ');
    expect(facts).toMatch(/Date of birth Mar 4, 1980 \(\d+ years\)/);
    expect(facts).toContain(`ada-${suffix}@example.com · +14155552671`);
    expect(facts).toContain('Prefers Text message');
    expect(facts).toContain('diabetes');
    expect(facts).toContain('Assigned to Dana Desk');
    expect(facts).toContain(`Intake ${suffix}: Screening`);
    expect(await page.locator('body').innerText()).not.toContain(enduser.id);
    // The profile is filled in the server's page too, before scripts run (a form posted then keeps the patient's name).
    const served = await (await page.request.get(`${portal.url}/staff/patients/${enduser.id}`)).text();
    expect(served).toMatch(/<input[^>]*name="fname"[^>]*value="Ada"|<input[^>]*value="Ada"[^>]*name="fname"/);
    expect(served).toContain(`value="Record${suffix}"`);
    // ...and its menus show the patient's choice, not "Not given" (Joy's Select learns its labels only in the browser).
    expect(served).toMatch(/aria-labelledby="profile-preference-label"[^>]*>Text message</);

    // The timeline: every channel, both ways, in words.
    const timeline = page.getByRole('list', { name: 'Timeline' });
    const item = (...texts: string[]) => texts.reduce((items, text) => items.filter({ hasText: text }), timeline.getByRole('listitem'));
    await item('Email received', 'Re: my refill', 'Could you renew it?').waitFor();
    await item('Text received', 'Running 10 minutes late').waitFor();
    await item('Text sent', 'No problem, see you soon').waitFor();
    // A message scheduled for later says so, at its sending time; it was never 'sent'.
    await item('Email scheduled', 'See you tomorrow', 'scheduled').waitFor();
    expect(await item('Email sent', 'See you tomorrow').count()).toBe(0);
    await item('Chat from Dana Desk', 'Your results are in').waitFor();
    await item('Form', `Health history ${suffix} submitted`).waitFor();
    await item('Task', 'Call about lab results', 'open').waitFor();
    // An appointment on the staff member's clock, with the patient's (Tokyo) beside it.
    expect(await item('Appointment', 'Checkup (30 min)').innerText()).toMatch(/[AP]M \S+ · \d{1,2}:\d\d [AP]M for the patient/);
    await page.getByRole('region', { name: 'Care plans' }).getByText('Blood sugar plan').waitFor();
    // The waiting step's line names its journey, and with no Temporal UI configured it links to none.
    await item('Journey step', 'pending').waitFor();
    expect(await timeline.getByRole('link', { name: /in Temporal$/ }).count()).toBe(0);
    // On a laptop the timeline sits in the narrower of two columns: its lines stack there, never squeezing words letter by letter.
    await page.setViewportSize({ width: 1024, height: 800 });
    expect(await splitWords(page, 'ol[aria-label="Timeline"] li')).toEqual([]);
    await checkScreen(page, 'staff-patient-record', DESKTOP);
    await checkScreen(page, 'staff-patient-record', MOBILE);
    // The record's parts are one tap away, with what waits in each; a jump lands on its section.
    const parts = page.getByRole('navigation', { name: 'Parts of this record' });
    expect(await parts.getByRole('link').allInnerTexts()).toEqual(['Calls', 'Timeline', 'Profile', 'Vital signs', 'Journeys · 1', 'Notes', 'Files', 'Care plans · 1', 'Superbills', 'Tasks · 1 open']);
    // Far below the fold before the jump, the heading is on screen after it.
    const onScreen = `(() => { const box = document.getElementById('patient-tasks').getBoundingClientRect(); return box.top >= 0 && box.bottom <= window.innerHeight; })()`;
    expect(await page.evaluate<boolean>(onScreen)).toBe(false);
    await parts.getByRole('link', { name: 'Tasks · 1 open' }).click();
    await page.waitForURL(/#patient-tasks$/);
    expect(await page.evaluate<boolean>(onScreen)).toBe(true);
    await page.setViewportSize(DESKTOP);

    // Filters keep to one kind, in the address.
    await page.getByRole('link', { name: 'Messages' }).click();
    await page.waitForURL(/\?show=messages$/);
    await timeline.locator('[data-kind="Form"]').first().waitFor({ state: 'detached' });
    expect(await page.getByRole('link', { name: 'Messages' }).getAttribute('aria-current')).toBe('true');
    const kinds = await timeline.getByRole('listitem').evaluateAll((items) => items.map((node) => node.getAttribute('data-kind')));
    expect(new Set(kinds)).toEqual(new Set(['Email', 'SMS', 'Chat']));
    await page.getByRole('link', { name: 'Everything' }).click();
    await item('Form').first().waitFor();

    // The submitted form, read with the portal's response view, and as a PDF.
    await item('Form', `Health history ${suffix}`).getByRole('link', { name: `Read Health history ${suffix} submitted` }).click();
    await page.getByRole('heading', { level: 1, name: `Health history ${suffix}` }).waitFor();
    await page.getByText(new RegExp(`^Submitted by Ada Record${suffix} on `)).waitFor();
    await page.getByText('Penicillin', { exact: true }).waitFor();
    await checkScreen(page, 'staff-patient-form-response', DESKTOP);
    await checkScreen(page, 'staff-patient-form-response', MOBILE);
    await page.setViewportSize(DESKTOP);
    const download = await page.request.get(`${portal.url}/staff/patients/${enduser.id}/responses/${response.id}.pdf`);
    expect(download.headers()['content-type']).toBe('application/pdf');
    expect(download.headers()['content-disposition']).toContain(encodeURIComponent(`Health history ${suffix}`));
    const bytes = await download.body();
    expect(bytes.toString('latin1').startsWith('%PDF-')).toBe(true);
    const pdf = pdfContent(bytes);
    expect(pdf).toContain(pdfHex('Penicillin'));
    expect(pdf).toContain(pdfHex('Any allergies?'));
    // Someone else's response under this patient's address is not found.
    const stranger = await admin.api.endusers.createOne({ fname: 'Bea', lname: `Other${suffix}` } as never);
    const elsewhere = await page.request.get(`${portal.url}/staff/patients/${stranger.id}/responses/${response.id}.pdf`);
    expect(elsewhere.status()).toBe(404);
    await page.getByRole('link', { name: `Back to Ada Record${suffix}` }).click();

    // The profile: the api's own message on the field, and nothing changed.
    const profile = page.getByRole('region', { name: 'Profile' });
    await profile.getByLabel('Email').fill('not-an-email');
    await profile.getByRole('button', { name: 'Save profile' }).click();
    await profile.getByText('Invalid email: not-an-email').waitFor();
    expect((await admin.api.endusers.getOne(enduser.id)).email).toBe(`ada-${suffix}@example.com`);
    await profile.getByLabel('Mobile phone').fill('555-1234');
    await profile.getByLabel('Email').fill(`ada-${suffix}@example.com`);
    await profile.getByRole('button', { name: 'Save profile' }).click();
    await profile.getByText('Phone number must be at least 10 digits').waitFor();
    expect((await admin.api.endusers.getOne(enduser.id)).phone).toBe('+14155552671');
    await profile.getByLabel('Mobile phone').fill('+14155552671');
    await profile.getByLabel('First name').fill('Adah');
    await profile.getByLabel('Tags').fill('diabetes');
    await profile.getByRole('button', { name: 'Save profile' }).click();
    await profile.getByText('Profile saved').waitFor();
    await page.getByRole('heading', { level: 1, name: `Adah Record${suffix}` }).waitFor();
    expect(await admin.api.endusers.getOne(enduser.id)).toMatchObject({ fname: 'Adah', tags: ['diabetes'] });

    // Other details (custom fields): shown by name; text changed in place, a new one added, a cleared one removed.
    const details = page.getByRole('region', { name: 'Other details' });
    expect(await details.getByLabel('Insurance').inputValue()).toBe('Aetna');
    await details.getByText('Visits so far').waitFor();
    await details.getByText('3', { exact: true }).waitFor();
    await details.getByLabel('New detail').fill('Pharmacy');
    await details.getByRole('button', { name: 'Save details' }).click();
    await details.getByText('Enter what Pharmacy is for this patient').waitFor();
    await details.getByLabel('Its value').fill('Main Street Pharmacy');
    await details.getByLabel('Insurance').fill('Cigna');
    await details.getByRole('button', { name: 'Save details' }).click();
    await details.getByText('Pharmacy added').waitFor();
    await details.getByLabel('Pharmacy', { exact: true }).waitFor();
    expect((await admin.api.endusers.getOne(enduser.id)).fields).toEqual({ Insurance: 'Cigna', 'Visits so far': 3, Pharmacy: 'Main Street Pharmacy' });
    await details.getByLabel('Insurance').fill('');
    await details.getByRole('button', { name: 'Save details' }).click();
    await details.getByText('Details saved').waitFor();
    expect((await admin.api.endusers.getOne(enduser.id)).fields).toEqual({ 'Visits so far': 3, Pharmacy: 'Main Street Pharmacy' });
    // The box goes once the page's data is read again (the saved message comes first).
    await details.getByLabel('Insurance').waitFor({ state: 'detached' });

    // Notes: write one, then edit it.
    const notes = page.getByRole('region', { name: 'Notes' });
    await notes.getByLabel('New note title (optional)').fill('Phone call');
    await notes.getByLabel('New note', { exact: true }).fill('Asked about the refill.');
    await notes.getByRole('button', { name: 'Add note' }).click();
    await notes.getByRole('list', { name: 'Notes' }).getByText('Asked about the refill.').waitFor();
    await notes.getByRole('button', { name: 'Edit note Phone call' }).click();
    await notes.getByLabel('Note', { exact: true }).fill('Asked about the refill; sent to the pharmacy.');
    await notes.getByRole('button', { name: 'Save note' }).click();
    await notes.getByRole('list', { name: 'Notes' }).getByText('Asked about the refill; sent to the pharmacy.').waitFor();
    await item('Note', 'Phone call').waitFor();

    // Files: upload shared to the portal, download, stop sharing.
    const files = page.getByRole('region', { name: 'Files' });
    await files.getByLabel('Upload a file').setInputFiles({ name: 'lab-results.txt', mimeType: 'text/plain', buffer: Buffer.from('A1C 6.1') });
    await files.getByLabel("Share to the patient's portal").check();
    await files.getByRole('button', { name: 'Upload', exact: true }).click();
    await files.getByText('lab-results.txt uploaded and shared to the portal').waitFor();
    const [stored] = await admin.api.files.getSome({ filter: { enduserId: enduser.id } });
    expect(stored).toMatchObject({ name: 'lab-results.txt', pushedToClientPortal: true });
    const fileLink = files.getByRole('link', { name: 'Download lab-results.txt' });
    const fetched = await page.request.get(`${portal.url}${await fileLink.getAttribute('href')}`);
    expect(await fetched.text()).toBe('A1C 6.1');
    await files.getByRole('button', { name: 'Stop sharing lab-results.txt' }).click();
    await files.getByRole('button', { name: 'Share lab-results.txt to the portal' }).waitFor();
    expect((await admin.api.files.getOne(stored!.id)).pushedToClientPortal).toBe(false);

    // Purchases: what the patient paid, in dollars, with what was refunded.
    await page.getByRole('region', { name: 'Purchases' }).getByText('$125.50, $25.00 refunded · Stripe', { exact: false }).waitFor();

    // Tasks: one for the staff member themself, due on a day at a time of their clock; it joins the task queue.
    const tasks = page.getByRole('region', { name: 'Tasks' });
    await tasks.getByRole('button', { name: 'Add task' }).click();
    await tasks.getByText('Say what needs doing').waitFor();
    await tasks.getByLabel('New task').fill('Check the pharmacy has the refill');
    expect(await tasks.getByLabel('Assign to').inputValue()).toBe(admin.userInfo.id);
    await tasks.getByLabel('Due (optional)').fill('2030-05-06');
    await tasks.getByLabel('At (optional)').fill('09:30');
    await tasks.getByRole('button', { name: 'Add task' }).click();
    await tasks.getByText('Task added').waitFor();
    await tasks.getByRole('list', { name: 'Tasks' }).getByText('Check the pharmacy has the refill').waitFor();
    await tasks.getByText('Dana Desk · due May 6, 2030').waitFor();
    const [task] = await admin.api.tickets.getSome({ filter: { title: 'Check the pharmacy has the refill' } });
    expect(task).toMatchObject({ enduserId: enduser.id, owner: admin.userInfo.id });
    // 9:30 on the staff member's clock (this browser's, UTC here): whatever the zone, within that day's reach.
    expect(Math.abs((task!.dueDateInMS as number) - Date.UTC(2030, 4, 6, 9, 30))).toBeLessThanOrEqual(14 * 3_600_000);

    // Care plans: one more, and a second of the same title is refused on its field.
    const plans = page.getByRole('region', { name: 'Care plans' });
    await plans.getByLabel('New care plan').fill('Blood sugar plan');
    await plans.getByRole('button', { name: 'Add care plan' }).click();
    await plans.getByText('This patient already has a care plan called Blood sugar plan').waitFor();
    await plans.getByLabel('New care plan').fill('Foot care');
    await plans.getByLabel('What it says (optional)').fill('Check both feet every evening.');
    await plans.getByRole('button', { name: 'Add care plan' }).click();
    await plans.getByText('Care plan added').waitFor();
    await plans.getByRole('heading', { name: 'Foot care' }).waitFor();
    expect((await admin.api.care_plans.getSome({ filter: { enduserId: enduser.id } })).map((plan) => plan.title).sort()).toEqual(['Blood sugar plan', 'Foot care']);
    // A plan is changed (its title still one per patient) and another deleted after a question; its appointments would stay.
    const footCare = plans.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Foot care' }) });
    await footCare.getByText('Change or delete').click();
    await footCare.getByLabel('Title').fill('Blood sugar plan');
    await footCare.getByRole('button', { name: 'Save care plan' }).click();
    await footCare.getByText('This patient already has a care plan called Blood sugar plan').waitFor();
    await footCare.getByLabel('Title').fill('Foot care plan');
    await footCare.getByLabel('What it says').fill('Check both feet every evening and morning.');
    await footCare.getByRole('button', { name: 'Save care plan' }).click();
    await plans.getByRole('heading', { name: 'Foot care plan' }).waitFor();
    const bloodSugar = plans.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Blood sugar plan' }) });
    await bloodSugar.getByText('Change or delete').click();
    await bloodSugar.getByRole('button', { name: 'Delete Blood sugar plan' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete care plan' }).click();
    await plans.getByText('Blood sugar plan deleted').waitFor();
    await plans.getByRole('heading', { name: 'Blood sugar plan' }).waitFor({ state: 'detached' });
    expect((await admin.api.care_plans.getSome({ filter: { enduserId: enduser.id } })).map((plan) => [plan.title, plan.description])).toEqual([['Foot care plan', 'Check both feet every evening and morning.']]);

    // Actions: a message, a form by email, a journey.
    const reach = page.getByRole('region', { name: 'Reach the patient' });
    await reach.getByLabel('Subject').fill('Your refill');
    await reach.getByLabel('Message', { exact: true }).fill('It is ready for pickup.');
    await reach.getByRole('button', { name: 'Send', exact: true }).click();
    await reach.getByText('Email sent').waitFor();
    await item('Email sent', 'Your refill').waitFor();
    await harness.smtp.waitFor(`ada-${suffix}@example.com`);
    await reach.getByRole('combobox', { name: 'Send a form' }).click();
    await page.getByRole('option', { name: `Health history ${suffix}` }).click();
    await reach.getByRole('button', { name: 'Send form' }).click();
    await reach.getByText(`Health history ${suffix} sent by email`).waitFor();
    // The patient's email asks, in their words, for the form by its title, with the link that opens it.
    const invitation = await harness.smtp.waitFor(`ada-${suffix}@example.com`, { index: 1 });
    expect(invitation.text).toMatch(new RegExp(`please fill out Health history ${suffix}: http\\S+/documents/forms/`, 'i'));
    await item('Form', `Health history ${suffix} sent, not yet submitted`).waitFor();
    const journeys = page.getByRole('region', { name: 'Journeys' });
    await journeys.getByRole('combobox', { name: 'Add to a journey' }).click();
    await page.getByRole('option', { name: `Follow-up ${suffix}` }).click();
    await journeys.getByRole('button', { name: 'Add' }).click();
    await journeys.getByText('Added to the journey').waitFor();
    // The journey's run starts on Temporal and enters the patient; the header follows without a reload.
    await waitFor(async () => Object.keys((await admin.api.endusers.getOne(enduser.id)).journeys ?? {}).sort(), (ids) => ids.join() === [journey.id, other.id].sort().join(), 'the journey added', 90_000);
    await header.getByText(`Follow-up ${suffix}`).waitFor({ timeout: 30_000 });
    // That was the last journey to offer: the picker goes, the confirmation stays.
    await journeys.getByRole('combobox', { name: 'Add to a journey' }).waitFor({ state: 'detached' });
    await journeys.getByText('Added to the journey').waitFor();
    expect(form.id).toBeTruthy();

    // The address the patient pages had before (/staff/endusers) still opens the record, under its new address.
    await page.goto(`${portal.url}/staff/endusers/${enduser.id}`);
    await page.waitForURL(`${portal.url}/staff/patients/${enduser.id}`);
    await page.getByRole('heading', { level: 1, name: `Adah Record${suffix}` }).waitFor();

    // Unknown patients: the console's own not-found page, with a 404.
    for (const id of ['000000000000000000000000', 'not-an-id']) {
      const answer = await page.goto(`${portal.url}/staff/patients/${id}`);
      expect(answer?.status()).toBe(404);
      await page.getByRole('heading', { level: 1, name: NOT_FOUND }).waitFor();
    }
    await checkScreen(page, 'staff-patient-not-found', MOBILE);
  }, 240_000);

  it('a role that may read but not change sees no editing, and forged posts are refused with nothing changed', async () => {
    const { page, portal } = harness;
    await page.setViewportSize(DESKTOP);
    const { suffix, enduser } = await patientWithHistory();
    const readOnly = levels(null, 'All', null, null);
    const staff = await staffWithRole(harness, admin, {
      endusers: readOnly,
      notes: readOnly,
      files: readOnly,
      emails: readOnly,
      sms_messages: readOnly,
      chats: readOnly,
      chat_rooms: readOnly,
      form_responses: readOnly,
      automated_actions: readOnly,
      tickets: readOnly,
      care_plans: readOnly,
      enduser_observations: readOnly,
      phone_calls: readOnly,
    });
    await page.goto(`${portal.url}/staff/patients/${enduser.id}`);
    await signInStaff(page, staff.email, staff.password);
    await page.getByRole('heading', { level: 1, name: `Ada Record${suffix}` }).waitFor();
    const timeline = page.getByRole('list', { name: 'Timeline' });
    await timeline.getByRole('listitem').filter({ hasText: 'Text received' }).waitFor();
    expect(await page.getByRole('region', { name: 'Reach the patient' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Save profile' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Add note' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Upload', exact: true }).count()).toBe(0);
    expect(await page.getByRole('region', { name: 'Profile' }).getByLabel('First name').isEditable()).toBe(false);
    // Other details are read, not changed.
    await page.getByRole('region', { name: 'Other details' }).getByText('Aetna').waitFor();
    expect(await page.getByRole('button', { name: 'Save details' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Add task' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Add care plan' }).count()).toBe(0);
    expect(await page.getByRole('region', { name: 'Care plans' }).getByText('Change or delete').count()).toBe(0);
    await page.getByRole('region', { name: 'Vital signs' }).getByText('No vital signs yet.', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Record vitals' }).count()).toBe(0);
    await page.getByRole('region', { name: 'Calls' }).getByText('No calls yet.', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Log call' }).count()).toBe(0);
    await checkScreen(page, 'staff-patient-record-read-only', DESKTOP);
    const [plan] = await admin.api.care_plans.getSome({ filter: { enduserId: enduser.id } });

    const forgeries: Record<string, string>[] = [
      { intent: 'profile', fname: 'Mallory' },
      { intent: 'note', text: 'Forged' },
      { intent: 'details', newDetailName: 'Forged', newDetailValue: 'yes' },
      { intent: 'task', taskTitle: 'Forged' },
      { intent: 'care-plan', planTitle: 'Forged' },
      { intent: 'care-plan-edit', planId: plan.id, planTitle: 'Forged' },
      { intent: 'care-plan-delete', planId: plan.id },
      { intent: 'message', channel: 'Email', subject: 'Forged', message: 'Forged' },
      { intent: 'vitals', weight: '180' },
      { intent: 'call', direction: 'outbound', callNote: 'Forged' },
    ];
    for (const form of forgeries) {
      const forged = await page.request.post(`${portal.url}/staff/patients/${enduser.id}`, { form });
      expect(await forged.text()).toContain(FORBIDDEN);
    }
    expect(await admin.api.endusers.getOne(enduser.id)).toMatchObject({ fname: 'Ada', fields: { Insurance: 'Aetna', 'Visits so far': 3 } });
    expect(await admin.api.notes.getSome({ filter: { enduserId: enduser.id } })).toEqual([]);
    expect(await admin.api.enduser_observations.getSome({ filter: { enduserId: enduser.id } } as never)).toEqual([]);
    expect(await admin.api.phone_calls.getSome({ filter: { enduserId: enduser.id } } as never)).toEqual([]);
    expect((await admin.api.tickets.getSome({ filter: { enduserId: enduser.id } })).map((task) => task.title)).toEqual(['Call about lab results']);
    expect((await admin.api.care_plans.getSome({ filter: { enduserId: enduser.id } })).map((plan) => plan.title)).toEqual(['Blood sugar plan']);
    expect((await admin.api.emails.getSome({ filter: { enduserId: enduser.id } })).map((email) => email.subject).sort()).toEqual(['Re: my refill', 'See you tomorrow']);
  }, 180_000);
});
