import { Session } from '@tellescope/sdk';
import { fixturePasswordHash } from '../support/fixture-password';
import { createSubOrganization } from '../analytics/support';
import { usePortalHarness } from '../support/portal-harness';
import { checkScreen, DESKTOP, levels, MOBILE, openAsAdmin, signInStaff, staffWithRole } from '../support/staff-console';
import { adminSession } from '../support/tenant';

/**
 * Issue 36: the Integrations and Roles tabs of the staff console's settings. The server here has no
 * integration settings, so each provider says what the operator must set; the root admin's change to
 * a role's matrix decides that role's next api call.
 */
describe('portal: staff settings, integrations and role permissions', () => {
  const harness = usePortalHarness();
  let admin: Session;

  beforeAll(async () => {
    admin = await adminSession(harness.api.host, harness.tenant);
  });

  it('the Integrations tab shows each provider as not set up on this server, with what to set', async () => {
    const { page } = harness;
    await page.setViewportSize(DESKTOP);
    await openAsAdmin(harness, '/staff/settings/integrations');
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    const tabs = page.getByRole('navigation', { name: 'Settings' });
    expect(await tabs.getByRole('link').allInnerTexts()).toEqual(['Team', 'Roles', 'API keys', 'Webhooks', 'Integrations', 'Organization', 'Patient details', 'Billing']);
    for (const [provider, setting] of [
      ['Google', 'OAUTH2_GOOGLE_CLIENT_ID'],
      ['Square', 'OAUTH2_SQUARE_CLIENT_ID'],
      ['Stripe', 'STRIPE_SECRET_KEY'],
      ['Zoom', 'ZOOM_ACCOUNT_ID'],
    ] as const) {
      const card = page.getByRole('region', { name: provider, exact: true });
      await card.getByText('Not set up on this server').waitFor();
      await card.getByText(new RegExp(`Your server operator must set .*${setting}`)).waitFor();
      expect(await card.getByRole('button', { name: `Connect ${provider}` }).count()).toBe(0);
    }
    await checkScreen(page, 'staff-settings-integrations', DESKTOP);
    await checkScreen(page, 'staff-settings-integrations', MOBILE);
    await page.setViewportSize(DESKTOP);

    // A connection made while the server was set up can still be disconnected, after a confirmation.
    const planted = await admin.api.integrations.createOne({ title: 'Stripe', authentication: { type: 'apiKey', info: { external_id: 'acct_planted' } } } as never);
    await page.reload();
    const stripe = page.getByRole('region', { name: 'Stripe', exact: true });
    await stripe.getByText('Your organization’s earlier Stripe connection stays until you disconnect it').waitFor();
    await stripe.getByRole('button', { name: 'Disconnect Stripe' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Disconnect Stripe?' });
    await dialog.getByRole('button', { name: 'Disconnect' }).click();
    await page.getByRole('status').filter({ hasText: 'Stripe was disconnected.' }).waitFor();
    await stripe.getByRole('button', { name: 'Disconnect Stripe' }).waitFor({ state: 'detached' });
    expect(((await admin.api.integrations.getSome({ filter: { title: 'Stripe' } } as never)) as unknown as { id: string }[]).map((row) => row.id)).not.toContain(planted.id);
    expect(await page.content()).not.toContain('acct_planted');
  });

  it("the root admin's change to a role's permissions decides what its staff may do next", async () => {
    const { page } = harness;
    await page.setViewportSize(DESKTOP);
    const staff = await staffWithRole(harness, admin, { endusers: levels('All', 'All', 'All', null) });
    const session = new Session({ host: harness.api.host });
    await session.authenticate(staff.email, staff.password);
    const listPatients = () => fetch(`${harness.api.host}/v1/endusers`, { headers: { Authorization: `Bearer ${session.authToken}` } });
    expect((await listPatients()).status).toBe(200);

    // The same words answer each save: wait for the save's own answer, then the words.
    const save = async () => {
      const answered = page.waitForResponse((response) => response.request().method() === 'POST' && response.url().includes('/staff/settings/roles'));
      await page.getByRole('button', { name: `Save ${staff.role}’s permissions` }).click();
      await answered;
      await page.getByRole('status').filter({ hasText: `${staff.role}’s permissions were saved` }).waitFor();
      // The save's words arrive before the page's data is read again, and that read redraws the matrix:
      // a choice made before it lands would be drawn over (the next save would then post the old one).
      await page.waitForLoadState('networkidle');
    };
    await openAsAdmin(harness, `/staff/settings/roles?role=${encodeURIComponent(staff.role)}`);
    const matrix = page.getByRole('table', { name: `What ${staff.role} may do` });
    const view = matrix.getByRole('combobox', { name: 'Patients: View' });
    expect(await view.inputValue()).toBe('All');
    expect(await matrix.getByRole('combobox', { name: 'Patients: Delete' }).inputValue()).toBe('');
    await checkScreen(page, 'staff-settings-roles', DESKTOP);
    await checkScreen(page, 'staff-settings-roles', MOBILE);
    await page.setViewportSize(DESKTOP);

    await view.selectOption({ label: 'None' });
    await save();
    expect(await matrix.getByRole('combobox', { name: 'Patients: View' }).inputValue()).toBe('');
    expect((await listPatients()).status).toBe(403);

    await matrix.getByRole('combobox', { name: 'Patients: View' }).selectOption({ label: 'All records' });
    await save();
    expect((await listPatients()).status).toBe(200);

    // An Admin of a sub-organization sees the matrix, and cannot change it.
    const sub = await createSubOrganization(admin, 'Northside');
    const email = `sub-admin-${Date.now()}@example.com`;
    const user = await admin.api.users.createOne({ email, fname: 'Sub', lname: 'Admin', roles: ['Admin'] } as never);
    await harness.api.dataSource.getRepository('users').update({ _id: user.id }, { organizationIds: [sub.id], hashedPassword: await fixturePasswordHash('Correct-horse-9') });
    await page.context().clearCookies();
    await page.goto(`${harness.portal.url}/staff/settings/roles?role=${encodeURIComponent(staff.role)}`);
    await signInStaff(page, email, 'Correct-horse-9');
    await page.getByText('Only an Admin of your top organization can change role permissions').waitFor();
    const readOnly = page.getByRole('table', { name: `What ${staff.role} may do` });
    await readOnly.getByRole('row', { name: /^Patients/ }).getByText('All records').first().waitFor();
    expect(await readOnly.getByRole('combobox').count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Save/ }).count()).toBe(0);
  });
});
