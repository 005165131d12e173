import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/** The Debian package's Chromium: Playwright downloads no browser here (.ci/run installs it). */
const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-background-networking', '--disable-gpu'];

/** Headless Chromium for the browser tests and proofs, or an error that says what to install. */
export const launchChromium = (extraArgs: string[] = []): Promise<Browser> => {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: the browser tests and proofs need Chromium (apt-get install chromium)`);
  return chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS, ...extraArgs] });
};
