import { startAutomations, type Automations } from '../automations/support';
import { EXPECTED_TO_PASS, SPEC_DIFFERS, inScopeItems } from './functions';
import { formatTable, passedInFull, runReferenceFunctions, type ReferenceResult } from './runner';

/**
 * The reference client's own test suite, unmodified, against a fresh Carelane (issue 12).
 *
 * Under `npm test` it runs the functions listed in EXPECTED_TO_PASS and asserts each still passes in
 * full. `npm run test:reference` (REFERENCE_ALL=1) runs every in-scope function, prints the table and
 * fails unless each passes in full or is one of the recorded differences from our spec (SPEC_DIFFERS). REFERENCE_ONLY=a,b runs just those (while working on them).
 */
const all = process.env.REFERENCE_ALL === '1';
const only = process.env.REFERENCE_ONLY?.split(',').map((name) => name.trim()).filter(Boolean);
const items = inScopeItems().filter((item) => (only ? only.includes(item.name) : all || EXPECTED_TO_PASS.includes(item.name)));
// Generous: setup_tests hashes a dozen passwords, which took over 90 s on a 2-core machine at load 30.
const timeoutMs = Number(process.env.REFERENCE_TIMEOUT_MS ?? 240_000);

describe('reference client test suite', () => {
  let automations: Automations;
  let results: ReferenceResult[] = [];
  beforeAll(async () => {
    automations = await startAutomations();
  });
  afterAll(async () => {
    await automations?.stop();
  });

  (items.length ? test : test.skip)(
    all || only ? 'the in-scope functions pass in full' : 'the functions that passed keep passing',
    async () => {
      results = await runReferenceFunctions(automations.api, items, {
        timeoutMs,
        concurrency: Number(process.env.REFERENCE_CONCURRENCY ?? 2),
        // Progress while it runs (the table comes at the end).
        onResult: (result) => process.stderr.write(`reference: ${result.name} ${result.passed} passed, ${result.failed} failed, ${(result.ms / 1000).toFixed(1)} s${result.error ? ` (${result.error.slice(0, 80)})` : ''}\n`),
      });
      process.stdout.write(`\n${formatTable(results)}\n`);
      // Under `npm run test:reference`, a function that differs from our spec as recorded is reported apart, not failed.
      const differs = all ? results.filter((result) => !passedInFull(result) && result.name in SPEC_DIFFERS) : [];
      if (differs.length) {
        process.stdout.write(`\n${differs.length} in-scope functions fail where our spec says otherwise (docs/decisions.md, Issue 12):\n`);
        for (const result of differs) process.stdout.write(`  ${result.name}: ${SPEC_DIFFERS[result.name]}\n`);
      }
      const failing = results.filter((result) => !passedInFull(result) && !differs.includes(result));
      if (process.env.REFERENCE_VERBOSE === '1' || all || only) {
        for (const result of failing) process.stdout.write(`\n${result.name}: ${result.error ?? ''}\n  ${result.failures.join('\n  ')}\n`);
      }
      expect(failing.map((result) => ({ name: result.name, error: result.error, failures: result.failures }))).toEqual([]);
    },
    items.length * timeoutMs + 60_000,
  );
});
