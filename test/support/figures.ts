import { appendFileSync } from 'node:fs';

/**
 * A proof suite's figure line (`fuzz: 503 operations x 4 callers, ...`): printed, and under
 * `npm run proof` also appended to the run's figures file, which prints them together at the end
 * and fails a suite that never reported.
 */
export const reportFigure = (line: string) => {
  process.stdout.write(`\n${line}\n`);
  if (process.env.PROOF_FIGURES) appendFileSync(process.env.PROOF_FIGURES, `${line}\n`);
};
