import { DateTime } from 'luxon';
import { startApi, type RunningApi } from '../support/api-server';
import { createStaff } from '../identity/support';
import { freshTenant } from '../analytics/support';
import { availability, DAY, every, nextMonday } from './support';

/**
 * Exceptions to working hours (issue 34; docs/decisions.md, "Working hours: exceptions as dated
 * availability blocks"): a dated availability block adds hours on that day only, and one marked
 * unavailable takes them away (a day off), each read on the hours' own clock.
 */
describe('working-hour exceptions as dated availability blocks', () => {
  let api: RunningApi;
  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(() => api.stop());

  const ZONE = 'America/New_York';
  const dayOf = (ms: number) => DateTime.fromMillis(ms, { zone: ZONE }).toISODate()!;
  const at = (ms: number, hour: number, minute = 0) => {
    const date = DateTime.fromMillis(ms, { zone: 'UTC' });
    return DateTime.fromObject({ year: date.year, month: date.month, day: date.day, hour, minute }, { zone: ZONE }).toMillis();
  };

  test('a day off removes that day’s slots, time off removes part of a day, extra hours add a day, and a bad date is refused', async () => {
    const { admin } = await freshTenant(api);
    const staff = await createStaff(api, admin);
    // Monday to Wednesday, 09:00-11:00 New York.
    await admin.api.users.updateOne(staff.user.id, { timezone: ZONE, weeklyAvailabilities: every([1, 2, 3], 540, 660) } as never);
    const template = await admin.api.calendar_event_templates.createOne({ title: 'Visit', durationInMinutes: 60, enableSelfScheduling: true } as never);
    const monday = nextMonday();
    const args = { calendarEventTemplateId: template.id, userId: staff.user.id, from: new Date(monday), to: new Date(monday + 7 * DAY) };
    const starts = async () => (await availability(admin, args)).map((slot) => slot.startTimeInMS);
    const [tuesday, wednesday, saturday] = [monday + DAY, monday + 2 * DAY, monday + 5 * DAY];
    expect(await starts()).toEqual([at(monday, 9), at(monday, 10), at(tuesday, 9), at(tuesday, 10), at(wednesday, 9), at(wednesday, 10)]);

    const block = (fields: Record<string, unknown>) =>
      admin.api.availability_blocks.createOne({ entity: 'user', entityId: staff.user.id, index: 0, active: true, ...fields } as never);
    // Tuesday off; Wednesday 10:00-11:00 off; Saturday 13:00-14:30 extra.
    await block({ date: dayOf(at(tuesday, 12)), dayOfWeekStartingSundayIndexedByZero: 2, startTimeInMinutes: 0, endTimeInMinutes: 1440, unavailable: true });
    await block({ date: dayOf(at(wednesday, 12)), dayOfWeekStartingSundayIndexedByZero: 3, startTimeInMinutes: 600, endTimeInMinutes: 660, unavailable: true });
    await block({ date: dayOf(at(saturday, 12)), dayOfWeekStartingSundayIndexedByZero: 6, startTimeInMinutes: 780, endTimeInMinutes: 870 });
    expect(await starts()).toEqual([at(monday, 9), at(monday, 10), at(wednesday, 9), at(saturday, 13)]);
    // Only that week: a week later the weekly hours stand alone.
    const later = (await availability(admin, { ...args, from: new Date(monday + 7 * DAY), to: new Date(monday + 14 * DAY) })).map((slot) => slot.startTimeInMS);
    expect(later).toHaveLength(6);
    expect(later.map((ms) => DateTime.fromMillis(ms, { zone: ZONE }).toFormat('ccc HH:mm'))).toEqual(['Mon 09:00', 'Mon 10:00', 'Tue 09:00', 'Tue 10:00', 'Wed 09:00', 'Wed 10:00']);

    await expect(block({ date: '2026-02-30', dayOfWeekStartingSundayIndexedByZero: 1, startTimeInMinutes: 0, endTimeInMinutes: 1440, unavailable: true })).rejects.toMatchObject({
      message: 'Error parsing field date: Invalid date',
    });
    expect(await admin.api.availability_blocks.getSome({ limit: 100 } as never)).toHaveLength(3);
  });
});
