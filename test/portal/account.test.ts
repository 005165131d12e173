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
    // A new account completes its profile first (docs/contract/portal.md#onboarding; test/portal/profile.test.ts), then goes home.
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

  it('registering a taken email changes nothing and only its own password signs in', async () => {
    const { portal, page } = harness;
    const email = `taken-${Date.now()}@example.com`;
    // One registration per email per second (the api's limit): each attempt waits out the window.
    const register = async (password: string) => {
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      await page.goto(`${portal.url}/register`);
      await page.getByLabel('Email', { exact: true }).fill(email);
      await page.getByLabel('Password').fill(password);
      await page.getByRole('checkbox', { name: /Terms of Service/ }).check();
      await page.getByRole('button', { name: 'Create account' }).click();
    };
    await register('Portal-pass-1');
    await page.waitForURL(`${portal.url}/onboarding?redirectTo=%2Fhome`);
    await page.context().clearCookies();
    // The api answers the second registration like a new one; signing in with another password fails.
    await register('Another-pass-2');
    await page.getByRole('alert').filter({ hasText: 'Invalid email or password' }).waitFor();
    await page.context().clearCookies();
    // The owner's password still works (the taken account was not given the second password).
    await register('Portal-pass-1');
    await page.waitForURL(`${portal.url}/onboarding?redirectTo=%2Fhome`);
  });
});
