import { callApi } from '../../api.server';
import { apiProblem } from '../api-fields.server';
import { personName } from '../patient-list/query.server';
import { readRecord } from '../shell/refuse.server';
import type { StaffAbilities } from '../permissions.server';
import type { StaffUser } from '../session.server';
import { dayOn, nextWeekOn } from './next-week';
import { inputToMinutes, minutesToInput, weekdayOf } from './time-of-day';
import type { ExceptionRow, HoursValues, PreviewDay, WindowValue } from './hours-types';

type UserRecord = { id: string; fname?: string; lname?: string; email?: string; timezone?: string; weeklyAvailabilities?: WeeklyWindow[] };
type WeeklyWindow = { dayOfWeekStartingSundayIndexedByZero: number; startTimeInMinutes: number; endTimeInMinutes: number; locationId?: string; active?: boolean };
export type BlockRecord = WeeklyWindow & { id: string; date?: string; unavailable?: boolean };
type Named = { id: string; title?: string };

/** The working-hours form's values from the staff member's record (paused windows are kept aside, unchanged). */
export const hoursValues = (user: UserRecord): HoursValues => ({
  timezone: user.timezone ?? '',
  windows: (user.weeklyAvailabilities ?? [])
    .filter((window) => window.active !== false)
    .map((window) => ({ day: window.dayOfWeekStartingSundayIndexedByZero, start: minutesToInput(window.startTimeInMinutes), end: window.endTimeInMinutes >= 1440 ? '23:59' : minutesToInput(window.endTimeInMinutes), locationId: window.locationId ?? '' })),
});

/** Where a window's times went wrong, in words, by its place in the list; none when all are good. */
export const windowProblems = (windows: WindowValue[]) => {
  const problems: Record<number, string> = {};
  windows.forEach((window, index) => {
    const start = inputToMinutes(window.start);
    const end = inputToMinutes(window.end);
    if (start === undefined || end === undefined) problems[index] = 'Give a start and an end time';
    else if (end <= start) problems[index] = 'The end must be after the start';
  });
  return problems;
};

/** Everything the working-hours page shows for one staff member. */
export const loadHoursPage = async (authToken: string, me: StaffUser, abilities: StaffAbilities, search: URLSearchParams, viewerZone: (user?: { timezone?: unknown }) => string) => {
  const userId = search.get('user') || me.id;
  const [staff, target, locations, types, organization] = await Promise.all([
    callApi<UserRecord[]>('/v1/users', { authToken, query: { limit: '1000' } }).catch(() => [] as UserRecord[]),
    readRecord('record', () => callApi<UserRecord>(`/v1/user/${encodeURIComponent(userId)}`, { authToken })),
    callApi<Named[]>('/v1/appointment-locations', { authToken, query: { limit: '1000' } }).catch(() => [] as Named[]),
    callApi<(Named & { enableSelfScheduling?: boolean })[]>('/v1/calendar-event-templates', { authToken, query: { limit: '1000' } }).catch(() => []),
    me.businessId ? callApi<{ timezone?: string }>(`/v1/organization/${encodeURIComponent(me.businessId)}`, { authToken }).catch(() => undefined) : undefined,
  ]);
  const blocks = await callApi<BlockRecord[]>('/v1/availability-blocks', { authToken, query: { limit: '1000', filter: JSON.stringify({ entity: 'user', entityId: target.id }) } }).catch(() => [] as BlockRecord[]);
  const self = target.id === me.id;
  const zone = viewerZone(self ? target : me);
  const hoursZone = target.timezone || organization?.timezone || '';
  const typeId = search.get('type') || types.find((type) => type.enableSelfScheduling)?.id || types[0]?.id;
  const locationId = search.get('location') || '';
  return {
    staff: staff.map((user) => ({ value: user.id, label: personName(user, 'A staff member') })),
    target: { id: target.id, name: personName(target, 'A staff member'), self },
    values: hoursValues(target),
    hoursZone,
    organizationZone: organization?.timezone ?? '',
    locations: locations.map((location) => ({ value: location.id, label: location.title || 'Untitled location' })),
    types: types.map((type) => ({ value: type.id, label: type.title || 'Untitled appointment type' })),
    exceptions: exceptionRows(blocks),
    canEditHours: abilities.can('users', 'update') && (abilities.admin || self),
    canAddException: abilities.can('availability_blocks', 'create'),
    canDeleteException: abilities.can('availability_blocks', 'delete'),
    preview: typeId ? await previewSlots(authToken, target.id, typeId, locationId, zone) : undefined,
    typeId: typeId ?? '',
    locationId,
    viewerZone: zone,
  };
};

export const exceptionRows = (blocks: BlockRecord[]): ExceptionRow[] =>
  blocks
    .map((block) => ({
      id: block.id,
      date: block.date,
      day: block.dayOfWeekStartingSundayIndexedByZero,
      start: block.startTimeInMinutes,
      end: block.endTimeInMinutes,
      unavailable: block.unavailable === true,
      active: block.active !== false,
    }))
    .sort((a, b) => (a.date ?? '').localeCompare(b.date ?? '') || a.day - b.day || a.start - b.start);

