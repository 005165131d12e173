import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { startApi, type RunningApi } from './api-server';
import { startPortal, type RunningPortal } from './portal-server';
import { createTenant, type Tenant } from './tenant';

const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-background-networking', '--disable-gpu'];

export interface PortalHarness {
  api: RunningApi;
  tenant: Tenant;
  portal: RunningPortal;
  page: Page;
}

/**
 * Registers the hooks every browser suite needs: the real api with a fresh tenant, the built portal
 * showing that tenant, headless Chromium, a fresh page per test, and a failure for any console
 * error the test caused. Read the returned object's fields inside tests (they are set by the hooks).
 */
export const usePortalHarness = (): PortalHarness => {
  const harness = {} as PortalHarness;
  let browser: Browser;
  let context: BrowserContext;
  let consoleErrors: string[] = [];

  beforeAll(async () => {
    if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: the browser tests need Chromium (apt-get install chromium)`);
    harness.api = await startApi();
    harness.tenant = await createTenant(harness.api.dataSource);
    harness.portal = await startPortal({ apiUrl: harness.api.host, defaultSubdomain: harness.tenant.subdomain });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  });

  afterAll(async () => {
    await browser?.close();
    await harness.portal?.stop();
    await harness.api?.stop();
  });

  beforeEach(async () => {
    consoleErrors = [];
    context = await browser.newContext();
    harness.page = await context.newPage();
    harness.page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    harness.page.on('pageerror', (error) => consoleErrors.push(error.message));
  });

  afterEach(async () => {
    await context?.close();
    // Any console error fails the test that caused it.
    expect(consoleErrors).toEqual([]);
  });

  return harness;
};
