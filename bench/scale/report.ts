/** One figure of the curve: its value at each step measured, judged against the goal. */
export interface Figure {
  key: string;
  label: string;
  goal: string;
  values: { step: number; value: number; unit: 'ms' | 's' | 'x'; met: boolean; note: string; cpu: number }[];
}

const short = (step: number) => (step >= 1_000_000 ? `${step / 1_000_000}M` : step >= 1000 ? `${step / 1000}k` : String(step));
const shown = (value: number, unit: string) => `${value.toFixed(unit === 'ms' ? 1 : 2)} ${unit}`;

/**
 * The cost curve: one line per figure with its value at every step, how it grew from the first step
 * to the last (an index-served read grows no faster than the logarithm of the data: from 10k to 1M
 * rows, log2 grows 1.5x), and the goal with `met` or `NOT met`, judged at the largest step.
 */
export const printCurve = (figures: Figure[], context: { steps: number[]; runs: number; seconds: number; load: number[]; postgres: string; temporal: string }) => {
  console.log(
    `\nbench/scale: ${context.steps.map(short).join(' → ')} patients, ${context.runs} sequential requests per read figure after 5 warm-up, api as its own process (NODE_ENV=production); PostgreSQL ${context.postgres}, Temporal ${context.temporal}; whole run ${(context.seconds / 60).toFixed(1)} min; load average ${context.load.map((n) => n.toFixed(1)).join(' ')}`,
  );
  const width = Math.max(...figures.map((figure) => figure.label.length));
  console.log(`${'figure'.padEnd(width)}  ${context.steps.map((step) => short(step).padStart(11)).join('')}   growth   goal`);
  for (const figure of figures) {
    const cells = context.steps.map((step) => {
      const value = figure.values.find((entry) => entry.step === step);
      return (value ? shown(value.value, value.unit) : '—').padStart(11);
    });
    const first = figure.values[0]!;
    const last = figure.values[figure.values.length - 1]!;
    const growth = figure.values.length > 1 ? `${(last.value / first.value).toFixed(1)}x`.padStart(6) : '     —';
    console.log(`${figure.label.padEnd(width)}  ${cells.join('')}   ${growth}   ${figure.goal} at ${short(last.step)}: ${last.met ? 'met' : 'NOT met'}`);
    if (figure.values.some((entry) => Number.isFinite(entry.cpu))) {
      const cpu = context.steps.map((step) => {
        const value = figure.values.find((entry) => entry.step === step);
        return (value && Number.isFinite(value.cpu) ? `${value.cpu.toFixed(1)} ms` : '—').padStart(11);
      });
      console.log(`${'  server CPU per screen (api + PostgreSQL)'.padEnd(width)}  ${cpu.join('')}`);
    }
    if (last.note) console.log(`${''.padEnd(width)}    ${short(last.step)}: ${last.note}`);
  }
};
