import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { startApi, type RunningApi } from './api-server';
import { startPortal, type RunningPortal } from './portal-server';
import { startSmtpServer, type SmtpCapture } from './smtp-server';
import { createTenant, type Tenant } from './tenant';

const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-background-networking', '--disable-gpu'];

export interface PortalHarness {
  api: RunningApi;
  tenant: Tenant;
  portal: RunningPortal;
  page: Page;
  /** With `{ mail: true }`: the SMTP server the api sends its mail to. */
  smtp: SmtpCapture;
}

/**
 * Registers the hooks every browser suite needs: the real api with a fresh tenant, the built portal
 * showing that tenant, headless Chromium, a fresh page per test, and a failure for any console
 * error the test caused. Read the returned object's fields inside tests (they are set by the hooks).
 *
 * `mail: true` also starts a real SMTP server for the api's mail and makes the tenant's portal
 * address this portal, so the links in mailed messages open it.
 */
export const usePortalHarness = (options: { mail?: boolean; fakeMedia?: boolean } = {}): PortalHarness => {
  const harness = {} as PortalHarness;
  let browser: Browser;
  let context: BrowserContext;
  let consoleErrors: string[] = [];

  beforeAll(async () => {
    if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: the browser tests need Chromium (apt-get install chromium)`);
    if (options.mail) harness.smtp = await startSmtpServer();
    harness.api = await startApi(options.mail ? { env: { SMTP_URL: harness.smtp.url } } : {});
    harness.tenant = await createTenant(harness.api.dataSource);
    harness.portal = await startPortal({ apiUrl: harness.api.host, defaultSubdomain: harness.tenant.subdomain });
    if (options.mail) {
      await harness.api.dataSource.getRepository('organizations').update({ _id: harness.tenant.businessId }, { customPortalURL: harness.portal.url });
    }
    // fakeMedia: a fake camera and microphone, allowed without a prompt (the video call suites).
    const args = options.fakeMedia ? [...CHROMIUM_ARGS, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'] : CHROMIUM_ARGS;
    browser = await chromium.launch({ executablePath: CHROMIUM, args });
  });

  afterAll(async () => {
    await browser?.close();
    await harness.portal?.stop();
    await harness.api?.stop();
    await harness.smtp?.stop();
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
