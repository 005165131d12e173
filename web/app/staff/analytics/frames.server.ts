import { instantOf } from '@carelane/automation';
import { ApiError, callApi } from '../../api.server';
import { apiProblem } from '../api-fields.server';
import { chartPoints, type AnalyticsAnswer, type ChartPoint } from './chart-points';
import { FRAME_FIELDS, type FrameFormState } from './frame-options';

export type { FrameFormState } from './frame-options';


interface DateRange {
  from?: string;
  to?: string;
}

/** An analytics_frames record as the API answers it; only the fields the console reads are typed. */
export interface AnalyticsFrame {
  id: string;
  title?: string;
  query: {
    resource: string;
    info: { method: string };
    grouping?: Record<string, unknown>;
    range?: { interval: string; key: string };
  };
  createdRange?: DateRange;
  updatedRange?: DateRange;
  groupByCareTeam?: boolean;
}

/** What a frame shows: its chart's points, or the API's refusal of the query (shown in its place). */
export interface FrameResult {
  frame: AnalyticsFrame;
  points?: ChartPoint[];
  total?: number;
  refused?: string;
}

/** Runs one frame's query through GET /result-for-analytics-query (Admin only: others get the API's message). */
const resultOf = async (authToken: string, frame: AnalyticsFrame, names: Record<string, string>, timeZone: string): Promise<FrameResult> => {
  const query: Record<string, string> = { query: JSON.stringify(frame.query), timezone: timeZone };
  if (frame.createdRange) query.createdRange = JSON.stringify(frame.createdRange);
  if (frame.updatedRange) query.updatedRange = JSON.stringify(frame.updatedRange);
  if (frame.groupByCareTeam) query.groupByCareTeam = 'true';
  try {
    const answer = await callApi<AnalyticsAnswer>('/v1/result-for-analytics-query', { authToken, query });
    const points = chartPoints(answer, frame.query.range?.interval, names, timeZone);
    return { frame, points, total: points.reduce((sum, point) => sum + point.value, 0) };
  } catch (error) {
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) return { frame, refused: error.message };
    throw error;
  }
};

/** Staff names by id, so 'Assigned To' groups read as people (one the caller cannot read reads 'A staff member'). */
const userNames = async (authToken: string) => {
  const users = await callApi<{ id: string; fname?: string; lname?: string; email?: string }[]>('/v1/users', { authToken, query: { limit: '1000' } }).catch(() => []);
  return Object.fromEntries(users.map((user) => [user.id, [user.fname, user.lname].filter(Boolean).join(' ') || user.email || 'A staff member']));
};

/** The organization's frames the caller may read (oldest first) with their results, days and weeks on the viewer's clock. */
export const loadFrames = async (authToken: string, timeZone: string) => {
  const frames = await callApi<AnalyticsFrame[]>('/v1/analytics-frames', { authToken, query: { limit: '100', sort: 'oldFirst' } });
  const byAssignee = frames.some((frame) => frame.groupByCareTeam || frame.query?.grouping?.['Assigned To']);
  const names = byAssignee ? await userNames(authToken) : {};
  return Promise.all(frames.filter((frame) => frame.query).map((frame) => resultOf(authToken, frame, names, timeZone)));
};

const text = (form: FormData, name: string) => String(form.get(name) ?? '').trim();

/** The instant a date input's day starts on the viewer's clock ('' or a malformed day: undefined, so the api is not asked). */
const dayStart = (day: string, timeZone: string, daysLater = 0) => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return undefined;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + daysLater));
  return instantOf({ year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate(), hour: 0, minute: 0 }, timeZone);
};

/** A date input's day as a range bound on the viewer's clock: the start of the day for `from`, its last millisecond for `to`. */
const rangeOf = (form: FormData, prefix: string, timeZone: string): DateRange | undefined => {
  const from = dayStart(text(form, `${prefix}From`), timeZone);
  const nextDay = dayStart(text(form, `${prefix}To`), timeZone, 1);
  if (from === undefined && nextDay === undefined) return undefined;
  return { ...(from !== undefined ? { from: new Date(from).toISOString() } : {}), ...(nextDay !== undefined ? { to: new Date(nextDay - 1).toISOString() } : {}) };
};

/** The frame a submitted form describes, in the shape the API stores (query.range and query.grouping). */
export const frameFromForm = (form: FormData, timeZone = 'UTC') => {
  const interval = text(form, 'interval');
  const grouping = text(form, 'grouping');
  const field = text(form, 'field');
  const query: Record<string, unknown> = { resource: text(form, 'resource'), info: { method: 'Total' } };
  if (interval && interval !== 'Total') query.range = { interval, key: text(form, 'rangeKey') || 'Created At' };
  if (grouping === 'Gender' || grouping === 'Assigned To') query.grouping = { [grouping]: true };
  if (grouping === 'Field') query.grouping = { Field: field };
  // An empty title is left out, so the API answers its own 'Title is required'.
  const fields: Record<string, unknown> = { query };
  if (text(form, 'title')) fields.title = text(form, 'title');
  const createdRange = rangeOf(form, 'created', timeZone);
  const updatedRange = rangeOf(form, 'updated', timeZone);
  if (createdRange) fields.createdRange = createdRange;
  if (updatedRange) fields.updatedRange = updatedRange;
  return { fields, groupingField: grouping === 'Field' ? field : undefined };
};

/** Creates a frame through POST /v1/analytics-frame; the API's messages go on the field they name. */
export const createFrame = async (authToken: string, form: FormData, timeZone: string): Promise<FrameFormState> => {
  const { fields, groupingField } = frameFromForm(form, timeZone);
  if (groupingField === '') return { fieldErrors: { field: 'Name the field to group by' } };
  try {
    const frame = await callApi<AnalyticsFrame>('/v1/analytics-frame', { method: 'POST', authToken, body: fields });
    return { saved: frame.title };
  } catch (error) {
    const problem = apiProblem(error, FRAME_FIELDS);
    // 'Title is required' is a record rule without the field's name first.
    if (!problem.field && problem.message === 'Title is required') return { fieldErrors: { title: problem.message } };
    return problem.field ? { fieldErrors: { [problem.field]: problem.message } } : { formError: problem.message };
  }
};
