import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import type { Session } from '@tellescope/sdk';
import { waitFor } from '../automations/support';
import { screenshot, signInAs } from '../support/portal-pages';
import { usePortalHarness } from '../support/portal-harness';
import { adminSession } from '../support/tenant';

/**
 * Issue #38, languages: the portal speaks the patient's own language (enduser.language.iso6391),
 * else the organization's defaultLanguage, else the browser's Accept-Language; <html lang> follows
 * it, and the patient chooses theirs in Settings.
 */
describe('portal: the page language and the language chooser', () => {
  const harness = usePortalHarness();
  let admin: Session;

  beforeAll(async () => {
    admin = await adminSession(harness.api.host, harness.tenant);
  });

  const uniqueEmail = (name: string) => `${name}-${randomBytes(4).toString('hex')}@example.com`;
  const htmlLang = (page: Page) => page.locator('html').getAttribute('lang');
  const speaking = (page: Page, language: string) => page.locator(`html[lang="${language}"]`).waitFor({ state: 'attached' });
  /** The browser asks for this language first, as a Spanish-speaking patient's would. */
  const browserAsksFor = (page: Page, acceptLanguage: string) => page.setExtraHTTPHeaders({ 'Accept-Language': acceptLanguage });
  const setOrganizationDefault = async (defaultLanguage: 'en' | 'es' | null) => {
    await harness.api.dataSource.getRepository('organizations').update({ _id: harness.tenant.businessId }, { defaultLanguage });
    // The portal keeps an organization's settings for a few seconds (organization.server.ts).
    const expected = defaultLanguage === 'es' ? 'lang="es"' : 'lang="en"';
    await waitFor(
      async () => (await fetch(`${harness.portal.url}/login`, { headers: { 'Accept-Language': 'en-US,en;q=0.9' } })).text(),
      (html) => html.includes(expected),
      `the login page with ${expected}`,
      30_000,
    );
  };

  it('a browser asking for Spanish gets the login in Spanish; the patient then chooses English in Settings, which is stored on them', async () => {
    const { portal, page } = harness;
    const email = uniqueEmail('ana');
    const enduser = await admin.api.endusers.createOne({ fname: 'Ana', lname: 'Ruiz', email });
    await admin.api.endusers.set_password({ id: enduser.id, password: 'Portal-pass-1' });
    await browserAsksFor(page, 'es-MX,es;q=0.9,en;q=0.5');

    await page.goto(`${portal.url}/login`);
    await expect(htmlLang(page)).resolves.toBe('es');
    await page.getByRole('heading', { name: '¡Bienvenido de nuevo!' }).waitFor();
    await page.getByText('Inicie sesión en su cuenta.').waitFor();
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
    // The rules' messages are Spanish in the browser too.
    await page.getByLabel('Correo electrónico o teléfono').fill('no es un correo');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByText('Escriba un correo electrónico válido').waitFor();
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await screenshot(page, 'language-login-es');
    }

    await page.getByLabel('Correo electrónico o teléfono').fill(email);
    await page.getByRole('button', { name: 'Continuar' }).click();
    // The api's answer to a wrong password, in the patient's language.
    await page.getByLabel('Contraseña').fill('Not-the-password-1');
    await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'El correo electrónico o la contraseña no son correctos' }).waitFor();
    await page.getByLabel('Contraseña').fill('Portal-pass-1');
    await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
    await page.waitForURL(`${portal.url}/home`);
    await speaking(page, 'es');
    await page.getByRole('heading', { name: '¡Bienvenido, Ana!' }).waitFor();
    await page.getByRole('heading', { name: 'Sus eventos' }).waitFor();
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await screenshot(page, 'language-home-es');
    }

    await page.goto(`${portal.url}/settings`);
    await page.getByRole('heading', { name: 'Configuración', level: 1 }).waitFor();
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await screenshot(page, 'language-settings-es');
    }
    // Nothing was chosen yet: the chooser shows the page's language.
    const chooser = page.getByRole('combobox', { name: 'Idioma' });
    await expect(chooser.inputValue()).resolves.toBe('es');
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
    await chooser.selectOption('en');
    await page.getByRole('button', { name: 'Guardar idioma' }).click();

    // The same page answers in English at once, and says so in English.
    await page.getByRole('status').filter({ hasText: 'Your language has been saved' }).waitFor();
    await speaking(page, 'en');
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    await page.getByRole('navigation').first().getByRole('link', { name: 'Home' }).waitFor();

    // The next page is English too, though the browser still asks for Spanish.
    await page.goto(`${portal.url}/home`);
    await expect(htmlLang(page)).resolves.toBe('en');
    await page.getByRole('heading', { name: 'Welcome, Ana!' }).waitFor();

    // The choice is the patient's, stored on them through the api.
    const stored = await admin.api.endusers.getOne(enduser.id);
    expect(stored.language).toEqual({ displayName: 'English', iso6391: 'en' });
  });

  it("an organization's default language wins over the browser's for a signed-out visitor, and a patient's own wins over the organization's", async () => {
    const { portal, page } = harness;
    await setOrganizationDefault('es');
    try {
      await browserAsksFor(page, 'en-US,en;q=0.9');
      await page.goto(`${portal.url}/`);
      await expect(htmlLang(page)).resolves.toBe('es');
      await page.getByRole('heading', { name: 'Su portal' }).waitFor();
      await page.getByRole('link', { name: 'Crear una cuenta' }).waitFor();
      // The legal pages stay in English, marked so, with a note in the visitor's language.
      await page.goto(`${portal.url}/privacy-policy`);
      await page.getByText('Esta página solo está disponible en inglés.').waitFor();
      await expect(page.locator('article').getAttribute('lang')).resolves.toBe('en');
      await page.getByRole('heading', { name: 'Privacy Policy', level: 1 }).waitFor();
      await page.getByRole('link', { name: 'Volver al portal' }).waitFor();

      // A patient who chose English reads English on this Spanish-speaking clinic's portal.
      const own = await admin.api.endusers.createOne({ fname: 'Eve', lname: 'Stone', email: uniqueEmail('eve'), language: { displayName: 'English', iso6391: 'en' } });
      await signInAs(harness, admin, own.id, '/home');
      await expect(htmlLang(page)).resolves.toBe('en');
      await page.getByRole('heading', { name: 'Welcome, Eve!' }).waitFor();
      await page.getByRole('navigation').first().getByRole('link', { name: 'Settings' }).waitFor();

      // One who chose nothing reads the clinic's language, whatever the browser asks for.
      await page.goto(`${portal.url}/logout`);
      const none = await admin.api.endusers.createOne({ fname: 'Leo', lname: 'Marte', email: uniqueEmail('leo') });
      await signInAs(harness, admin, none.id, '/home');
      await expect(htmlLang(page)).resolves.toBe('es');
      await page.getByRole('heading', { name: '¡Bienvenido, Leo!' }).waitFor();
    } finally {
      await setOrganizationDefault(null);
    }
  });
});
