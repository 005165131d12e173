import type { Browser, BrowserContext, Page } from 'playwright-core';
import { randomBytes } from 'node:crypto';
import { startApi, type RunningApi } from './api-server';
import { launchChromium } from './chromium';
import { startJourneyWorker } from './journey-worker';
import { startPortal, type RunningPortal } from './portal-server';
import { startSmtpServer, type SmtpCapture } from './smtp-server';
import { createTenant, type Tenant } from './tenant';

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
 * `portalEnv` adds environment for the portal, read when it starts (after the suite's earlier hooks,
 * so a local server started in one can be named).
 *
 * `mail: true` also starts a real SMTP server for the api's mail and makes the tenant's portal
 * address this portal, so the links in mailed messages open it.
 */
export const usePortalHarness = (
  options: {
    mail?: boolean;
    fakeMedia?: boolean;
    portalEnv?: () => Record<string, string>;
    apiEnv?: Record<string, string>;
    /** A task queue of the suite's own with an in-process journey worker. */
    automations?: boolean;
    /** Console errors a suite expects and does not count as failures (e.g. a third-party SDK that cannot reach its servers here). */
    expectedConsoleError?: (text: string) => boolean;
    /** The browser's time zone (Playwright's timezoneId), e.g. 'America/Los_Angeles'; else the machine's (UTC under npm test). */
    timezoneId?: string;
  } = {},
): PortalHarness => {
  // A browser test that fails is run once more, its first failure printed (docs/decisions.md
  // "Browser tests run twice before they fail"): on a loaded two-core CI machine a page can miss a
  // wait that it makes on an idle one, and one such miss should not hide the rest of the run.
  jest.retryTimes(1, { logErrorsBeforeRetry: true });
  const harness = {} as PortalHarness;
  let browser: Browser;
  let context: BrowserContext;
  let consoleErrors: string[] = [];
  let serverErrors: string[] = [];
  let stopWorker: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    if (options.mail) harness.smtp = await startSmtpServer();
    // apiEnv: more api configuration (SESSION_SECONDS ...).
    // automations: a task queue of the suite's own, so only its in-process worker runs its journeys.
    const taskQueue = options.automations ? `portal-${randomBytes(4).toString('hex')}` : undefined;
    harness.api = await startApi({ taskQueue, env: { ...options.apiEnv, ...(options.mail ? { SMTP_URL: harness.smtp.url } : {}) } });
    if (taskQueue) stopWorker = await startJourneyWorker(harness.smtp, taskQueue);
    harness.tenant = await createTenant(harness.api.dataSource);
    harness.portal = await startPortal({ apiUrl: harness.api.host, defaultSubdomain: harness.tenant.subdomain, env: options.portalEnv?.() });
    if (options.mail) {
      await harness.api.dataSource.getRepository('organizations').update({ _id: harness.tenant.businessId }, { customPortalURL: harness.portal.url });
    }
    // fakeMedia: a fake camera and microphone, allowed without a prompt (the video call suites).
    browser = await launchChromium(options.fakeMedia ? ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'] : []);
  });

  afterAll(async () => {
    await stopWorker?.();
    await browser?.close();
    await harness.portal?.stop();
    await harness.api?.stop();
    await harness.smtp?.stop();
  });

  beforeEach(async () => {
    consoleErrors = [];
    serverErrors = [];
    context = await browser.newContext(options.timezoneId ? { timezoneId: options.timezoneId } : {});
    harness.page = await context.newPage();
    harness.page.on('console', (message) => {
      if (message.type() === 'error' && !options.expectedConsoleError?.(message.text())) consoleErrors.push(message.text());
    });
    // A 5xx from the portal or staff app: its server's log is printed after the test (the browser
    // only sees the error page), so a failure seen once on a loaded machine can be read afterwards.
    harness.page.on('response', (response) => {
      if (response.status() >= 500 && response.url().startsWith(harness.portal.url)) serverErrors.push(`${response.status()} ${response.request().method()} ${response.url()}`);
    });
    harness.page.on('pageerror', (error) => {
      if (!options.expectedConsoleError?.(error.message)) consoleErrors.push(error.message);
    });
  });

  afterEach(async () => {
    await context?.close();
    if (serverErrors.length) console.warn(`The web server answered ${serverErrors.join(', ')}; its log ends:\n${harness.portal.output().slice(-8_000)}`);
    // Any console error fails the test that caused it.
    expect(consoleErrors).toEqual([]);
  });

  return harness;
};
