import type { Page } from 'playwright-core';

const AXE_SCRIPT = require.resolve('axe-core/axe.min.js');

type Violation = { id: string; impact?: string | null; help: string; nodes: { target: unknown[] }[] };

/** Runs axe-core on the page as it is now; answers the serious and critical violations, described. */
export const seriousAccessibilityViolations = async (page: Page) => {
  await page.addScriptTag({ path: AXE_SCRIPT });
  const violations = (await page.evaluate('window.axe.run(document, { resultTypes: ["violations"] }).then((r) => r.violations)')) as Violation[];
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.impact} ${violation.id}: ${violation.help} (${violation.nodes.map((node) => JSON.stringify(node.target)).join(', ')})`);
};
