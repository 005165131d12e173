import { readFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import type { Session } from '@tellescope/sdk';
import type { Page } from 'playwright-core';
import { fixturePasswordHash } from '../support/fixture-password';
import { usePortalHarness } from '../support/portal-harness';
import { checkScreen, DESKTOP, MOBILE, openAsAdmin, signInStaff } from '../support/staff-console';
import { mailedSignInCode } from '../support/sign-in-code';
import { adminSession } from '../support/tenant';

const WRONG = 'That code is not right. Check it and try again.';

/**
 * Issue 38 in the staff app: a staff member's own second factor (Your account), an Admin's reset of a
 * colleague's (Settings, Team), and the organization's requirements and portal language (Settings,
 * Organization). Codes are read from the real SMTP capture the api sends to.
 */
describe('portal: staff second factor and organization security settings', () => {
  const harness = usePortalHarness({ mail: true });
  let admin: Session;
  beforeAll(async () => {
    admin = await adminSession(harness.api.host, harness.tenant);
  });

  /** A colleague with a password of their own (staff passwords otherwise arrive by mail). */
  const colleague = async (fname: string, extra: Record<string, unknown> = {}) => {
    const email = `${fname.toLowerCase()}-${randomBytes(4).toString('hex')}@example.com`;
    const password = 'Correct-horse-9';
    const user = await admin.api.users.createOne({ email, fname, lname: 'Staff', roles: ['Non-Admin'], ...extra } as never);
    await harness.api.dataSource.getRepository('users').update({ _id: user.id }, { hashedPassword: await fixturePasswordHash(password) });
    return { id: user.id, email, password, name: `${fname} Staff` };
  };

  const mfaOf = async (userId: string) => ((await admin.api.users.getOne(userId)) as { mfa?: { email?: boolean } }).mfa;

  const logOut = async (page: Page) => {
    await page.setViewportSize(DESKTOP);
    await page.getByRole('navigation', { name: 'Staff' }).getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL((url) => url.pathname === '/staff/login');
  };

  /** From signed out: the password on /staff/account's sign-in, then the code step. */
  const toCodeStep = async (page: Page, email: string, password: string) => {
    await page.goto(`${harness.portal.url}/staff/account`);
    await signInStaff(page, email, password);
    await page.waitForURL(`${harness.portal.url}/staff/login/code`);
    await page.getByRole('heading', { name: 'Enter your code', level: 1 }).waitFor();
  };

  const verify = async (page: Page, code: string) => {
    await page.getByLabel('Code').fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();
  };

  const atAccount = async (page: Page) => {
    await page.waitForURL(`${harness.portal.url}/staff/account`);
    await page.getByRole('heading', { name: 'Your account', level: 1 }).waitFor();
  };

  it('a staff member turns the second factor on, keeps the recovery codes shown once, meets the code step, and signs in once with a recovery code', async () => {
    const { page, portal, smtp } = harness;
    const staff = await colleague('Nell');
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: portal.url });
    await page.setViewportSize(DESKTOP);

    // Reached from the navigation's account corner, by any role.
    await page.goto(`${portal.url}/staff`);
    await signInStaff(page, staff.email, staff.password);
    await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Your account' }).click();
    await atAccount(page);
    expect(await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Your account' }).getAttribute('aria-current')).toBe('page');
    const card = page.getByRole('region', { name: 'Second factor' });
    await card.getByText('You sign in with your password only.', { exact: true }).waitFor();
    await checkScreen(page, 'staff-account-off', MOBILE);
    await checkScreen(page, 'staff-account-off', DESKTOP);

    await card.getByRole('button', { name: 'Turn on the second factor' }).click();
    const codesList = card.getByRole('list', { name: 'Save your recovery codes now' });
    await codesList.waitFor();
    const codes = await codesList.getByRole('listitem').allInnerTexts();
    expect(codes).toHaveLength(10);
    codes.forEach((code) => expect(code).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/));
    // The warning is read first: focus moves to it.
    expect(await page.evaluate<string | undefined>('document.activeElement?.textContent')).toBe('Save your recovery codes now');
    await card.getByText('They are shown only this once', { exact: false }).waitFor();
    await card.getByText(`we email a 6-digit code to ${staff.email}`, { exact: false }).waitFor();
    expect(await mfaOf(staff.id)).toEqual({ email: true });

    await card.getByRole('button', { name: 'Copy the codes' }).click();
    await card.getByRole('status').filter({ hasText: 'Copied.' }).waitFor();
    const copied = await page.evaluate<string>('navigator.clipboard.readText()');
    codes.forEach((code) => expect(copied).toContain(code));
    const [download] = await Promise.all([page.waitForEvent('download'), card.getByRole('link', { name: 'Download the codes' }).click()]);
    expect(download.suggestedFilename()).toBe('recovery-codes.txt');
    const saved = await readFile((await download.path())!, 'utf8');
    codes.forEach((code) => expect(saved).toContain(code));
    await checkScreen(page, 'staff-account-recovery-codes', DESKTOP);
    await checkScreen(page, 'staff-account-recovery-codes', MOBILE);

    // Shown once: gone when moving on and after a reload.
    await page.setViewportSize(DESKTOP);
    await card.getByRole('link', { name: 'I have saved them' }).click();
    await codesList.waitFor({ state: 'detached' });
    await page.reload();
    await card.getByRole('button', { name: 'Get new recovery codes' }).waitFor();
    expect(await page.content()).not.toContain(codes[0]);
    await checkScreen(page, 'staff-account-on', DESKTOP);

    // Signed out and back in: the code step, the mailed code.
    await logOut(page);
    await toCodeStep(page, staff.email, staff.password);
    await verify(page, await mailedSignInCode(smtp, staff.email, 0));
    await atAccount(page);

    // Again, with a recovery code instead of the mail; the same code works only once.
    await logOut(page);
    await toCodeStep(page, staff.email, staff.password);
    await mailedSignInCode(smtp, staff.email, 1);
    await verify(page, codes[3]);
    await atAccount(page);
    await logOut(page);
    await toCodeStep(page, staff.email, staff.password);
    const third = await mailedSignInCode(smtp, staff.email, 2);
    await verify(page, codes[3]);
    await page.getByRole('alert').filter({ hasText: WRONG }).waitFor();
    await verify(page, third);
    await atAccount(page);

    // Turned off (the organization does not ask for it): a confirmation first.
    await card.getByRole('button', { name: 'Turn off the second factor' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Turn off the second factor?' });
    await dialog.getByRole('button', { name: 'Turn off' }).click();
    await card.getByRole('status').filter({ hasText: 'Second factor turned off' }).waitFor();
    await card.getByText('You sign in with your password only.', { exact: true }).waitFor();
    expect(await mfaOf(staff.id)).toEqual({ email: false });
  }, 300_000);

  it("an Admin resets a colleague's second factor after confirming; user_logs records it; the colleague signs in with the password alone", async () => {
    const { page, portal } = harness;
    const rosa = await colleague('Rosa', { mfa: { email: true } });
    const updatesOf = async () => (await admin.api.user_logs.getSome({ filter: { resourceId: rosa.id } } as never)).filter((log) => log.action === 'update');
    expect(await updatesOf()).toHaveLength(0);

    await page.setViewportSize(DESKTOP);
    await openAsAdmin(harness, '/staff/settings/team');
    const row = page.getByRole('list', { name: 'Team members' }).getByRole('listitem').filter({ hasText: rosa.email });
    await row.getByText('Second factor on').waitFor();
    await checkScreen(page, 'staff-settings-team-second-factor', MOBILE);
    await page.setViewportSize(DESKTOP);
    await row.getByRole('button', { name: `Reset second factor of ${rosa.name}` }).click();
    const dialog = page.getByRole('alertdialog', { name: `Reset the second factor of ${rosa.name}?` });
    await dialog.getByText('their recovery codes stop working', { exact: false }).waitFor();
    await checkScreen(page, 'staff-settings-team-reset-second-factor', MOBILE);
    await checkScreen(page, 'staff-settings-team-reset-second-factor', DESKTOP);
    // Keep it changes nothing.
    await dialog.getByRole('button', { name: 'Keep it' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await mfaOf(rosa.id)).toEqual({ email: true });

    await row.getByRole('button', { name: `Reset second factor of ${rosa.name}` }).click();
    await dialog.getByRole('button', { name: 'Reset', exact: true }).click();
    await page.getByRole('status').filter({ hasText: `${rosa.name}’s second factor was reset` }).waitFor();
    await row.getByText('Second factor on').waitFor({ state: 'detached' });
    expect(await mfaOf(rosa.id)).toEqual({ email: false });
    const updates = await updatesOf();
    expect(updates).toHaveLength(1);
    expect(updates[0]).toMatchObject({ userId: admin.userInfo.id, resource: 'users', resourceId: rosa.id, action: 'update' });

    await page.context().clearCookies();
    await page.goto(`${portal.url}/staff/account`);
    await signInStaff(page, rosa.email, rosa.password);
    await atAccount(page);
    await page.getByText('You sign in with your password only.', { exact: true }).waitFor();
  }, 180_000);

  it('a staff member changes their own name and clock, and asks for a password link by email', async () => {
    const { page, portal, smtp } = harness;
    const ivy = await colleague('Ivy');
    await page.setViewportSize(DESKTOP);
    await page.context().clearCookies();
    await page.goto(`${portal.url}/staff/account`);
    await signInStaff(page, ivy.email, ivy.password);
    await atAccount(page);
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
    const you = page.getByRole('region', { name: 'You' });
    expect(await you.getByLabel('First name').inputValue()).toBe('Ivy');
    await you.getByLabel('First name').fill('');
    await you.getByRole('button', { name: 'Save your details' }).click();
    await you.getByText('Enter your first name').waitFor();
    await you.getByLabel('First name').fill('Ivy-Rose');
    await you.getByLabel('Your time zone').fill('Tokyo');
    await page.getByRole('option', { name: /Tokyo/ }).first().click();
    expect(await you.getByLabel('Email me when a patient writes to me').isChecked()).toBe(true);
    await you.getByLabel('Email me when a patient writes to me').uncheck();
    await you.getByRole('button', { name: 'Save your details' }).click();
    await you.getByRole('status').filter({ hasText: 'Your details are saved.' }).waitFor();
    expect(await admin.api.users.getOne(ivy.id)).toMatchObject({ fname: 'Ivy-Rose', timezone: 'Asia/Tokyo', notificationPreferences: { newEnduserMessage: { email: false } } });
    expect(await you.getByLabel('Email me when a patient writes to me').isChecked()).toBe(false);
    // The staff app uses both at once: the name in the navigation, the clock on Today.
    await page.getByRole('navigation', { name: 'Staff' }).getByText('Ivy-Rose Staff').waitFor();
    await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Today' }).click();
    await page.getByText(/times in Asia\/Tokyo/).waitFor();

    await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Your account' }).click();
    await atAccount(page);
    // Ticking a box back on keeps it on (Joy posts a ticked box's value only when it has one), and the out-of-office reply is hers to turn on.
    const again = page.getByRole('region', { name: 'You' });
    await again.getByLabel('Email me when a patient writes to me').check();
    await again.getByLabel('Reply for me when I am out of the office').check();
    await again.getByRole('button', { name: 'Save your details' }).click();
    await again.getByRole('status').filter({ hasText: 'Your details are saved.' }).waitFor();
    expect(await admin.api.users.getOne(ivy.id)).toMatchObject({ autoReplyEnabled: true, notificationPreferences: { newEnduserMessage: { email: true } } });
    await again.getByText('You have no working hours yet, so no reply goes out').waitFor();
    expect(await again.getByLabel('Email me when a patient writes to me').isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Email me a link to change my password' }).click();
    await page.getByRole('status').filter({ hasText: `We emailed a link to ${ivy.email}.` }).waitFor();
    const mail = await smtp.waitFor(ivy.email);
    expect(mail.text).toContain('/staff/reset-password?resetToken=');
    await checkScreen(page, 'staff-account-details', MOBILE);
  });

  it('an Admin requires a second factor for staff and patients and picks the portal language; the api answers them back and sign-ins follow', async () => {
    const { page, portal, tenant } = harness;
    const theo = await colleague('Theo');
    try {
      await page.setViewportSize(DESKTOP);
      await openAsAdmin(harness, '/staff/settings/organization');
      const required = page.getByRole('region', { name: 'Second factor' });
      await required.getByLabel('Require a second factor for staff').check();
      await required.getByLabel('Require a second factor for patients').check();
      await required.getByRole('button', { name: 'Save second factor settings' }).click();
      await required.getByRole('status').filter({ hasText: 'Second factor settings saved.' }).waitFor();

      const settings = page.getByRole('region', { name: 'Organization', exact: true });
      const language = settings.getByLabel('Portal language for patients');
      expect(await language.locator('option').allInnerTexts()).toEqual(['Each patient’s browser language', 'English', 'Español']);
      await language.selectOption({ label: 'Español' });
      await settings.getByRole('button', { name: 'Save organization' }).click();
      await settings.getByRole('status').filter({ hasText: 'Organization settings saved.' }).waitFor();

      expect(await admin.api.organizations.getOne(tenant.businessId)).toMatchObject({ enforceMFA: true, enforceEnduserMFA: true, defaultLanguage: 'es' });
      await page.reload();
      expect(await required.getByLabel('Require a second factor for staff').isChecked()).toBe(true);
      expect(await required.getByLabel('Require a second factor for patients').isChecked()).toBe(true);
      expect(await language.inputValue()).toBe('es');
      await checkScreen(page, 'staff-settings-organization-security', DESKTOP);
      await checkScreen(page, 'staff-settings-organization-security', MOBILE);

      // The portal speaks Spanish to a visitor with no language of their own.
      await page.goto(`${portal.url}/`);
      expect(await page.locator('html').getAttribute('lang')).toBe('es');

      // A colleague who never turned it on now meets the code step, and their page says why.
      await page.context().clearCookies();
      await page.setViewportSize(DESKTOP);
      await toCodeStep(page, theo.email, theo.password);
      await verify(page, await mailedSignInCode(harness.smtp, theo.email, 0));
      await atAccount(page);
      const card = page.getByRole('region', { name: 'Second factor' });
      await card.getByText('Your organization asks everyone for it', { exact: false }).waitFor();
      await card.getByRole('button', { name: 'Get recovery codes' }).waitFor();
      expect(await card.getByRole('button', { name: 'Turn off the second factor' }).count()).toBe(0);
      await checkScreen(page, 'staff-account-enforced', MOBILE);
    } finally {
      // The tenant's admin signs in by password in the other tests (and in a retry of this one).
      await admin.api.organizations.updateOne(tenant.businessId, { enforceMFA: false, enforceEnduserMFA: false } as never);
    }
  }, 240_000);
});
