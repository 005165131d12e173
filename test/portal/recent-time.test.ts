import { recentTime } from '../../web/app/time/format';

/** The inbox's times (pure): as short as stays clear on the viewer's clock, never the machine's. */
describe('recent times in the inbox', () => {
  const now = Date.UTC(2026, 10, 30, 17, 0); // Nov 30, 2026, 12:00 PM in New York
  const zone = 'America/New_York';

  test('today is the time alone, this year the day and time, before that the full date', () => {
    expect(recentTime(Date.UTC(2026, 10, 30, 9, 24), zone, now)).toBe('4:24 AM EST');
    expect(recentTime(Date.UTC(2026, 10, 28, 9, 24), zone, now)).toBe('Nov 28, 4:24 AM EST');
    expect(recentTime(Date.UTC(2025, 11, 30, 9, 24), zone, now)).toBe('Dec 30, 2025, 4:24 AM EST');
  });

  test("the day is the viewer's: 3 AM UTC on the 30th is the evening of the 29th in New York, and today is Dec 1 in Tokyo", () => {
    const late = Date.UTC(2026, 10, 30, 3, 0);
    expect(recentTime(late, zone, now)).toBe('Nov 29, 10:00 PM EST');
    expect(recentTime(late, 'Asia/Tokyo', now)).toBe('Nov 30, 12:00 PM GMT+9');
    expect(recentTime(Date.UTC(2026, 10, 30, 16, 0), 'Asia/Tokyo', now)).toBe('1:00 AM GMT+9');
  });
});