/**
 * Next week's bookable slots for this staff member and appointment type, as patients will be offered
 * them: the same GET /calendar-availability the booking widget calls, grouped by the viewer's days.
 */
const previewSlots = async (authToken: string, userId: string, typeId: string, locationId: string, zone: string) => {
  const week = nextWeekOn(Date.now(), zone);
  const query: Record<string, string> = { calendarEventTemplateId: typeId, userId, from: new Date(week.from).toISOString(), to: new Date(week.to).toISOString(), limit: '1000' };
  if (locationId) query.locationId = locationId;
  try {
    const answer = await callApi<{ availabilityBlocks: { startTimeInMS: number }[]; usersWithoutTimezone?: string[] }>('/v1/calendar-availability', { authToken, query });
    const days: PreviewDay[] = week.days.map((day) => ({ key: day.key, start: day.start, slots: [] }));
    for (const slot of answer.availabilityBlocks) days.find((day) => day.key === dayOn(slot.startTimeInMS, zone))?.slots.push(slot.startTimeInMS);
    return { days, withoutTimezone: (answer.usersWithoutTimezone ?? []).includes(userId) };
  } catch (error) {
    return { days: [] as PreviewDay[], withoutTimezone: false, message: apiProblem(error, []).message };
  }
};

/** Saves the weekly hours and the zone they are read on (PATCH users/:id); paused windows stay as they were. */
export const saveHours = async (authToken: string, userId: string, values: HoursValues) => {
  const problems = windowProblems(values.windows ?? []);
  if (Object.keys(problems).length) return { form: 'hours' as const, problem: { message: 'Some hours need fixing: the end must be after the start.' } };
  try {
    const current = await callApi<UserRecord>(`/v1/user/${encodeURIComponent(userId)}`, { authToken });
    const paused = (current.weeklyAvailabilities ?? []).filter((window) => window.active === false);
    const weeklyAvailabilities = [
      ...values.windows.map((window) => ({
        dayOfWeekStartingSundayIndexedByZero: Number(window.day),
        startTimeInMinutes: inputToMinutes(window.start)!,
        endTimeInMinutes: inputToMinutes(window.end)!,
        ...(window.locationId ? { locationId: window.locationId } : {}),
        active: true,
      })),
      ...paused,
    ];
    await callApi(`/v1/user/${encodeURIComponent(userId)}`, {
      method: 'PATCH',
      authToken,
      body: { updates: { weeklyAvailabilities, timezone: values.timezone || null }, options: { replaceObjectFields: true } },
    });
    return { form: 'hours' as const, saved: 'Working hours saved.' };
  } catch (error) {
    return { form: 'hours' as const, problem: apiProblem(error, ['timezone', 'weeklyAvailabilities']) };
  }
};

export interface ExceptionInput {
  date: string;
  kind: 'off' | 'partOff' | 'extra';
  start: string;
  end: string;
}

/** Whose hours an exception belongs to: a staff member's, or an organization's office hours. */
export type HoursOwner = { entity: 'user' | 'organization'; id: string };

/** Adds one exception: a day off (the whole day), time off (part of it) or extra hours, on one date (a dated availability block). */
export const addException = async (authToken: string, owner: HoursOwner, input: ExceptionInput) => {
  const whole = input.kind === 'off';
  const start = whole ? 0 : inputToMinutes(input.start);
  const end = whole ? 1440 : inputToMinutes(input.end);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(input.date ?? '')) return { form: 'exception' as const, problem: { field: 'date', message: 'Required' } };
  if (start === undefined || end === undefined || end <= start) return { form: 'exception' as const, problem: { field: 'end', message: 'The end must be after the start' } };
  try {
    await callApi('/v1/availability-block', {
      method: 'POST',
      authToken,
      body: {
        entity: owner.entity,
        entityId: owner.id,
        index: 0,
        date: input.date,
        dayOfWeekStartingSundayIndexedByZero: weekdayOf(input.date),
        startTimeInMinutes: start,
        endTimeInMinutes: end,
        unavailable: input.kind !== 'extra',
        active: true,
      },
    });
    const closing = owner.entity === 'organization';
    const saved = input.kind === 'off' ? (closing ? 'Closed day added.' : 'Day off added.') : input.kind === 'partOff' ? (closing ? 'Closed hours added.' : 'Time off added.') : 'Extra hours added.';
    return { form: 'exception' as const, saved };
  } catch (error) {
    return { form: 'exception' as const, problem: apiProblem(error, ['date', 'startTimeInMinutes', 'endTimeInMinutes']) };
  }
};

export const deleteException = async (authToken: string, blockId: string) => {
  try {
    await callApi(`/v1/availability-block/${encodeURIComponent(blockId)}`, { method: 'DELETE', authToken });
    return { form: 'exception' as const, saved: 'Exception removed.' };
  } catch (error) {
    return { form: 'exception' as const, problem: apiProblem(error, []) };
  }
};
