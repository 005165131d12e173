import { randomBytes } from 'node:crypto';
import type { Session } from '@tellescope/sdk';
import type { Page } from 'playwright-core';
import { fixturePasswordHash } from '../support/fixture-password';
import { usePortalHarness } from '../support/portal-harness';
import { checkScreen, DESKTOP, MOBILE, signInStaff } from '../support/staff-console';
import { mailedSignInCode, otherCode } from '../support/sign-in-code';
import { adminSession } from '../support/tenant';

const WRONG = 'That code is not right. Check it and try again.';

/** The second factor's code step in the browser (docs/contract/access.md#second-factor): the portal's and the staff app's. */
describe('portal and staff app: the sign-in code step', () => {
  const harness = usePortalHarness({ mail: true });
  let admin: Session;
  beforeAll(async () => {
    admin = await adminSession(harness.api.host, harness.tenant);
  });

  const mailedCode = (email: string, index: number) => mailedSignInCode(harness.smtp, email, index);

  const passwordStep = async (page: Page, email: string, password: string) => {
    await page.goto(`${harness.portal.url}/login`);
    await page.getByLabel('Email or phone').fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
  };

  it('a patient with mfa.email: password, then the code; a wrong code is refused; a remembered device skips the step next time', async () => {
    const { page, portal } = harness;
    const email = `coded-${randomBytes(4).toString('hex')}@example.com`;
    const password = 'Patient-pass-1';
    const enduser = await admin.api.endusers.createOne({ fname: 'Cora', lname: 'Code', email, mfa: { email: true } } as never);
    await admin.api.endusers.set_password({ id: enduser.id, password });

    await page.setViewportSize(MOBILE);
    await passwordStep(page, email, password);
    await page.waitForURL(`${portal.url}/login/code`);
    await page.getByRole('heading', { name: 'Enter your code', level: 1 }).waitFor();
    await page.getByRole('status').filter({ hasText: 'We sent a 6-digit code to your email.' }).waitFor();
    const code = await mailedCode(email, 0);
    await checkScreen(page, 'portal-login-code', MOBILE);
    await checkScreen(page, 'portal-login-code', DESKTOP);

    await page.getByLabel('Code').fill(otherCode(code));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('alert').filter({ hasText: WRONG }).waitFor();
    await checkScreen(page, 'portal-login-code-wrong', MOBILE);
    // Still on the code step, nothing signed in.
    expect(new URL(page.url()).pathname).toBe('/login/code');

    await page.getByLabel('Code').fill(code);
    await page.getByLabel('Remember this device for 30 days').check();
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL((url) => url.pathname === '/home');
    const device = (await page.context().cookies()).find((cookie) => cookie.name === '__carelane_device');
    expect(device).toMatchObject({ httpOnly: true, path: '/' });
    expect(device!.expires * 1000).toBeGreaterThan(Date.now() + 29 * 24 * 60 * 60 * 1000);

    // Signed out, the next sign-in on this device needs the password only.
    await page.context().clearCookies({ name: '__carelane_portal' });
    await passwordStep(page, email, password);
    await page.waitForURL((url) => url.pathname === '/home');
    expect(harness.smtp.to(email)).toHaveLength(1);

    // Without the cookie (another device) the code is asked again.
    await page.context().clearCookies();
    await passwordStep(page, email, password);
    await page.waitForURL(`${portal.url}/login/code`);
    await mailedCode(email, 1);

    // A mailed login link is a first factor only: it, too, leads to the code step.
    const linkOnly = `linked-${randomBytes(4).toString('hex')}@example.com`;
    await admin.api.endusers.createOne({ fname: 'Lina', lname: 'Link', email: linkOnly, mfa: { email: true } } as never);
    await page.goto(`${portal.url}/login`);
    await page.getByLabel('Email or phone').fill(linkOnly);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('status').filter({ hasText: 'We sent a login link to your email.' }).waitFor();
    const linkMail = await harness.smtp.waitFor(linkOnly, { index: 0 });
    const link = linkMail.decoded.match(/https?:\/\/[^\s"'<>]+\/login\?token=[A-Za-z0-9_.%-]+/)?.[0];
    if (!link) throw new Error(`no login link in:\n${linkMail.decoded}`);
    await page.goto(link);
    await page.waitForURL(`${portal.url}/login/code`);
    await page.getByLabel('Code').fill(await mailedCode(linkOnly, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  }, 180_000);

  it("staff with mfa.email: the sign-in's code step, a wrong code refused, then the console", async () => {
    const { page, portal } = harness;
    const email = `staff-${randomBytes(4).toString('hex')}@example.com`;
    const password = 'Correct-horse-9';
    const user = await admin.api.users.createOne({ email, fname: 'Sol', lname: 'Staff', roles: ['Admin'], mfa: { email: true } } as never);
    await harness.api.dataSource.getRepository('users').update({ _id: user.id }, { hashedPassword: await fixturePasswordHash(password) });

    await page.setViewportSize(DESKTOP);
    await page.goto(`${portal.url}/staff/journeys`);
    await signInStaff(page, email, password);
    await page.waitForURL(`${portal.url}/staff/login/code`);
    await page.getByRole('heading', { name: 'Enter your code', level: 1 }).waitFor();
    await page.getByText('Enter one of your recovery codes instead').waitFor();
    const code = await mailedCode(email, 0);
    await checkScreen(page, 'staff-login-code', DESKTOP);
    await checkScreen(page, 'staff-login-code', MOBILE);

    await page.getByLabel('Code').fill(otherCode(code));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('alert').filter({ hasText: WRONG }).waitFor();

    // A new code replaces the first.
    await page.getByRole('button', { name: 'Send a new code' }).click();
    await page.getByRole('status').filter({ hasText: 'We sent a new code to your email.' }).waitFor();
    const fresh = await mailedCode(email, 1);
    await page.getByLabel('Code').fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('alert').filter({ hasText: WRONG }).waitFor();
    await page.getByLabel('Code').fill(fresh);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(`${portal.url}/staff/journeys`);
    await page.getByRole('heading', { name: 'Journeys', level: 1 }).waitFor();
  }, 120_000);
});
