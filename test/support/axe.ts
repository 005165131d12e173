import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

/** Evaluated, not added as a <script>: the portal's CSP (rightly) refuses inline scripts without its nonce. */
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

type Violation = { id: string; impact?: string | null; help: string; nodes: { target: unknown[] }[] };

/** Runs axe-core on the page as it is now; answers the serious and critical violations, described. */
export const seriousAccessibilityViolations = async (page: Page) => {
  await page.evaluate(AXE_SOURCE);
  const violations = (await page.evaluate('window.axe.run(document, { resultTypes: ["violations"] }).then((r) => r.violations)')) as Violation[];
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.impact} ${violation.id}: ${violation.help} (${violation.nodes.map((node) => JSON.stringify(node.target)).join(', ')})`);
};
