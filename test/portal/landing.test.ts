import { usePortalHarness } from '../support/portal-harness';
import { adminSession } from '../support/tenant';
import { waitFor } from '../automations/support';

/** docs/contract/portal.md#landing and #login texts, and the API's answer to a wrong password. */
const TEXT = {
  title: 'Your Portal',
  logIn: 'Log in',
  or: 'or',
  signUp: 'Sign up for an account',
  welcomeBack: 'Welcome back!',
  logInToAccount: 'Log in to your account.',
  invalidLogin: 'Invalid email or password',
};

describe('portal: landing and login', () => {
  const harness = usePortalHarness();

  it('renders the landing page on the server with the organization name', async () => {
    const { tenant, portal } = harness;
    const response = await fetch(`${portal.url}/`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(tenant.name);
    expect(html).toContain(TEXT.title);
    expect(html).toContain(`<title>${tenant.name}</title>`);
    // Joy's styles are in the server HTML too, not only added by the browser.
    expect(html).toMatch(/<style data-emotion="css [^"]+">/);
  });

  it('shows the landing page, then the login steps, and the server message for a wrong password', async () => {
    const { tenant, portal, page } = harness;
    await page.goto(`${portal.url}/`);
    await expect(page.title()).resolves.toBe(tenant.name);
    await page.getByText(tenant.name, { exact: true }).waitFor();
    await page.getByRole('heading', { name: TEXT.title }).waitFor();
    await page.getByText(TEXT.or, { exact: true }).waitFor();
    await page.getByRole('link', { name: TEXT.signUp }).waitFor();

    await page.getByRole('link', { name: TEXT.logIn, exact: true }).click();
    await page.waitForURL(`${portal.url}/login`);
    await page.getByRole('heading', { name: TEXT.welcomeBack }).waitFor();
    await page.getByText(TEXT.logInToAccount).waitFor();

    // An identifier without a password (here: nobody's) gets the notice that a link was sent.
    await page.getByLabel('Email or phone').fill(`nobody-${Date.now()}@example.com`);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('We sent a login link to your email. Open it to log in.').waitFor();
    await page.goto(`${portal.url}/login`);

    // An account with a password continues with the password step.
    const admin = await adminSession(harness.api.host, harness.tenant);
    const email = `patient-${Date.now()}@example.com`;
    const enduser = await admin.api.endusers.createOne({ fname: 'Pat', email });
    await admin.api.endusers.set_password({ id: enduser.id, password: 'The-real-pass-1' });
    await page.getByLabel('Email or phone').fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    const password = page.getByLabel('Password');
    await password.waitFor();
    const lockedEmail = page.getByLabel('Email', { exact: true });
    await expect(lockedEmail.inputValue()).resolves.toBe(email);
    await expect(lockedEmail.getAttribute('readonly')).resolves.not.toBeNull();

    // A wrong password shows the API's message under the form.
    await password.fill('Not-the-password-1');
    await page.getByRole('button', { name: TEXT.logIn, exact: true }).click();
    await page.getByRole('alert').filter({ hasText: TEXT.invalidLogin }).waitFor();
    expect(page.url()).toBe(`${portal.url}/login`);
  });

  it('validates the login identifier in the browser before calling the server', async () => {
    const { portal, page } = harness;
    await page.goto(`${portal.url}/login`);
    const continueButton = page.getByRole('button', { name: 'Continue' });
    await page.getByLabel('Email or phone').fill('not an email');
    await continueButton.click();
    await page.getByText('Enter a valid email').waitFor();
    await page.getByLabel('Email or phone').fill('');
    await page.getByRole('button', { name: 'Continue', disabled: true }).waitFor();
  });

  // Last in the file: the portal keeps an organization's branding for 10 s.
  it("wears the organization's theme colour and favicon (002 §2.1), in the server's HTML", async () => {
    const { tenant, portal, api } = harness;
    await api.dataSource.getRepository('organizations').update({ _id: tenant.businessId }, { themeColor: '#6a1b9a', faviconURL: 'https://cdn.example.com/clinic-icon.png' });
    const html = await waitFor(
      async () => (await fetch(`${portal.url}/`)).text(),
      (text) => text.includes('--joy-palette-primary-500:#6a1b9a'),
      'the new theme colour in the landing page',
      20_000,
    );
    expect(html).toContain('<link rel="icon" href="https://cdn.example.com/clinic-icon.png"/>');
    // A colour that is not one is never written into the page's styles.
    await api.dataSource.getRepository('organizations').update({ _id: tenant.businessId }, { themeColor: 'red;}body{display:none', faviconURL: 'javascript:alert(1)' });
    const defaults = await waitFor(
      async () => (await fetch(`${portal.url}/`)).text(),
      (text) => !text.includes('#6a1b9a'),
      'the unsafe branding replaced by the defaults',
      20_000,
    );
    expect(defaults).toContain('--joy-palette-primary-500:#1564bf');
    expect(defaults).not.toContain('display:none');
    expect(defaults).not.toContain('href="javascript:');
  });
});
