import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Runs axe-core on the page and answers the serious and critical violations as readable lines
 * (rule id, impact, the first offending elements), so a failing test says what to fix.
 */
export const seriousAccessibilityViolations = async (page: Page) => {
  // Evaluated, not added as a <script>: the portal's CSP refuses inline scripts without its nonce.
  await page.evaluate(AXE_SOURCE);
  const violations = (await page.evaluate('axe.run(document, { resultTypes: ["violations"] }).then((result) => result.violations)')) as {
    id: string;
    impact: string | null;
    nodes: { target: unknown[] }[];
  }[];
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.slice(0, 3).map((node) => JSON.stringify(node.target)).join(', ')}`);
};
