/**
 * The api calls each measured screen makes, in the order and grouping (Promise.all) of its loader in
 * web/app, so a figure is what a clinic waits for before the page can render. The bench cannot
 * import the loaders themselves (web/ is an ES module package importing the CommonJS workspaces,
 * which Node 20 cannot link by name outside the Vite build), so each sequence is copied here with
 * the file it comes from; change both together.
 */

export class ScaleApiError extends Error {}

/** web/app/api.server.ts callApi: JSON in and out, a Bearer token, an error for any non-2xx answer. */
export const apiCaller =
  (host: string) =>
  async <T = unknown>(path: string, options: { token: string; query?: Record<string, string>; method?: 'GET' | 'POST'; body?: unknown }): Promise<T> => {
    const url = new URL(`${host}${path}`);
    for (const [key, value] of Object.entries(options.query ?? {})) url.searchParams.set(key, value);
    const headers: Record<string, string> = { Accept: 'application/json', Authorization: `Bearer ${options.token}` };
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    const response = await fetch(url, { method: options.method ?? 'GET', headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
    const text = await response.text();
    if (!response.ok) throw new ScaleApiError(`${options.method ?? 'GET'} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
    return (text ? JSON.parse(text) : undefined) as T;
  };
export type Call = ReturnType<typeof apiCaller>;
type Row = Record<string, unknown> & { id: string };

/** web/app/staff/patient-list/query.server.ts loadPatients: one page of 50 (51 asked), filtered by a tag, sorted by last activity, newest first. */
export const patientListPage = (call: Call, token: string, tag: string) =>
  call<Row[]>('/v1/list-endusers', { token, query: { limit: '51', filter: JSON.stringify({ tags: { _all: [tag] } }), sortBy: 'lastActive', sort: 'newFirst' } });

/** The same list with the list's search box filled (loadPatients with ?q=): name, email or phone. */
export const patientSearch = (call: Call, token: string, q: string) =>
  call<Row[]>('/v1/list-endusers', { token, query: { limit: '51', search: JSON.stringify({ query: q }), sort: 'newFirst' } });

/**
 * web/app/staff/patient/patient.server.ts loadPatient (the record: profile, timeline, pending steps),
 * with stepChoices (step-form.server.ts), staffAbilities (an Admin asks nothing), enduserTimeline and
 * rowsOf (timeline.server.ts), recordEntries (record-timeline.server.ts, decision-entries.server.ts)
 * and loadOutbox (outbox.server.ts).
 */
export const patientRecord = async (call: Call, token: string, enduserId: string) => {
  const enduser = await call<Row & { journeys?: Record<string, string> }>(`/v1/enduser/${enduserId}`, { token });
  const list = (path: string) => call<Row[]>(path, { token, query: { limit: '1000' } });
  await Promise.all(['/v1/templates', '/v1/forms', '/v1/users', '/v1/journeys', '/v1/automation-triggers'].map(list));
  const journeyIds = Object.keys(enduser.journeys ?? {});
  if (journeyIds.length) await call('/v1/automation-steps', { token, query: { filter: JSON.stringify({ journeyId: { $in: journeyIds } }), limit: '1000' } });
  const rowsOf = (path: string) => call<Row[]>(path, { token, query: { filter: JSON.stringify({ enduserId }), limit: '200', sort: 'newFirst' } });
  const [, , , , actions] = await Promise.all([
    rowsOf('/v1/emails'),
    rowsOf('/v1/sms-messages'),
    rowsOf('/v1/form-responses'),
    rowsOf('/v1/enduser-status-updates'),
    rowsOf('/v1/automated-actions'),
    call('/v1/calendar-events', { token, query: { filter: JSON.stringify({ attendees: [{ type: 'enduser', id: enduserId }] }), limit: '200', sort: 'newFirst' } }),
    rowsOf('/v1/notes'),
    rowsOf('/v1/files'),
    rowsOf('/v1/tickets'),
    rowsOf('/v1/care-plans'),
  ]);
  const chats = async () => {
    const rooms = await call<Row[]>('/v1/chat-rooms', { token, query: { filter: JSON.stringify({ enduserIds: [enduserId] }), limit: '200' } });
    if (rooms.length) await call('/v1/chats', { token, query: { filter: JSON.stringify({ roomId: { $in: rooms.map((room) => room.id) } }), limit: '200', sort: 'newFirst' } });
  };
  await Promise.all([chats(), call('/v1/automation-decisions', { token, query: { enduserId } })]);
  await call('/v1/enduser-outbox', { token, query: { enduserId } });
  // The pending steps the record counts: its automated actions still active.
  return actions.filter((action) => action.status === 'active').length;
};

/**
 * web/app/staff/inbox/inbox.server.ts loadInbox with ?view=Mine and no conversation open: the list
 * (the api's unread counts on each card, its default page), colleagues and templates by name.
 */
export const inboxMine = async (call: Call, token: string) => {
  const [page] = await Promise.all([
    call<{ conversations: unknown[] }>('/v1/inbox-conversations', { token, query: { view: 'Mine' } }),
    call('/v1/users', { token, query: { limit: '500' } }),
    call('/v1/templates', { token, query: { limit: '200' } }),
  ]);
  return page.conversations.length;
};

/**
 * web/app/staff/calendar/calendar.server.ts loadCalendar with ?view=week&staff=<20 ids>: staff
 * choices (staff-choices.server.ts), the week's events of the 20 (from a day earlier), which of them
 * lack a time zone, then the attending patients' names.
 */
export const calendarWeek = async (call: Call, token: string, staffIds: string[], weekStart: number) => {
  const listQuery = (name: string, values: string[]) => Object.fromEntries(values.map((value, index) => [`${name}[${index}]`, value]));
  await call('/v1/users', { token, query: { limit: '1000' } });
  const to = weekStart + 7 * 86_400_000;
  const [{ events }] = await Promise.all([
    call<{ events: Row[] }>('/v1/events-for-user', { token, query: { ...listQuery('userIds', staffIds), from: new Date(weekStart - 86_400_000).toISOString(), to: new Date(to).toISOString(), limit: '1000' } }),
    call('/v1/users-without-timezone', { token, query: listQuery('userIds', staffIds) }),
  ]);
  const ids = [...new Set(events.flatMap((event) => ((event.attendees as { type?: string; id?: string }[] | undefined) ?? []).filter((a) => a.type === 'enduser' && a.id).map((a) => a.id!)))];
  // As the loader does: names in batches of 200 ids; a refused lookup leaves those names out rather than failing the page.
  let namesRefused = false;
  const batches = Array.from({ length: Math.ceil(ids.length / 200) }, (_, index) => ids.slice(index * 200, (index + 1) * 200));
  await Promise.all(batches.map((batch) => call('/v1/endusers', { token, query: { filter: JSON.stringify({ _id: { _in: batch } }), limit: String(batch.length) } }).catch(() => (namesRefused = true))));
  return { events: events.length, namesRefused };
};

/**
 * web/app/staff/analytics/frames.server.ts resultOf for a frame counting every patient grouped by a
 * custom field ('A patient field': query.grouping { Field }), as the analytics page runs each frame.
 */
export const analyticsByField = (call: Call, token: string, field: string) =>
  call<unknown>('/v1/result-for-analytics-query', { token, query: { query: JSON.stringify({ resource: 'Endusers', info: { method: 'Total' }, grouping: { Field: field } }) } });
