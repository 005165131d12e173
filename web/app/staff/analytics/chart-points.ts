import { instantOf, localTime } from '@carelane/automation';
import { formatIn } from '../../time/format';

/** The answer of GET /result-for-analytics-query (docs/contract/api.md#forums-and-analytics). */
export type AnalyticsAnswer = { count: number } | { values: { timestamp?: string; key?: string; userId?: string; value: number }[] };

/** One bar: its label (bucket, group, or both) and its count. */
export interface ChartPoint {
  label: string;
  value: number;
}

/** A bucket's start as a wall-clock date on `timeZone` (the clock the api bucketed on). */
const localDate = (timestamp: string, timeZone: string) => {
  const { year, month, day } = localTime(new Date(timestamp).getTime(), timeZone);
  return { year, month, day };
};

/** A bucket in words on the viewer's clock: 'Mar 4, 2024', 'Week of Mar 4, 2024' (its Monday), 'Mar 2024'. */
export const bucketLabel = (timestamp: string, interval: string | undefined, timeZone = 'UTC') => {
  const { year, month, day } = localDate(timestamp, timeZone);
  // The date as a calendar day: formatted at noon UTC so no clock moves it to another day.
  const noon = Date.UTC(year, month - 1, day, 12);
  if (interval === 'Monthly') return new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(noon);
  const date = formatIn(noon, 'UTC', 'date');
  return interval === 'Weekly' ? `Week of ${date}` : date;
};

/** The next bucket's start after `timestamp`: the next local midnight a day, a week or a calendar month on. */
const nextBucket = (timestamp: string, interval: string | undefined, timeZone: string) => {
  const { year, month, day } = localDate(timestamp, timeZone);
  const next = interval === 'Monthly' ? new Date(Date.UTC(year, month, 1)) : new Date(Date.UTC(year, month - 1, day + (interval === 'Weekly' ? 7 : 1)));
  return new Date(instantOf({ year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate(), hour: 0, minute: 0 }, timeZone)).toISOString();
};

/** At most this many empty buckets are filled between the first and the last (a long Daily range stays readable). */
const MAX_BUCKETS = 120;

/**
 * The bars of a chart. The API leaves empty buckets out; a time series without grouping gets them
 * back as zeros between its first and last bucket, so the gaps show. With a grouping, each bucket
 * and group is its own bar, labelled 'bucket · group' (a user id as the user's name when `names` has it,
 * else 'A staff member': ids never reach the screen).
 */
export const chartPoints = (answer: AnalyticsAnswer, interval?: string, names: Record<string, string> = {}, timeZone = 'UTC'): ChartPoint[] => {
  if ('count' in answer) return [{ label: 'Total', value: answer.count }];
  const grouped = answer.values.some((value) => value.key !== undefined);
  const timed = answer.values.some((value) => value.timestamp !== undefined);
  if (timed && !grouped && answer.values.length > 1) {
    const counts = new Map(answer.values.map((value) => [bucketLabel(value.timestamp!, interval, timeZone), value.value]));
    const last = new Date(answer.values[answer.values.length - 1].timestamp!).getTime();
    const points: ChartPoint[] = [];
    for (let time = answer.values[0].timestamp!; new Date(time).getTime() <= last && points.length < MAX_BUCKETS; time = nextBucket(time, interval, timeZone)) {
      const label = bucketLabel(time, interval, timeZone);
      points.push({ label, value: counts.get(label) ?? 0 });
    }
    return points;
  }
  return answer.values.map((value) => ({
    label: [value.timestamp ? bucketLabel(value.timestamp, interval, timeZone) : undefined, value.key === undefined ? undefined : (names[value.key] ?? (/^[0-9a-f]{24}$/.test(value.key) ? 'A staff member' : value.key))].filter((part) => part !== undefined).join(' · '),
    value: value.value,
  }));
};
