import { chartPoints } from '../../web/app/staff/analytics/chart-points';

/** Issue 18: the bars the console draws from an analytics answer (pure; literal instants, read on UTC's clock unless a zone is given). */
describe('analytics chart points', () => {
  test('a Total without range or grouping is one bar', () => {
    expect(chartPoints({ count: 7 })).toEqual([{ label: 'Total', value: 7 }]);
  });

  test('a Weekly series gets its empty weeks back as zeros, labelled by their Monday', () => {
    const answer = { values: [{ timestamp: '2024-01-01T00:00:00.000Z', value: 2 }, { timestamp: '2024-01-22T00:00:00.000Z', value: 1 }] };
    expect(chartPoints(answer, 'Weekly')).toEqual([
      { label: 'Week of Jan 1, 2024', value: 2 },
      { label: 'Week of Jan 8, 2024', value: 0 },
      { label: 'Week of Jan 15, 2024', value: 0 },
      { label: 'Week of Jan 22, 2024', value: 1 },
    ]);
  });

  test('a Monthly series steps by calendar month across a year end', () => {
    const answer = { values: [{ timestamp: '2023-11-01T00:00:00.000Z', value: 3 }, { timestamp: '2024-02-01T00:00:00.000Z', value: 4 }] };
    expect(chartPoints(answer, 'Monthly').map((point) => point.label)).toEqual(['Nov 2023', 'Dec 2023', 'Jan 2024', 'Feb 2024']);
  });

  test("buckets read on the viewer's clock, the empty ones filled from local midnight to local midnight across a clock change", () => {
    // Los Angeles days around the spring change (Mar 10, 2024): midnights at 08:00 UTC, then 07:00.
    const answer = { values: [{ timestamp: '2024-03-09T08:00:00.000Z', value: 1 }, { timestamp: '2024-03-12T07:00:00.000Z', value: 2 }] };
    expect(chartPoints(answer, 'Daily', {}, 'America/Los_Angeles')).toEqual([
      { label: 'Mar 9, 2024', value: 1 },
      { label: 'Mar 10, 2024', value: 0 },
      { label: 'Mar 11, 2024', value: 0 },
      { label: 'Mar 12, 2024', value: 2 },
    ]);
    const months = { values: [{ timestamp: '2024-01-01T08:00:00.000Z', value: 1 }, { timestamp: '2024-03-01T08:00:00.000Z', value: 1 }] };
    expect(chartPoints(months, 'Monthly', {}, 'America/Los_Angeles').map((point) => point.label)).toEqual(['Jan 2024', 'Feb 2024', 'Mar 2024']);
  });

  test('grouped values are one bar per bucket and group, assignee ids shown as names', () => {
    const answer = {
      values: [
        { timestamp: '2024-03-04T00:00:00.000Z', key: 'u1', userId: 'u1', value: 2 },
        { timestamp: '2024-03-04T00:00:00.000Z', key: 'None', value: 1 },
      ],
    };
    expect(chartPoints(answer, 'Daily', { u1: 'Dana Doc' })).toEqual([
      { label: 'Mar 4, 2024 · Dana Doc', value: 2 },
      { label: 'Mar 4, 2024 · None', value: 1 },
    ]);
  });
});
