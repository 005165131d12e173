import { usePortalHarness } from '../support/portal-harness';

describe('portal: register, log out, log in', () => {
  const harness = usePortalHarness();

  it('checks the password rules, registers, signs out and signs in again', async () => {
    const { api, tenant, portal, page } = harness;
    const email = `new-patient-${Date.now()}@example.com`;
    const password = 'Portal-pass-1';

    await page.goto(`${portal.url}/`);
    await page.getByRole('link', { name: 'Sign up for an account' }).click();
    await page.getByRole('heading', { name: 'Getting Started' }).waitFor();
    await page.getByText("Let's create your account.").waitFor();

    const submit = page.getByRole('button', { name: 'Create account' });
    await page.getByLabel('Email', { exact: true }).fill(email);
    for (const [candidate, message] of [
      ['Short1', 'Must be at least 8 characters'],
      ['alllowercase1', 'Must contain an uppercase letter'],
      ['ALLUPPERCASE1', 'Must contain a lowercase letter'],
      ['OnlyLetters', 'Must contain a number or special character'],
    ]) {
      await page.getByLabel('Password').fill(candidate);
      await submit.click();
      await page.getByText(message).waitFor();
    }
    await page.getByLabel('Password').fill(password);
    await submit.click();
    await page.getByText('You must agree to the Terms of Service and Privacy Policy').waitFor();

    await page.getByRole('checkbox', { name: /Terms of Service/ }).check();
    await submit.click();
    // A new account completes its profile first (002 §2.1; test/portal/profile.test.ts), then goes home.
    await page.waitForURL(`${portal.url}/onboarding?redirectTo=%2Fhome`);
    await page.getByLabel('First name').fill('Pat');
    await page.getByLabel('Last name').fill('Patient');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(`${portal.url}/home`);
    await page.getByRole('heading', { name: 'Welcome, Pat!' }).waitFor();

    // The account exists in the tenant, with the terms recorded.
    const enduser = await api.dataSource.getRepository('endusers').findOne({ where: { email, businessId: tenant.businessId } });
    expect(enduser).toMatchObject({ termsVersion: '1.0', emailConsent: false });
    expect(enduser?.termsSigned).toBeInstanceOf(Date);

    // Signed in, signed-out pages and unknown paths lead home.
    await page.goto(`${portal.url}/login`);
    expect(page.url()).toBe(`${portal.url}/home`);
    await page.goto(`${portal.url}/no-such-page`);
    expect(page.url()).toBe(`${portal.url}/home`);

    await page.getByRole('link', { name: 'Log Out' }).click();
    await page.waitForURL(`${portal.url}/`);
    await page.goto(`${portal.url}/home`);
    expect(page.url()).toBe(`${portal.url}/login`);

    await page.getByLabel('Email or phone').fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.waitForURL(`${portal.url}/home`);
    await page.getByRole('heading', { name: 'Welcome, Pat!' }).waitFor();
  });

  it('shows the server message when the email is already registered', async () => {
    const { portal, page } = harness;
    const email = `taken-${Date.now()}@example.com`;
    for (const attempt of [1, 2]) {
      await page.goto(`${portal.url}/register`);
      await page.getByLabel('Email', { exact: true }).fill(email);
      await page.getByLabel('Password').fill('Portal-pass-1');
      await page.getByRole('checkbox', { name: /Terms of Service/ }).check();
      await page.getByRole('button', { name: 'Create account' }).click();
      if (attempt === 1) {
        await page.waitForURL(`${portal.url}/onboarding?redirectTo=%2Fhome`);
        await page.context().clearCookies();
      }
    }
    await page.getByRole('alert').filter({ hasText: 'An account already exists for this email' }).waitFor();
  });
});
