/** The answer of GET /result-for-analytics-query (docs/contract/api.md#forums-and-analytics). */
export type AnalyticsAnswer = { count: number } | { values: { timestamp?: string; key?: string; userId?: string; value: number }[] };

/** One bar: its label (bucket, group, or both) and its count. */
export interface ChartPoint {
  label: string;
  value: number;
}

const DAY_MS = 86_400_000;

/** A bucket's label in UTC, as the API buckets: the day for Daily and Weekly (the week's Monday), the month for Monthly. */
export const bucketLabel = (timestamp: string, interval?: string) => {
  const iso = new Date(timestamp).toISOString();
  return interval === 'Monthly' ? iso.slice(0, 7) : iso.slice(0, 10);
};

/** The next bucket's start after `time` (UTC). */
const nextBucket = (time: Date, interval?: string) => {
  if (interval === 'Monthly') return new Date(Date.UTC(time.getUTCFullYear(), time.getUTCMonth() + 1, 1));
  return new Date(time.getTime() + (interval === 'Weekly' ? 7 : 1) * DAY_MS);
};

/** At most this many empty buckets are filled between the first and the last (a long Daily range stays readable). */
const MAX_BUCKETS = 120;

/**
 * The bars of a chart. The API leaves empty buckets out; a time series without grouping gets them
 * back as zeros between its first and last bucket, so the gaps show. With a grouping, each bucket
 * and group is its own bar, labelled 'bucket · group' (a user id as the user's name when `names` has it,
 * else 'A staff member': ids never reach the screen).
 */
export const chartPoints = (answer: AnalyticsAnswer, interval?: string, names: Record<string, string> = {}): ChartPoint[] => {
  if ('count' in answer) return [{ label: 'Total', value: answer.count }];
  const grouped = answer.values.some((value) => value.key !== undefined);
  const timed = answer.values.some((value) => value.timestamp !== undefined);
  if (timed && !grouped && answer.values.length > 1) {
    const counts = new Map(answer.values.map((value) => [bucketLabel(value.timestamp!, interval), value.value]));
    const last = new Date(answer.values[answer.values.length - 1].timestamp!);
    const points: ChartPoint[] = [];
    for (let time = new Date(answer.values[0].timestamp!); time <= last && points.length < MAX_BUCKETS; time = nextBucket(time, interval)) {
      const label = bucketLabel(time.toISOString(), interval);
      points.push({ label, value: counts.get(label) ?? 0 });
    }
    return points;
  }
  return answer.values.map((value) => ({
    label: [value.timestamp ? bucketLabel(value.timestamp, interval) : undefined, value.key === undefined ? undefined : (names[value.key] ?? (/^[0-9a-f]{24}$/.test(value.key) ? 'A staff member' : value.key))].filter((part) => part !== undefined).join(' · '),
    value: value.value,
  }));
};
