import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { Session } from '@tellescope/sdk';
import type { PortalHarness } from './portal-harness';

/** Where browser suites leave their screenshots for a person to look at (not committed). */
export const SCREENSHOT_DIR = process.env.PORTAL_SCREENSHOTS ?? '/tmp/carelane-portal-screenshots';

/** A full-page screenshot named after the screen and the viewport width. */
export const screenshot = async (page: Page, name: string) => {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}-${width}.png`), fullPage: true });
};

/** Signs the page in as an enduser created through the api (a token link), landing on `path`. */
export const signInAs = async (harness: PortalHarness, admin: Session, enduserId: string, path: string) => {
  const { authToken } = await admin.api.endusers.generate_auth_token({ id: enduserId });
  const separator = path.includes('?') ? '&' : '?';
  await harness.page.goto(`${harness.portal.url}${path}${separator}token=${encodeURIComponent(authToken)}`);
  if (new URL(harness.page.url()).pathname !== path.split('?')[0]) throw new Error(`Signing in landed on ${harness.page.url()}, not ${path}`);
};

/** Signs in as an enduser and returns the enduser's own api session (to check what they may see). */
export const enduserToken = async (admin: Session, enduserId: string) => (await admin.api.endusers.generate_auth_token({ id: enduserId })).authToken;

/**
 * Opens `url` with the page's scripts held back: the page as a patient on a slow phone or network
 * has it between its markup arriving and its hydration. The answer lets the scripts load and
 * resolves once the page is hydrated (web/app/root.tsx marks <html>).
 */
export const openWithScriptsHeld = async (page: Page, url: string) => {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/*.js', async (route) => {
    await released;
    await route.continue();
  });
  // Only to the response: the load event waits for the scripts.
  await page.goto(url, { waitUntil: 'commit' });
  return async () => {
    release();
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
  };
};
