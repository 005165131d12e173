import { chartPoints } from '../../web/app/staff/analytics/chart-points';

/** Issue 18: the bars the console draws from an analytics answer (pure; literal UTC instants). */
describe('analytics chart points', () => {
  test('a Total without range or grouping is one bar', () => {
    expect(chartPoints({ count: 7 })).toEqual([{ label: 'Total', value: 7 }]);
  });

  test('a Weekly series gets its empty weeks back as zeros, labelled by their Monday', () => {
    const answer = { values: [{ timestamp: '2024-01-01T00:00:00.000Z', value: 2 }, { timestamp: '2024-01-22T00:00:00.000Z', value: 1 }] };
    expect(chartPoints(answer, 'Weekly')).toEqual([
      { label: '2024-01-01', value: 2 },
      { label: '2024-01-08', value: 0 },
      { label: '2024-01-15', value: 0 },
      { label: '2024-01-22', value: 1 },
    ]);
  });

  test('a Monthly series steps by calendar month across a year end', () => {
    const answer = { values: [{ timestamp: '2023-11-01T00:00:00.000Z', value: 3 }, { timestamp: '2024-02-01T00:00:00.000Z', value: 4 }] };
    expect(chartPoints(answer, 'Monthly').map((point) => point.label)).toEqual(['2023-11', '2023-12', '2024-01', '2024-02']);
  });

  test('grouped values are one bar per bucket and group, assignee ids shown as names', () => {
    const answer = {
      values: [
        { timestamp: '2024-03-04T00:00:00.000Z', key: 'u1', userId: 'u1', value: 2 },
        { timestamp: '2024-03-04T00:00:00.000Z', key: 'None', value: 1 },
      ],
    };
    expect(chartPoints(answer, 'Daily', { u1: 'Dana Doc' })).toEqual([
      { label: '2024-03-04 · Dana Doc', value: 2 },
      { label: '2024-03-04 · None', value: 1 },
    ]);
  });
});
