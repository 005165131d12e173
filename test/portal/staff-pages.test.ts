import { randomBytes } from 'node:crypto';
import { Session } from '@tellescope/sdk';
import type { Page } from 'playwright-core';
import { colorOf, isRed } from '../support/page-colors';
import { usePortalHarness } from '../support/portal-harness';
import { adminSession } from '../support/tenant';

const INVALID_INVITATION = 'This invitation is invalid or has expired';
const INVALID_LINK = 'This link is invalid or has expired';
const ACCOUNT_READY = 'Your account is ready. Sign in to Carelane with your email and new password.';
const PASSWORD_RESET = 'Your password has been reset. Sign in with your new password.';

/** The staff pages the API's mails link to: accepting an invitation and a staff password reset. */
describe('portal: staff invitation and password reset pages', () => {
  const harness = usePortalHarness({ mail: true });
  let admin: Session;

  beforeAll(async () => {
    admin = await adminSession(harness.api.host, harness.tenant);
  });

  const uniqueEmail = (label: string) => `${label.toLowerCase()}-${randomBytes(4).toString('hex')}@example.com`;

  /** The first link in the `index`-th message to `email` whose path is `path`, checked to open this portal. */
  const mailedLink = async (email: string, path: string, index = 0) => {
    const mail = await harness.smtp.waitFor(email, { index });
    const link = mail.decoded.match(new RegExp(`https?://[^\\s"'<>]+${path}\\?[^\\s"'<>]+`))?.[0]?.replace(/&amp;/g, '&');
    if (!link) throw new Error(`no ${path} link in:\n${mail.decoded}`);
    expect(link.startsWith(`${harness.portal.url}${path}?`)).toBe(true);
    return link;
  };

  /** An Admin invites a staff member through the reference client; answers the mailed link. */
  const invite = async (label: string) => {
    const email = uniqueEmail(label);
    await admin.api.users.invite_user({ email, fname: label, lname: 'Staff', organizationId: harness.tenant.businessId } as never);
    const link = await mailedLink(email, '/staff/register');
    expect(new URL(link).searchParams.get('email')).toBe(email);
    return { email, link };
  };

  /** An invited staff member who registered through the API (not the page). */
  const registeredStaff = async (label: string, password: string) => {
    const { email, link } = await invite(label);
    const inviteCode = new URL(link).searchParams.get('inviteCode')!;
    await new Session({ host: harness.api.host }).api.users.register({ email, password, termsVersion: '1.0', inviteCode });
    return { email, link };
  };

  const signIn = (email: string, password: string) => new Session({ host: harness.api.host }).authenticate(email, password);

  const resetButton = (page: Page, state: 'enabled' | 'disabled') => page.locator(`button:${state}`, { hasText: /^Reset$/ });

  it('an invited staff member opens the mailed link, registers, and signs in to the API', async () => {
    const { page } = harness;
    const { email, link } = await invite('Ivy');
    const password = 'Staff-pass-42';

    await page.goto(link);
    await page.getByRole('heading', { name: 'Accept your invitation' }).waitFor();
    const emailField = page.getByLabel('Email', { exact: true });
    expect(await emailField.inputValue()).toBe(email);
    expect(await emailField.getAttribute('readonly')).not.toBeNull();
    expect(await page.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe('/terms-of-service');
    expect(await page.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy-policy');

    // The enduser registration's rules, checked in the browser.
    const submit = page.getByRole('button', { name: 'Create account' });
    await page.getByLabel('Password', { exact: true }).fill('alllowercase1');
    await submit.click();
    await page.getByText('Must contain an uppercase letter').waitFor();
    await page.getByText('You must agree to the Terms of Service and Privacy Policy').waitFor();
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('checkbox', { name: /Terms of Service/ }).check();
    await submit.click();
    await page.getByRole('status').filter({ hasText: ACCOUNT_READY }).waitFor();
    expect(page.url()).toBe(link);

    await signIn(email, password);
    const registered = (await admin.api.users.getSome()).find((user) => user.email === email);
    expect(registered?.termsVersion).toBe('1.0');
  });

  it('a used invitation shows the API message in red', async () => {
    const { page } = harness;
    const { email, link } = await registeredStaff('Uma', 'Staff-pass-43');

    await page.goto(link);
    await page.getByLabel('Password', { exact: true }).fill('Other-pass-44');
    await page.getByRole('checkbox', { name: /Terms of Service/ }).check();
    await page.getByRole('button', { name: 'Create account' }).click();
    const refused = page.getByRole('alert').filter({ hasText: INVALID_INVITATION });
    await refused.waitFor();
    expect(isRed(await colorOf(refused))).toBe(true);
    expect(await page.getByRole('status').count()).toBe(0);
    // The first password still signs in; the second does not.
    await signIn(email, 'Staff-pass-43');
    await expect(signIn(email, 'Other-pass-44')).rejects.toMatchObject({ message: 'Invalid email or password' });
  });

  it('a link without an invite code or email, or a reset link without a token, says it is invalid', async () => {
    const { portal, page } = harness;
    for (const path of ['/staff/register', '/staff/register?inviteCode=', '/staff/register?inviteCode=%20&email=a%40example.com', '/staff/register?inviteCode=abc']) {
      await page.goto(`${portal.url}${path}`);
      expect(page.url()).toBe(`${portal.url}${path}`);
      await page.getByText(INVALID_INVITATION, { exact: true }).waitFor();
      expect(await page.getByLabel('Password').count()).toBe(0);
    }
    for (const path of ['/staff/reset-password', '/staff/reset-password?resetToken=%20']) {
      await page.goto(`${portal.url}${path}`);
      expect(page.url()).toBe(`${portal.url}${path}`);
      await page.getByText(INVALID_LINK, { exact: true }).waitFor();
      expect(await page.getByLabel('New Password').count()).toBe(0);
    }
  });

  it('registers without client JavaScript, with the same rules checked by the server', async () => {
    const { email, link } = await invite('Noor');
    const context = await harness.page.context().browser()!.newContext({ javaScriptEnabled: false });
    try {
      const plain = await context.newPage();
      await plain.goto(link);
      await plain.getByLabel('Password', { exact: true }).fill('short');
      await plain.getByRole('button', { name: 'Create account' }).click();
      await plain.getByText('Must be at least 8 characters').waitFor();
      await plain.getByText('You must agree to the Terms of Service and Privacy Policy').waitFor();
      await plain.getByLabel('Password', { exact: true }).fill('Noor-pass-45');
      await plain.getByRole('checkbox', { name: /Terms of Service/ }).check();
      await plain.getByRole('button', { name: 'Create account' }).click();
      await plain.getByRole('status').filter({ hasText: ACCOUNT_READY }).waitFor();
    } finally {
      await context.close();
    }
    await signIn(email, 'Noor-pass-45');
  });

  it("a staff reset mail's link resets the password, once, and the new one signs in", async () => {
    const { page } = harness;
    const oldPassword = 'Staff-pass-46';
    const newPassword = 'Staff-new-47';
    const { email } = await registeredStaff('Reed', oldPassword);
    await new Session({ host: harness.api.host }).api.users.request_password_reset({ email } as never);
    // The invitation was the first message.
    const link = await mailedLink(email, '/staff/reset-password', 1);

    await page.goto(link);
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    await resetButton(page, 'disabled').waitFor();
    const field = page.getByLabel('New Password', { exact: true });
    await field.fill('Short-1');
    await page.waitForTimeout(100);
    expect(await resetButton(page, 'disabled').count()).toBe(1);
    await page.getByRole('button', { name: 'Show password' }).click();
    expect(await field.getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    expect(await field.getAttribute('type')).toBe('password');

    // Long enough for the page, refused by the API's password rule: its message, without the field prefix.
    await field.fill('alllowercase');
    await resetButton(page, 'enabled').click();
    const refused = page.getByRole('alert').filter({ hasText: 'Password must included 1 uppercase letter, 1 number, or 1 symbol' });
    await refused.waitFor();
    expect(await page.content()).not.toContain('Error parsing field newPassword: ');
    expect(isRed(await colorOf(refused))).toBe(true);

    await field.fill(newPassword);
    await resetButton(page, 'enabled').click();
    await page.getByRole('status').filter({ hasText: PASSWORD_RESET }).waitFor();

    await signIn(email, newPassword);
    await expect(signIn(email, oldPassword)).rejects.toMatchObject({ message: 'Invalid email or password' });

    // The link worked once.
    await page.goto(link);
    await page.getByLabel('New Password', { exact: true }).fill('Staff-other-48');
    await resetButton(page, 'enabled').click();
    await page.getByRole('alert').filter({ hasText: INVALID_LINK }).waitFor();
  });
});
