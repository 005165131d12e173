import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import type { Session } from '@tellescope/sdk';
import { usePortalHarness } from '../support/portal-harness';
import { adminSession } from '../support/tenant';
import { screenshot, signInAs } from '../support/portal-pages';

const DESKTOP = { width: 1280, height: 900 };
const MOBILE = { width: 390, height: 844 };

/** docs/contract/portal.md#routing-rules and #shell: the signed-in shell, its navigation and its rules. */
describe('portal: the signed-in shell and navigation', () => {
  const harness = usePortalHarness();
  let admin: Session;

  beforeAll(async () => {
    admin = await adminSession(harness.api.host, harness.tenant);
  });

  const patient = (fname: string) =>
    admin.api.endusers.createOne({ fname, lname: 'Patient', email: `${fname.toLowerCase()}-${randomBytes(4).toString('hex')}@example.com` });
  const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Main' });
  /** The sidebar's width once its open/close transition has finished (read mid-animation, it lied under load). */
  const sidebarWidth = async (page: Page) => {
    type Animated = { getAnimations(options: { subtree: boolean }): { finished: Promise<unknown> }[] };
    await sidebar(page).evaluate((element) => Promise.all((element as unknown as Animated).getAnimations({ subtree: true }).map((animation) => animation.finished)));
    return (await sidebar(page).boundingBox())?.width;
  };
  const sidebarTitles = async (page: Page) =>
    (await sidebar(page).getByRole('link').all()).length ? Promise.all((await sidebar(page).getByRole('link').all()).map(async (link) => (await link.getAttribute('aria-label')) ?? (await link.innerText()).trim())) : [];

  it('at 1280 px: a 300 px sidebar with the default pages, collapsible to 57 px, remembered across pages', async () => {
    const { page, portal } = harness;
    await page.setViewportSize(DESKTOP);
    const enduser = await patient('Sidney');
    await signInAs(harness, admin, enduser.id, '/home');
    expect(await sidebarTitles(page)).toEqual(['Home', 'Communications', 'Documents', 'Education', 'My Events', 'Settings', 'Log Out']);
    expect(await sidebarWidth(page)).toBe(300);
    await expect(page.getByRole('navigation', { name: 'Bottom navigation' }).isVisible()).resolves.toBe(false);
    await screenshot(page, 'shell-desktop-open');

    await sidebar(page).getByRole('button', { name: 'Collapse navigation' }).click();
    await sidebar(page).getByRole('button', { name: 'Expand navigation' }).waitFor();
    expect(await sidebarWidth(page)).toBe(57);
    // Collapsed, each entry keeps its title as its name.
    expect(await sidebarTitles(page)).toEqual(['Home', 'Communications', 'Documents', 'Education', 'My Events', 'Settings', 'Log Out']);
    await screenshot(page, 'shell-desktop-collapsed');
    await page.goto(`${portal.url}/settings`);
    expect(await sidebarWidth(page)).toBe(57);
    await sidebar(page).getByRole('button', { name: 'Expand navigation' }).click();
    await sidebar(page).getByRole('button', { name: 'Collapse navigation' }).waitFor();
    expect(await sidebarWidth(page)).toBe(300);

    // The entries lead to their pages; the current one is marked.
    await sidebar(page).getByRole('link', { name: 'Home' }).click();
    await page.waitForURL(`${portal.url}/home`);
    // The mark follows the client-side navigation's render, which can trail the address bar.
    await sidebar(page).getByRole('link', { name: 'Home' }).and(page.locator('[aria-current="page"]')).waitFor();
  });

  it('the toggle works before scripts load (a plain form post)', async () => {
    const { page } = harness;
    const enduser = await patient('Noscript');
    await signInAs(harness, admin, enduser.id, '/home');
    const context = await page.context().browser()!.newContext({ javaScriptEnabled: false, viewport: DESKTOP });
    await context.addCookies(await page.context().cookies());
    const plain = await context.newPage();
    await plain.goto(`${harness.portal.url}/home`);
    await sidebar(plain).getByRole('button', { name: 'Collapse navigation' }).click();
    await plain.waitForURL(`${harness.portal.url}/home`);
    expect((await sidebar(plain).boundingBox())?.width).toBe(57);
    await context.close();
  });

  it('at 390 px: a top bar with a drawer (Settings, Log Out) and a 56 px bottom bar', async () => {
    const { page, portal } = harness;
    await page.setViewportSize(MOBILE);
    const enduser = await patient('Mona');
    await signInAs(harness, admin, enduser.id, '/home');
    await expect(sidebar(page).isVisible()).resolves.toBe(false);
    const bottom = page.getByRole('navigation', { name: 'Bottom navigation' });
    const box = await bottom.boundingBox();
    expect(box?.height).toBe(56);
    expect(box!.y + box!.height).toBe(MOBILE.height);
    expect(await bottom.getByRole('link').allInnerTexts()).toEqual(['Home', 'Communications', 'Documents', 'Education']);
    await screenshot(page, 'shell-mobile');

    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('navigation', { name: 'Menu' });
    await drawer.getByRole('link', { name: 'Settings' }).waitFor();
    await drawer.getByRole('link', { name: 'Log Out' }).waitFor();
    await screenshot(page, 'shell-mobile-drawer');
    await drawer.getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL(`${portal.url}/settings`);
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
  });

  it('at 390 px the menu (Settings, Log Out) works before scripts load: a link to a panel the address targets', async () => {
    const { page, portal } = harness;
    const enduser = await patient('Nomi');
    await signInAs(harness, admin, enduser.id, '/home');
    const context = await page.context().browser()!.newContext({ javaScriptEnabled: false, viewport: MOBILE });
    await context.addCookies(await page.context().cookies());
    const plain = await context.newPage();
    await plain.goto(`${portal.url}/home`);
    const menu = plain.getByRole('navigation', { name: 'Menu' });
    expect(await menu.isVisible()).toBe(false);
    await plain.getByRole('link', { name: 'Open menu' }).click();
    await menu.getByRole('link', { name: 'Log Out' }).waitFor();
    await screenshot(plain, 'shell-mobile-menu-without-scripts');
    await menu.getByRole('link', { name: 'Close menu' }).click();
    await menu.waitFor({ state: 'hidden' });
    await plain.getByRole('link', { name: 'Open menu' }).click();
    await menu.getByRole('link', { name: 'Settings' }).click();
    await plain.waitForURL(`${portal.url}/settings`);
    await plain.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    // Log Out from the menu ends the session without scripts too.
    await plain.getByRole('link', { name: 'Open menu' }).click();
    await menu.getByRole('link', { name: 'Log Out' }).click();
    await plain.waitForURL((url) => url.pathname !== '/settings');
    await plain.goto(`${portal.url}/home`);
    await plain.waitForURL((url) => url.pathname === '/login');
    await context.close();
  });

  it('at 390 px a menu opened by its link before the scripts took over stays open, as the drawer', async () => {
    const { page, portal } = harness;
    await page.setViewportSize(MOBILE);
    const enduser = await patient('Nell');
    await signInAs(harness, admin, enduser.id, '/home');
    // What a tap on the link does while the page is still loading. From another document: a goto from
    // /home itself would only move to the fragment, with no load and so no hydration to see it.
    await page.goto('about:blank');
    await page.goto(`${portal.url}/home#portal-menu`);
    const drawer = page.getByRole('dialog').getByRole('navigation', { name: 'Menu' });
    await drawer.getByRole('link', { name: 'Log Out' }).waitFor();
    await page.waitForURL(`${portal.url}/home`);
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    expect(await page.getByRole('navigation', { name: 'Menu' }).count()).toBe(0);
  });

  it('the live-call alert links to a live meeting started less than 2 hours ago and is dismissed per meeting', async () => {
    const { page, portal, api } = harness;
    await page.setViewportSize(DESKTOP);
    const enduser = await patient('Callie');
    const meetings = api.dataSource.getRepository('meetings');
    const live = { _id: randomBytes(12).toString('hex'), businessId: harness.tenant.businessId, status: 'live', attendees: [{ type: 'enduser', id: enduser.id }] };
    await meetings.insert(live);
    // An older live meeting does not count.
    const old = randomBytes(12).toString('hex');
    await meetings.insert({ ...live, _id: old });
    await api.dataSource.query('UPDATE meetings SET "createdAt" = $1 WHERE _id = $2', [new Date(Date.now() - 7_300_000), old]);
    await signInAs(harness, admin, enduser.id, '/home');
    const alert = page.getByRole('status').filter({ hasText: 'Join your upcoming call with a here link' });
    await alert.waitFor();
    expect(await alert.getByRole('link', { name: 'here' }).getAttribute('href')).toBe(`/video-call?meetingId=${live._id}`);
    await screenshot(page, 'shell-live-call');
    // The dismissal is saved in the background; wait for it before loading another page.
    await Promise.all([page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname.startsWith('/shell-preferences') && response.ok()), alert.getByRole('button', { name: 'Dismiss' }).click()]);
    await alert.waitFor({ state: 'detached' });
    expect((await page.context().cookies()).map((cookie) => cookie.name)).toContain('__carelane_shell');
    await page.goto(`${portal.url}/home`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const left = page.getByRole('link', { name: 'here' });
    expect(await left.count() ? await left.getAttribute('href') : null).toBe(null);
    await meetings.delete({ businessId: harness.tenant.businessId });
  });

  it('page settings retitle, hide and order pages; Care Plan, Book an Appointment and Community follow their rules', async () => {
    const { page, portal } = harness;
    await page.setViewportSize(DESKTOP);
    const enduser = await patient('Paige');
    await signInAs(harness, admin, enduser.id, '/home');
    expect(await sidebarTitles(page)).not.toContain('Care Plan');

    await admin.api.care_plans.createOne({ title: 'Recovery', enduserId: enduser.id });
    await admin.api.calendar_event_templates.createOne({ title: 'Consult', durationInMinutes: 30, enableSelfScheduling: true });
    const settings = [
      await admin.api.portal_customizations.createOne({ page: 'Documents', title: 'My Files', blocks: [], mobileBottomNavigationPosition: 0.5 }),
      await admin.api.portal_customizations.createOne({ page: 'Communications', blocks: [], disabled: true }),
      await admin.api.portal_customizations.createOne({ page: 'Community', blocks: [], mobileBottomNavigationPosition: 4 }),
      await admin.api.portal_customizations.createOne({ page: 'Home', title: 'Start', blocks: [] }),
    ];
    await page.goto(`${portal.url}/home`);
    expect(await sidebarTitles(page)).toEqual(['Start', 'My Files', 'Education', 'Community', 'My Events', 'Care Plan', 'Book an Appointment', 'Settings', 'Log Out']);
    // A disabled page's address leads home.
    await page.goto(`${portal.url}/communications`);
    expect(page.url()).toBe(`${portal.url}/home`);
    await screenshot(page, 'shell-desktop-settings');

    await page.setViewportSize(MOBILE);
    const bottom = page.getByRole('navigation', { name: 'Bottom navigation' });
    expect(await bottom.getByRole('link').allInnerTexts()).toEqual(['Start', 'My Files', 'Education', 'Community']);
    await screenshot(page, 'shell-mobile-settings');

    // Community disabled: gone, and its address leads home.
    await admin.api.portal_customizations.updateOne(settings[2].id, { disabled: true });
    await page.goto(`${portal.url}/community`);
    expect(page.url()).toBe(`${portal.url}/home`);
    // One page left in the bottom bar: no bottom bar.
    await admin.api.portal_customizations.updateOne(settings[0].id, { mobileBottomNavigationPosition: 1000 });
    for (const id of [settings[1].id]) await admin.api.portal_customizations.deleteOne(id);
    await admin.api.portal_customizations.createOne({ page: 'Education', blocks: [], mobileBottomNavigationPosition: 1000 });
    await admin.api.portal_customizations.createOne({ page: 'Communications', blocks: [], mobileBottomNavigationPosition: 1000 });
    // The loaders of one page load share answers for 100 ms (signed-in.server.ts): let that pass.
    await page.waitForTimeout(150);
    await page.goto(`${portal.url}/home`);
    await page.getByRole('button', { name: 'Open menu' }).waitFor();
    expect(await bottom.count()).toBe(0);
  });

  it('avatar upload on /settings: an image only, with its progress, then shown in the shell', async () => {
    const { page, portal } = harness;
    await page.setViewportSize(DESKTOP);
    const enduser = await patient('Ava');
    await signInAs(harness, admin, enduser.id, '/settings');
    const section = page.getByRole('region', { name: 'Avatar' });
    await section.getByLabel('Image').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
    await section.getByRole('button', { name: 'Upload avatar' }).click();
    await section.getByRole('alert').filter({ hasText: 'Please choose an image file (PNG, JPEG, GIF or WebP)' }).waitFor();
    expect((await admin.api.endusers.getOne(enduser.id)).avatar).toBeFalsy();

    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
    await section.getByLabel('Image').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    await section.getByRole('button', { name: 'Upload avatar' }).click();
    await section.getByRole('status').filter({ hasText: 'Your avatar has been updated' }).waitFor();
    const avatar = (await admin.api.endusers.getOne(enduser.id)).avatar;
    expect(avatar).toBeTruthy();
    // The shell shows the image, served by the portal.
    const image = sidebar(page).locator('img');
    await image.waitFor();
    // Attached is not loaded: wait for the image itself before reading its size.
    await image.evaluate((element) => {
      const img = element as unknown as { complete: boolean; addEventListener(type: string, listener: () => void): void };
      return img.complete ? undefined : new Promise<void>((resolve) => { img.addEventListener('load', resolve); img.addEventListener('error', resolve); });
    });
    expect(await image.evaluate((element) => (element as unknown as { naturalWidth: number }).naturalWidth)).toBe(1);
    const served = await page.request.get(`${portal.url}/settings/avatar`);
    expect(served.headers()['content-type']).toBe('image/png');
    expect(Buffer.from(await served.body())).toEqual(png);
    // The avatar file is not one of the enduser's documents.
    await page.goto(`${portal.url}/documents`);
    expect(await page.getByRole('link', { name: 'me.png' }).count()).toBe(0);
    await page.goto(`${portal.url}/settings`);
    await screenshot(page, 'settings-avatar');
    await page.setViewportSize(MOBILE);
    await screenshot(page, 'settings-avatar');
  });
});
