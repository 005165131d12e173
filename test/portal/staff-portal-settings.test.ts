import { randomBytes } from 'node:crypto';
import type { FrameLocator } from 'playwright-core';
import type { Session } from '@tellescope/sdk';
import { usePortalHarness } from '../support/portal-harness';
import { signInAs } from '../support/portal-pages';
import { checkScreen, DESKTOP, MOBILE, openAsAdmin } from '../support/staff-console';
import { adminSession } from '../support/tenant';
import { waitUntil } from '../messaging/support';

/** A 1×1 PNG, for the logo upload. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

const previewColour = (frame: FrameLocator) => frame.locator('[data-preview-colour]').getAttribute('data-preview-colour');

/**
 * Issue 35, the portal builder: colours, logo, sign-in texts, conversations, pages and Home, with
 * the live preview; what is saved shows in the patient's portal.
 */
describe('portal: the staff Portal builder', () => {
  const harness = usePortalHarness();
  let admin: Session;

  beforeAll(async () => {
    admin = await adminSession(harness.api.host, harness.tenant);
  });

  it('previews unsaved changes, checks them, keeps them on a refusal, warns before leaving; saved, they show in the portal and patients start conversations that reach the inbox', async () => {
    const { page, portal } = harness;
    const suffix = randomBytes(3).toString('hex');
    await page.setViewportSize(DESKTOP);
    const patient = await admin.api.endusers.createOne({ fname: 'Noor', lname: `Haddad${suffix}`, email: `noor-${suffix}@example.test` } as never);
    await openAsAdmin(harness, '/staff/portal');
    await page.getByRole('heading', { name: 'Portal', level: 1 }).waitFor();
    const phone = page.frameLocator('iframe[title="Portal preview, phone (390 px)"]');
    const desktop = page.frameLocator('iframe[title="Portal preview, desktop (1280 px)"]');
    await phone.getByRole('heading', { name: 'Welcome, Alex!' }).waitFor();
    // The server's page names the menus' choices before scripts run (Joy's Select draws its value only once they do).
    const served = await (await page.request.get(`${portal.url}/staff/portal`)).text();
    expect(served).toMatch(/aria-label="Screen to preview"[^>]*>Home</);
    expect(served).toMatch(/aria-labelledby="page-0-position [^"]*"[^>]*>Default order</);
    expect(await previewColour(desktop)).toBe('#1564bf');

    // A colour the portal cannot use is refused on its field, and nothing is saved.
    const colour = page.getByRole('textbox', { name: 'Theme colour', exact: true });
    await colour.fill('green');
    await page.getByRole('button', { name: 'Save portal settings' }).click();
    await page.getByText('Enter a colour as # and six hex digits, e.g. #1564bf').waitFor();

    // The preview follows what is typed, before it is saved.
    await colour.fill('#0a7d4f');
    await phone.locator('[data-preview-colour="#0a7d4f"]').waitFor();
    await page.getByLabel('Landing title').fill(`Oak Clinic ${suffix}`);
    await page.getByLabel('Log in title').fill('Good to see you again');
    await page.getByRole('combobox', { name: 'Screen to preview' }).click();
    await page.getByRole('option', { name: 'Landing' }).click();
    await phone.getByRole('heading', { name: `Oak Clinic ${suffix}` }).waitFor();
    await desktop.getByRole('heading', { name: `Oak Clinic ${suffix}` }).waitFor();
    await page.getByRole('combobox', { name: 'Screen to preview' }).click();
    await page.getByRole('option', { name: 'Home' }).click();

    // A logo uploads through the presigned flow and becomes a public address.
    await page.getByLabel('Logo: image file', { exact: true }).setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
    const logoURL = await waitUntil(() => page.getByRole('textbox', { name: 'Logo', exact: true }).inputValue(), (value) => value.includes('/public-file?secureName='), 20_000);
    const logo = await fetch(logoURL);
    expect(logo.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await logo.arrayBuffer()).equals(PNG)).toBe(true);

    // Conversations, a page's title, and a Home block.
    await page.getByRole('switch', { name: 'Patients can start conversations' }).check();
    await page.getByRole('textbox', { name: 'Communications: title in the menu' }).fill('Messages');
    await page.getByRole('button', { name: 'Add block' }).click();
    await page.getByRole('textbox', { name: 'Text' }).fill(`Hello from Oak ${suffix}`);
    await phone.getByText(`Hello from Oak ${suffix}`).waitFor();
    await phone.getByRole('link', { name: 'Messages' }).first().waitFor();

    // The api's refusal shows on its field and what was typed stays.
    const tooLong = 'x'.repeat(1001);
    const refusal = await admin.api.portal_customizations.createOne({ page: 'Documents', title: tooLong, blocks: [] } as never).then(
      () => '',
      (error: Error) => error.message,
    );
    expect(refusal).not.toBe('');
    await page.getByRole('textbox', { name: 'Documents: title in the menu' }).fill(tooLong);
    await page.getByRole('button', { name: 'Save portal settings' }).click();
    await page.getByText(refusal, { exact: true }).waitFor();
    expect(await colour.inputValue()).toBe('#0a7d4f');
    expect(await page.getByRole('textbox', { name: 'Text' }).inputValue()).toBe(`Hello from Oak ${suffix}`);
    await page.getByRole('textbox', { name: 'Documents: title in the menu' }).fill('');

    // Leaving with unsaved changes asks first.
    await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Inbox' }).click();
    await page.getByRole('alertdialog', { name: 'Leave without saving?' }).waitFor();
    await page.getByRole('button', { name: 'Stay on this page' }).click();
    expect(new URL(page.url()).pathname).toBe('/staff/portal');

    await checkScreen(page, 'staff-portal-settings', DESKTOP);
    await checkScreen(page, 'staff-portal-settings', MOBILE);
    await page.setViewportSize(DESKTOP);
    await page.getByRole('button', { name: 'Save portal settings' }).click();
    await page.getByText('Portal settings saved. Patients see them now.').waitFor();
    const organization = await admin.api.organizations.getOne(harness.tenant.businessId);
    expect(organization).toMatchObject({ themeColor: '#0a7d4f', logoURL, portalSettings: { authentication: { landingTitle: `Oak Clinic ${suffix}` }, communication: { allowEnduserInitiatedChat: true } } });

    // The portal's own log-in screen takes its new title.
    await page.goto(`${portal.url}/login`);
    await page.getByRole('heading', { name: 'Good to see you again', level: 1 }).waitFor();

    // The patient's portal: the colour, the page's title and Home's block.
    await signInAs(harness, admin, patient.id, '/home');
    expect(await page.evaluate<string>("getComputedStyle(document.documentElement).getPropertyValue('--joy-palette-primary-500').trim()")).toBe('#0a7d4f');
    await page.getByText(`Hello from Oak ${suffix}`).waitFor();
    await page.getByRole('link', { name: 'Messages' }).first().waitFor();

    // allowEnduserInitiatedChat: the patient starts a conversation, and it reaches the staff inbox.
    await page.goto(`${portal.url}/communications`);
    await page.getByRole('link', { name: 'Start Conversation' }).click();
    await page.getByLabel('Subject').fill('Refill question');
    await page.getByRole('textbox', { name: 'Message' }).fill(`Can I get a refill? ${suffix}`);
    await page.getByRole('button', { name: 'Send' }).click();
    await page.waitForURL(/\/communications\/[0-9a-f]{24}$/);
    await page.goto(`${portal.url}/staff/inbox`);
    await page.getByRole('link', { name: new RegExp(`Noor Haddad${suffix}`) }).first().waitFor({ timeout: 20_000 });
    await page.getByText(`Can I get a refill? ${suffix}`).first().waitFor();
  });
});
