import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import type { Session } from '@tellescope/sdk';
import { usePortalHarness } from '../support/portal-harness';
import { adminSession } from '../support/tenant';

const ONBOARDING_TEXT = 'Please enter your information to finish the registration process';

/** docs/contract/portal.md#onboarding and #settings (settings: the profile form and the set-password prompt). */
describe('portal: onboarding, settings and the set-password prompt', () => {
  const harness = usePortalHarness();
  let admin: Session;

  beforeAll(async () => {
    admin = await adminSession(harness.api.host, harness.tenant);
  });

  const uniqueEmail = (name: string) => `${name.toLowerCase()}-${randomBytes(4).toString('hex')}@example.com`;
  const patient = (fields: Record<string, unknown>) => admin.api.endusers.createOne({ email: uniqueEmail(String(fields.fname ?? 'patient')), ...fields });
  const tokenFor = async (id: string) => (await admin.api.endusers.generate_auth_token({ id })).authToken;
  const signInAt = async (page: Page, path: string, id: string) => {
    await page.goto(`${harness.portal.url}${path}?token=${encodeURIComponent(await tokenFor(id))}`);
    expect(page.url()).toBe(`${harness.portal.url}${path}`);
  };
  const profileForm = (page: Page) => page.getByRole('region', { name: 'Profile' });
  const passwordPrompt = (page: Page) => page.getByRole('region', { name: 'Set a password' });
  /** The prompt's Dismiss button only exists once the page's scripts run. */
  const hydratedPrompt = async (page: Page) => {
    await passwordPrompt(page).getByRole('button', { name: 'Dismiss' }).waitFor();
    return passwordPrompt(page);
  };

  it('home and settings link to each other and to Log Out', async () => {
    const { portal, page } = harness;
    const enduser = await patient({ fname: 'Nav', lname: 'Igator' });
    await signInAt(page, '/home', enduser.id);
    await page.getByRole('navigation').getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL(`${portal.url}/settings`);
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    await page.getByRole('navigation').getByRole('link', { name: 'Home' }).click();
    await page.waitForURL(`${portal.url}/home`);
    await page.getByText('Welcome, Nav!').waitFor();
    await page.getByRole('navigation').getByRole('link', { name: 'Log Out' }).click();
    await page.waitForURL(/\/(login)?$/);
  });

  it('a new registration completes its profile before the portal, then continues to the page asked for', async () => {
    const { portal, page } = harness;
    const email = uniqueEmail('nora');
    await page.goto(`${portal.url}/register`);
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password').fill('Portal-pass-1');
    await page.getByRole('checkbox', { name: /Terms of Service/ }).check();
    await page.getByRole('button', { name: 'Create account' }).click();

    await page.waitForURL(`${portal.url}/onboarding?redirectTo=%2Fhome`);
    await page.getByText(ONBOARDING_TEXT, { exact: true }).waitFor();
    // The email the account was made with is already filled in.
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(email);

    // No signed-in page opens until the names are saved; unknown paths still lead home (and so here).
    for (const path of ['/home', '/settings', '/no-such-page']) {
      await page.goto(`${portal.url}${path}`);
      expect(page.url()).toMatch(new RegExp(`^${portal.url}/onboarding\\?redirectTo=`));
      await page.getByText(ONBOARDING_TEXT, { exact: true }).waitFor();
    }
    expect(page.url()).toBe(`${portal.url}/onboarding?redirectTo=%2Fhome`);

    // Names are required here.
    await page.goto(`${portal.url}/settings`);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('First name is required').waitFor();
    await page.getByText('Last name is required').waitFor();
    await page.getByLabel('First name').fill('Nora');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Last name is required').waitFor();
    await page.getByLabel('Last name').fill('Quinn');
    await page.getByRole('button', { name: 'Save' }).click();

    // It continues to the page asked for, and the portal is open from then on.
    await page.waitForURL(`${portal.url}/settings`);
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    await page.goto(`${portal.url}/home`);
    await page.getByRole('heading', { name: 'Welcome, Nora!' }).waitFor();
    // The screen is not shown to an enduser with both names.
    await page.goto(`${portal.url}/onboarding?redirectTo=%2Fsettings`);
    expect(page.url()).toBe(`${portal.url}/settings`);

    const [saved] = await admin.api.endusers.getSome({ filter: { email } });
    expect(saved).toMatchObject({ fname: 'Nora', lname: 'Quinn', email });
  });

  it('settings updates names and phone; an invalid phone is refused and nothing is saved', async () => {
    const { portal, page } = harness;
    const ivy = await patient({ fname: 'Ivy', lname: 'Stone' });
    await signInAt(page, '/settings', ivy.id);
    const form = profileForm(page);
    expect(await form.getByLabel('First name').inputValue()).toBe('Ivy');

    await form.getByLabel('First name').fill('Ivana');
    await form.getByLabel('Last name').fill('Rock');
    await form.getByLabel('Phone').fill('(415) 555-2671');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByRole('status').filter({ hasText: 'Your profile has been saved' }).waitFor();
    expect(await admin.api.endusers.getOne(ivy.id)).toMatchObject({ fname: 'Ivana', lname: 'Rock', phone: '+14155552671', email: ivy.email });

    // The session follows the update.
    await page.getByRole('link', { name: 'Home' }).click();
    await page.getByRole('heading', { name: 'Welcome, Ivana!' }).waitFor();

    await page.goto(`${portal.url}/settings`);
    await profileForm(page).getByLabel('First name').fill('Changed');
    await profileForm(page).getByLabel('Phone').fill('555-12');
    await profileForm(page).getByRole('button', { name: 'Save' }).click();
    await profileForm(page).getByText('Enter a valid phone number').waitFor();
    await profileForm(page).getByLabel('Email').fill('not-an-email');
    await profileForm(page).getByRole('button', { name: 'Save' }).click();
    await profileForm(page).getByText('Enter a valid email').waitFor();
    expect(await admin.api.endusers.getOne(ivy.id)).toMatchObject({ fname: 'Ivana', lname: 'Rock', phone: '+14155552671' });

    // A cleared phone is removed.
    await page.goto(`${portal.url}/settings`);
    await profileForm(page).getByLabel('Phone').fill('');
    await profileForm(page).getByRole('button', { name: 'Save' }).click();
    await profileForm(page).getByRole('status').filter({ hasText: 'Your profile has been saved' }).waitFor();
    expect((await admin.api.endusers.getOne(ivy.id)).phone).toBeUndefined();
  });

  it('a failed update shows the message and a link to log out', async () => {
    const { portal, page } = harness;
    const eve = await patient({ fname: 'Eve', lname: 'Moss' });
    await signInAt(page, '/settings', eve.id);
    // The form only asks for a name; the API refuses characters a name cannot have.
    await profileForm(page).getByLabel('First name').fill('Eve <3');
    await profileForm(page).getByRole('button', { name: 'Save' }).click();
    const alert = profileForm(page).getByRole('alert');
    await alert.filter({ hasText: 'log in to try again' }).waitFor();
    expect(await alert.textContent()).toMatch(/^Error parsing field fname: Invalid name Log out and log in to try again\.$/);
    expect((await admin.api.endusers.getOne(eve.id)).fname).toBe('Eve');

    await alert.getByRole('link', { name: 'Log out' }).click();
    await page.waitForURL(`${portal.url}/`);
    await page.goto(`${portal.url}/settings`);
    expect(page.url()).toBe(`${portal.url}/login`);
  });

  it('an enduser without a password sets one from the prompt and then logs in with it', async () => {
    const { portal, page } = harness;
    const max = await patient({ fname: 'Max', lname: 'Ward' });
    await signInAt(page, '/home', max.id);
    await page.getByRole('heading', { name: 'Welcome, Max!' }).waitFor();
    await page.goto(`${portal.url}/settings`);

    const prompt = await hydratedPrompt(page);
    const save = prompt.getByRole('button', { name: 'Save' });
    expect(await save.isDisabled()).toBe(true);
    for (const [candidate, message] of [
      ['Short1', 'Must be at least 8 characters'],
      ['alllowercase1', 'Must contain both uppercase and lowercase letters'],
      ['NoNumbersHere', 'Must contain both letters and numbers'],
    ]) {
      await prompt.getByLabel('New password').fill(candidate);
      await prompt.getByText(message).waitFor();
      expect(await save.isDisabled()).toBe(true);
    }
    const password = 'Portal-pass-1';
    await prompt.getByLabel('New password').fill(password);
    expect(await save.isEnabled()).toBe(true);
    await save.click();
    await page.getByRole('status').filter({ hasText: 'Your password has been set' }).waitFor();
    await passwordPrompt(page).waitFor({ state: 'detached' });

    await page.goto(`${portal.url}/logout`);
    await page.goto(`${portal.url}/login`);
    await page.getByLabel('Email or phone').fill(max.email!);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.waitForURL(`${portal.url}/home`);
    await page.getByRole('heading', { name: 'Welcome, Max!' }).waitFor();
    // With a password set, the prompt is gone for good.
    await page.goto(`${portal.url}/settings`);
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    expect(await passwordPrompt(page).count()).toBe(0);
  });

  it('dismissing the prompt is remembered in the browser', async () => {
    const { portal, page } = harness;
    const ada = await patient({ fname: 'Ada', lname: 'Lane' });
    await signInAt(page, '/settings', ada.id);
    const prompt = await hydratedPrompt(page);
    await prompt.getByRole('button', { name: 'Dismiss' }).click();
    await passwordPrompt(page).waitFor({ state: 'detached' });
    const stored = await page.evaluate<string | null>("localStorage.getItem('hide_set_password_prompt')");
    expect(Number.isNaN(Date.parse(stored ?? ''))).toBe(false);

    await page.reload();
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    // The server cannot know of the dismissal: the prompt goes once the page's scripts run.
    await passwordPrompt(page).waitFor({ state: 'detached' });
    await page.waitForTimeout(500);
    expect(await passwordPrompt(page).count()).toBe(0);
    expect(page.url()).toBe(`${portal.url}/settings`);

    // The password is still unset: the prompt was only hidden.
    const enduserSession = await admin.api.endusers.generate_auth_token({ id: ada.id });
    expect(enduserSession.enduser).toMatchObject({ passwordIsUnset: true });
  });
  it('works without client JavaScript: the server checks the same rules, and the prompt simply shows', async () => {
    const { portal, page } = harness;
    const kai = await patient({ fname: undefined, lname: undefined, email: uniqueEmail('kai') });
    const context = await page.context().browser()!.newContext({ javaScriptEnabled: false });
    try {
      const plain = await context.newPage();
      await plain.goto(`${portal.url}/settings?token=${encodeURIComponent(await tokenFor(kai.id))}`);
      expect(plain.url()).toBe(`${portal.url}/onboarding?redirectTo=%2Fsettings`);
      await plain.getByLabel('First name').fill('Kai');
      await plain.getByLabel('Phone').fill('12345');
      await plain.getByRole('button', { name: 'Save' }).click();
      await plain.getByText('Last name is required').waitFor();
      await plain.getByText('Enter a valid phone number').waitFor();
      expect((await admin.api.endusers.getOne(kai.id)).fname).toBeUndefined();
      // The posted values are kept.
      expect(await plain.getByLabel('First name').inputValue()).toBe('Kai');

      await plain.getByLabel('Last name').fill('Reed');
      await plain.getByLabel('Phone').fill('415-555-2671');
      await plain.getByRole('button', { name: 'Save' }).click();
      await plain.waitForURL(`${portal.url}/settings`);
      expect(await admin.api.endusers.getOne(kai.id)).toMatchObject({ fname: 'Kai', lname: 'Reed', phone: '+14155552671' });

      const prompt = passwordPrompt(plain);
      await prompt.getByLabel('New password').fill('lowercase-only-1');
      await prompt.getByRole('button', { name: 'Save' }).click();
      await passwordPrompt(plain).getByText('Must contain both uppercase and lowercase letters').waitFor();
      await passwordPrompt(plain).getByLabel('New password').fill('Kai-pass-word-1');
      await passwordPrompt(plain).getByRole('button', { name: 'Save' }).click();
      await plain.getByRole('status').filter({ hasText: 'Your password has been set' }).waitFor();
      expect(await passwordPrompt(plain).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
