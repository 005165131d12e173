import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import type { Session } from '@tellescope/sdk';
import { usePortalHarness } from '../support/portal-harness';
import { checkScreen, DESKTOP, MOBILE, openAsAdmin } from '../support/staff-console';
import { adminSession, createTenant } from '../support/tenant';
import { uniquePhone } from '../messaging/support';
import { waitFor } from '../automations/support';
import { incomingText, postAsTwilio, TWILIO_TEST_TOKEN, twimlMessages } from '../messaging/inbound-support';

/** A webhook receiver on this machine, recording each body. */
const startReceiver = async () => {
  const received: Record<string, unknown>[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push(JSON.parse(body) as Record<string, unknown>);
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return { received, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, stop: () => new Promise((resolve) => server.close(resolve)) };
};

/** Issue 36: the organization's settings in the staff console: API keys, webhooks and the team. */
describe('portal: staff console settings', () => {
  // Twilio's auth token: incoming texts on, so a number saved here can be texted.
  const harness = usePortalHarness({ mail: true, apiEnv: { TWILIO_AUTH_TOKEN: TWILIO_TEST_TOKEN } });
  let admin: Session;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let previousAllow: string | undefined;

  beforeAll(async () => {
    admin = await adminSession(harness.api.host, harness.tenant);
    // The receiver listens on this machine, which deliveries refuse unless allowed (tests only).
    previousAllow = process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS;
    process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS = 'true';
    receiver = await startReceiver();
  });
  afterAll(async () => {
    if (previousAllow === undefined) delete process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS;
    else process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS = previousAllow;
    await receiver?.stop();
  });

  const withKey = (key: string) => fetch(`${harness.api.host}/v1/endusers`, { headers: { Authorization: `API_KEY ${key}` } });

  it('an API key is shown once at creation, works, is revoked and then refused', async () => {
    const { page } = harness;
    await page.setViewportSize(DESKTOP);
    await openAsAdmin(harness, '/staff/settings/api-keys');
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    // The walk may run twice (the harness retries a failed browser test): count the keys already there.
    await page.getByRole('button', { name: 'Create an API key' }).waitFor();
    const keys = page.getByRole('list', { name: 'Your API keys' });
    const before = await keys.getByRole('listitem').count();
    await page.getByRole('button', { name: 'Create an API key' }).click();
    const shown = page.getByLabel('New API key', { exact: true });
    await shown.waitFor();
    const key = await shown.inputValue();
    expect(key).toMatch(/^[0-9a-f]{24}\.[A-Za-z0-9_-]{43}$/);
    expect((await withKey(key)).status).toBe(200);

    expect(await keys.getByRole('listitem').count()).toBe(before + 1);
    await checkScreen(page, 'staff-settings-api-key-created', DESKTOP);
    await checkScreen(page, 'staff-settings-api-key-created', MOBILE);
    await page.setViewportSize(DESKTOP);
    await keys.getByRole('button', { name: /^Revoke the key created/ }).first().click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByRole('button', { name: 'Revoke' }).click();
    await page.getByRole('status').filter({ hasText: 'The key was revoked' }).waitFor();
    await keys.getByRole('listitem').nth(before).waitFor({ state: 'detached' });
    expect(await keys.getByRole('listitem').count()).toBe(before);
    // Shown once: after the revoke (a new page load) the key is nowhere on the page.
    expect(await page.content()).not.toContain(key.split('.')[1]);
    expect((await withKey(key)).status).toBe(401);
  });

  it('a webhook is configured, a test delivery is recorded and shown, and the subscriptions are stored', async () => {
    const { page } = harness;
    await page.setViewportSize(DESKTOP);
    await openAsAdmin(harness, '/staff/settings/webhooks');
    // Before an address is saved there is nothing to test (on a retry of this walk it is saved already).
    if (!receiver.received.length) {
      await page.getByText('Save an address and a secret first', { exact: false }).waitFor();
      expect(await page.getByRole('button', { name: 'Send a test delivery' }).isDisabled()).toBe(true);
    }
    const settings = page.getByRole('region', { name: 'Webhook' });
    await settings.getByLabel('Address').fill(receiver.url);
    await settings.getByLabel('Signing secret').fill('short');
    await settings.getByRole('button', { name: 'Save webhook settings' }).click();
    await settings.getByText('Webhook secret must be longer than 15 characters').waitFor();
    await settings.getByLabel('Signing secret').fill(`secret-${randomBytes(8).toString('hex')}`);
    await settings.getByLabel('Patients created').check();
    await settings.getByRole('button', { name: 'Save webhook settings' }).click();
    await settings.getByRole('status').filter({ hasText: 'Webhook settings saved.' }).waitFor();
    expect(await admin.api.webhooks.get_configuration({} as never)).toMatchObject({ url: receiver.url, subscriptions: { endusers: { create: true, update: false, delete: false } } });

    const deliveries = page.getByRole('region', { name: 'Recent deliveries' });
    const tested = receiver.received.filter((body) => body.type === 'test').length;
    await deliveries.getByRole('button', { name: 'Send a test delivery' }).click();
    await deliveries.getByRole('status').filter({ hasText: 'Test: delivered.' }).waitFor();
    const row = deliveries.getByRole('listitem').filter({ hasText: 'Test delivery' }).first();
    await row.getByText('Delivered', { exact: true }).waitFor();
    await row.getByText('Answered 200', { exact: false }).waitFor();
    expect(receiver.received.filter((body) => body.type === 'test')).toHaveLength(tested + 1);
    await checkScreen(page, 'staff-settings-webhooks', DESKTOP);
    await checkScreen(page, 'staff-settings-webhooks', MOBILE);
  });

  it('a colleague is invited, mailed, and given a role', async () => {
    const { page, smtp } = harness;
    await page.setViewportSize(DESKTOP);
    const role = `Front desk ${randomBytes(2).toString('hex')}`;
    await admin.api.role_based_access_permissions.createOne({ role, permissions: { endusers: { create: 'All', read: 'All', update: 'All', delete: null } } } as never);
    const email = `rita-${randomBytes(4).toString('hex')}@example.com`;
    await openAsAdmin(harness, '/staff/settings/team');
    const invite = page.getByRole('region', { name: 'Invite a colleague' });
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await invite.getByText('Enter their name').waitFor();
    await invite.getByLabel('First name').fill('Rita');
    await invite.getByLabel('Last name').fill('Ng');
    await invite.getByLabel('Email').fill(email);
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await invite.getByRole('status').filter({ hasText: 'Rita Ng was invited' }).waitFor();
    await smtp.waitFor(email);

    const team = page.getByRole('list', { name: 'Team members' });
    const rita = team.getByRole('listitem').filter({ hasText: email });
    await rita.getByText('Invitation sent').waitFor();
    await rita.getByLabel('Role of Rita Ng', { exact: true }).selectOption(role);
    await rita.getByRole('button', { name: 'Save the role of Rita Ng' }).click();
    await page.getByRole('status').filter({ hasText: `Rita Ng is now ${role}.` }).waitFor();
    const stored = (await admin.api.users.getSome({ limit: 100 } as never)).find((user) => user.email === email);
    expect(stored?.roles).toEqual([role]);
    expect(await page.getByLabel('Role of Rita Ng', { exact: true }).inputValue()).toBe(role);
    await checkScreen(page, 'staff-settings-team', DESKTOP);
    await checkScreen(page, 'staff-settings-team', MOBILE);
  });

  it('the organization is renamed, calls its patients Clients, turns quiet hours on, and gets a sub-organization', async () => {
    const { page, tenant } = harness;
    await page.setViewportSize(DESKTOP);
    await openAsAdmin(harness, '/staff/settings/organization');
    const settings = page.getByRole('region', { name: 'Organization', exact: true });
    const name = `Harbor Clinic ${randomBytes(2).toString('hex')}`;
    await settings.getByLabel('Name').fill(name);
    await settings.getByLabel('What you call your patients').fill('Clients');
    await settings.getByLabel(/^Quiet hours/).check();
    await settings.getByRole('button', { name: 'Save organization' }).click();
    await settings.getByRole('status').filter({ hasText: 'Organization settings saved.' }).waitFor();
    const stored = await admin.api.organizations.getOne(tenant.businessId);
    expect(stored).toMatchObject({ name, enduserDisplayName: 'Clients', settings: { automations: { quietHours: true } } });
    // The navigation now uses the organization's word.
    await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Clients' }).waitFor();

    const subs = page.getByRole('region', { name: 'Sub-organizations' });
    const branch = `Northside ${randomBytes(2).toString('hex')}`;
    await subs.getByLabel('Sub-organization name').fill(branch);
    await subs.getByLabel('Portal address').fill(`north-${randomBytes(3).toString('hex')}`);
    await subs.getByRole('button', { name: 'Create sub-organization' }).click();
    await subs.getByRole('status').filter({ hasText: `${branch} was created.` }).waitFor();
    await subs.getByRole('list', { name: 'Sub-organizations' }).getByText(branch).waitFor();
    await subs.getByText(`inside ${name}`).first().waitFor();
    await checkScreen(page, 'staff-settings-organization', DESKTOP);
    await checkScreen(page, 'staff-settings-organization', MOBILE);
  });

  it("the organization's texting numbers and its reply to HELP are set here, and a patient texting HELP gets that reply", async () => {
    const { page, tenant } = harness;
    await page.setViewportSize(DESKTOP);
    await openAsAdmin(harness, '/staff/settings/organization');
    const texting = page.getByRole('region', { name: 'Text messages' });
    const numbers = texting.getByLabel('Texting numbers');
    const save = texting.getByRole('button', { name: 'Save text message settings' });

    // Not a number: said under the box, in words, and nothing is stored.
    await numbers.fill('12345');
    await save.click();
    await texting.getByText('“12345” is not a phone number. Write each number with its area code, for example +1 415 555 0100, one a line.').waitFor();
    expect(((await admin.api.organizations.getOne(tenant.businessId)) as { settings?: { sms?: unknown } }).settings?.sms).toBeUndefined();

    // A number another organization already lists is refused too.
    const other = await createTenant(harness.api.dataSource);
    const taken = uniquePhone();
    await (await adminSession(harness.api.host, other)).api.organizations.updateOne(other.businessId, { settings: { sms: { phoneNumbers: [taken] } } } as never);
    await numbers.fill(taken);
    await save.click();
    await texting.getByText('This phone number is already listed by another organization').waitFor();

    // Written as people write it; kept and shown as Twilio sends it.
    const number = uniquePhone();
    await numbers.fill(`(${number.slice(2, 5)}) ${number.slice(5, 8)}-${number.slice(8)}`);
    await texting.getByLabel('Reply to HELP').fill('Harbor Clinic: call the front desk on 415 555 0100.');
    await save.click();
    await texting.getByRole('status').filter({ hasText: 'Text message settings saved.' }).waitFor();
    await waitFor(() => numbers.inputValue(), (value) => value === number, 'the number as stored');
    const stored = (await admin.api.organizations.getOne(tenant.businessId)) as { settings?: { sms?: unknown; automations?: unknown } };
    expect(stored.settings?.sms).toEqual({ phoneNumbers: [number], helpText: 'Harbor Clinic: call the front desk on 415 555 0100.' });
    // The organization's other settings stay (quiet hours, saved by the test before).
    expect(stored.settings?.automations).toEqual({ quietHours: true });

    // A patient texts HELP to that number: Twilio is answered with the clinic's own words.
    const answer = await postAsTwilio(harness.api.host, '/webhooks/twilio/sms', incomingText(uniquePhone(), number, 'HELP'));
    expect(answer.status).toBe(200);
    expect(twimlMessages(answer.text)).toEqual(['Harbor Clinic: call the front desk on 415 555 0100.']);
    await checkScreen(page, 'staff-settings-texting', MOBILE);
  });
});
