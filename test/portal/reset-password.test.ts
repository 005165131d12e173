import { randomBytes } from 'node:crypto';
import { EnduserSession, type Session } from '@tellescope/sdk';
import type { Page } from 'playwright-core';
import { colorOf, isRed } from '../support/page-colors';
import { usePortalHarness } from '../support/portal-harness';
import { adminSession } from '../support/tenant';

const INVALID_LINK = 'This link is invalid or has expired';
const CHECK_EMAIL = 'Please check your email for a link to reset your password';
const PREFIX = 'Error parsing field newPassword: ';

/** docs/contract/portal.md#reset-password: request a reset link, follow the mailed link, choose a new password. */
describe('portal: password reset', () => {
  const harness = usePortalHarness({ mail: true });
  let admin: Session;

  beforeAll(async () => {
    admin = await adminSession(harness.api.host, harness.tenant);
  });

  /** An enduser of the suite's tenant who logs in with a password. */
  const patient = async (fname: string) => {
    const email = `${fname.toLowerCase()}-${randomBytes(4).toString('hex')}@example.com`;
    const password = `Old-pass-${randomBytes(3).toString('hex')}`;
    const enduser = await admin.api.endusers.createOne({ fname, lname: 'Patient', email });
    await admin.api.endusers.set_password({ id: enduser.id, password });
    return { email, password };
  };

  /** The reset link of the `index`-th message to `email`, as mailed (this portal's address). */
  const mailedLink = async (email: string, index = 0) => {
    const mail = await harness.smtp.waitFor(email, { index });
    expect(mail.subject).toBe('Reset your password');
    const link = mail.decoded.match(/https?:\/\/[^\s"'<>]+\/reset-password\?resetToken=[A-Za-z0-9_.%-]+/)?.[0];
    if (!link) throw new Error(`no reset link in:\n${mail.decoded}`);
    expect(link.startsWith(`${harness.portal.url}/reset-password?resetToken=`)).toBe(true);
    return link;
  };

  /** Asks for a link without the browser (for tests about the reset page itself). */
  const requestLink = async (email: string) => {
    const before = harness.smtp.to(email).length;
    await new EnduserSession({ host: harness.api.host, businessId: harness.tenant.businessId }).request_password_reset({ email } as never);
    return mailedLink(email, before);
  };

  const logIn = async (page: Page, email: string, password: string) => {
    await page.goto(`${harness.portal.url}/login`);
    await page.getByLabel('Email or phone').fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
  };

  const resetButton = (page: Page, state: 'enabled' | 'disabled') => page.locator(`button:${state}`, { hasText: /^Reset$/ });

  it('requests a link from the login page, follows the mailed link, and logs in with the new password only', async () => {
    const { portal, page } = harness;
    const { email, password } = await patient('Robin');
    const newPassword = 'Fresh-pass-42';

    await page.goto(`${portal.url}/login`);
    await page.getByLabel('Email or phone').fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL(`${portal.url}/reset-password?request=1`);

    // The request step checks the email before asking the API.
    const send = page.getByRole('button', { name: 'Send reset link' });
    await page.getByLabel('Email', { exact: true }).fill('not-an-email');
    await send.click();
    await page.getByRole('alert').filter({ hasText: 'Enter a valid email' }).waitFor();
    await page.getByLabel('Email', { exact: true }).fill(email);
    await send.click();
    await page.getByRole('status').filter({ hasText: CHECK_EMAIL }).waitFor();
    expect(await page.getByRole('status').innerText()).toBe(CHECK_EMAIL);

    const link = await mailedLink(email);
    await page.goto(link);
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    const field = page.getByLabel('New Password', { exact: true });
    await field.fill(newPassword);
    // The toggle shows and hides what was typed.
    expect(await field.getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Show password' }).click();
    expect(await field.getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    expect(await field.getAttribute('type')).toBe('password');
    await resetButton(page, 'enabled').click();
    await page.waitForURL(`${portal.url}/login`);
    await page.getByRole('heading', { name: 'Welcome back!' }).waitFor();

    // The old password no longer works; the new one does.
    await logIn(page, email, password);
    await page.getByRole('alert').filter({ hasText: 'Invalid email or password' }).waitFor();
    expect(page.url()).toBe(`${portal.url}/login`);
    await logIn(page, email, newPassword);
    await page.waitForURL(`${portal.url}/home`);
  });

  it('a refused request shows the server message in red under the email field', async () => {
    const { portal, page } = harness;
    const { email } = await patient('Alex');
    // The API allows 5 requests per email an hour; the portal's is the 6th.
    for (let count = 0; count < 5; count++) await requestLink(email);

    await page.goto(`${portal.url}/reset-password?request=1`);
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    const refused = page.getByRole('alert').filter({ hasText: 'Too many login attempts' });
    await refused.waitFor();
    expect(await page.getByRole('status').count()).toBe(0);
    // It is the field's own helper text.
    const describedBy = await page.getByLabel('Email', { exact: true }).getAttribute('aria-describedby');
    expect(describedBy).toBeTruthy();
    expect(await refused.getAttribute('id')).toBe(describedBy);
    expect(isRed(await colorOf(refused))).toBe(true);
  });

  it('a page without a token says the link is invalid', async () => {
    const { portal, page } = harness;
    for (const path of ['/reset-password', '/reset-password?resetToken=', '/reset-password?resetToken=%20']) {
      await page.goto(`${portal.url}${path}`);
      expect(page.url()).toBe(`${portal.url}${path}`);
      await page.getByText(INVALID_LINK, { exact: true }).waitFor();
      expect(await page.getByLabel('New Password').count()).toBe(0);
    }
    await page.getByRole('link', { name: 'Request a new link' }).click();
    await page.waitForURL(`${portal.url}/reset-password?request=1`);
    await page.getByLabel('Email', { exact: true }).waitFor();
  });

  it('keeps Reset disabled while the password is under 8 characters', async () => {
    const { portal, page } = harness;
    await page.goto(`${portal.url}/reset-password?resetToken=some-token`);
    // Disabled once scripts run, while the field is empty.
    await resetButton(page, 'disabled').waitFor();
    const field = page.getByLabel('New Password', { exact: true });
    await field.fill('Short-1');
    await page.waitForTimeout(100);
    expect(await resetButton(page, 'disabled').count()).toBe(1);
    await field.fill('Longer-1');
    await resetButton(page, 'enabled').waitFor();
    await field.fill('');
    await resetButton(page, 'disabled').waitFor();
  });

  it('shows the server message in red without the field prefix, and a used link as invalid', async () => {
    const { portal, page } = harness;
    const { email } = await patient('Casey');
    const link = await requestLink(email);

    await page.goto(link);
    const field = page.getByLabel('New Password', { exact: true });
    // Long enough for the page, refused by the API's password rule.
    await field.fill('alllowercase');
    await resetButton(page, 'enabled').click();
    const refused = page.getByRole('alert').filter({ hasText: 'Password must included 1 uppercase letter, 1 number, or 1 symbol' });
    await refused.waitFor();
    expect(await refused.innerText()).not.toContain(PREFIX);
    expect(await page.content()).not.toContain(PREFIX);
    expect(isRed(await colorOf(refused))).toBe(true);

    await field.fill('Casey-new-1');
    await resetButton(page, 'enabled').click();
    await page.waitForURL(`${portal.url}/login`);

    // The link worked once.
    await page.goto(link);
    await page.getByLabel('New Password', { exact: true }).fill('Casey-other-2');
    await resetButton(page, 'enabled').click();
    await page.getByRole('alert').filter({ hasText: INVALID_LINK }).waitFor();
    expect(page.url()).toBe(link);
  });

  it('works without client JavaScript, with the same rules checked by the server', async () => {
    const { portal, page } = harness;
    const { email } = await patient('Noel');
    const context = await page.context().browser()!.newContext({ javaScriptEnabled: false });
    try {
      const plain = await context.newPage();
      await plain.goto(`${portal.url}/reset-password?request=1`);
      await plain.getByLabel('Email', { exact: true }).fill(email);
      await plain.getByRole('button', { name: 'Send reset link' }).click();
      await plain.getByRole('status').filter({ hasText: CHECK_EMAIL }).waitFor();

      await plain.goto(await mailedLink(email));
      const field = plain.getByLabel('New Password', { exact: true });
      await field.fill('Short-1');
      await plain.getByRole('button', { name: 'Reset', exact: true }).click();
      await plain.getByText('Must be at least 8 characters').waitFor();
      await plain.getByLabel('New Password', { exact: true }).fill('Noel-new-pass-1');
      await plain.getByRole('button', { name: 'Reset', exact: true }).click();
      await plain.waitForURL(`${portal.url}/login`);
    } finally {
      await context.close();
    }
    await logIn(page, email, 'Noel-new-pass-1');
    await page.waitForURL(`${portal.url}/home`);
  });

  it('a signed-out route: a signed-in visitor goes home', async () => {
    const { portal, page } = harness;
    const { email, password } = await patient('Drew');
    await logIn(page, email, password);
    await page.waitForURL(`${portal.url}/home`);
    await page.goto(`${portal.url}/reset-password?request=1`);
    expect(page.url()).toBe(`${portal.url}/home`);
  });
});
