import Box from '@mui/joy/Box';
import Table from '@mui/joy/Table';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import type { ChartPoint } from './chart-points';

/** Height of one bar's row: its label line and the bar under it. */
const ROW = 40;
const LABEL_HEIGHT = 20;

/** The sentence a screen reader hears for the chart (the table below carries every number too). */
export const chartSummary = (title: string, points: ChartPoint[]) => {
  const total = points.reduce((sum, point) => sum + point.value, 0);
  if (points.length === 1) return `${title}: ${points[0].label} ${points[0].value}`;
  const top = [...points].sort((a, b) => b.value - a.value)[0];
  return `${title}: bar chart of ${points.length} bars, ${total} in all, highest ${top?.label} with ${top?.value}`;
};

/**
 * A horizontal bar chart in server-rendered SVG, laid out with visx (its band and linear scales and
 * bar shapes): one row per point with its label and count on one line and the bar below. Across, the
 * scale runs in percentages of the chart's width, so text keeps its size from 390 px to desktop
 * without measuring the page. The SVG is one image (role=img) with a summary; the table after it
 * gives every number.
 */
export function AnalyticsChart({ title, points }: { title: string; points: ChartPoint[] }) {
  const rows = scaleBand<number>({ domain: points.map((_, index) => index), range: [0, points.length * ROW] });
  const across = scaleLinear<number>({ domain: [0, Math.max(1, ...points.map((point) => point.value))], range: [0, 100] });
  const barHeight = ROW - LABEL_HEIGHT - 8;
  return (
    <Box>
      <Box
        component="svg"
        role="img"
        aria-label={chartSummary(title, points)}
        width="100%"
        height={points.length * ROW}
        sx={{ display: 'block', fontFamily: 'inherit', fontSize: 13, fill: 'var(--joy-palette-text-primary)' }}
      >
        {points.map((point, index) => (
          <Group key={`${point.label}-${index}`} top={rows(index) ?? 0}>
            <text x="0" y="14">
              {point.label}
            </text>
            <text x="100%" y="14" textAnchor="end" fontWeight={600}>
              {point.value}
            </text>
            <Bar x={0} y={LABEL_HEIGHT} width="100%" height={barHeight} rx={3} fill="var(--joy-palette-neutral-softBg)" />
            <Bar x={0} y={LABEL_HEIGHT} width={`${across(point.value)}%`} height={barHeight} rx={3} fill="var(--joy-palette-primary-solidBg)" />
          </Group>
        ))}
      </Box>
      <Table size="sm" aria-label={`Counts of ${title}`} sx={{ mt: 1, '& th:last-child, & td:last-child': { textAlign: 'right', width: 90 } }}>
        <thead>
          <tr>
            <th>Label</th>
            <th>Count</th>
          </tr>
        </thead>
        <tbody>
          {points.map((point, index) => (
            <tr key={`${point.label}-${index}`}>
              <td>{point.label}</td>
              <td>{point.value}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </Box>
  );
}
