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
 * web/app/staff/patient/patient.server.ts loadPatient (the record: profile, timeline, pending steps):
 * the patient, one bulk read of every list (recordLoads: timelineLoads, STEP_CHOICE_LOADS, notes,
 * files, tickets, to-dos, care plans, purchases, vital signs, calls, superbills and billing
 * profiles, chat rooms), the automation decisions and the outbox at once
 * (staffAbilities asks nothing of an Admin); then one bulk read of the journeys' steps and the rooms' chats.
 */
export const patientRecord = async (call: Call, token: string, enduserId: string) => {
  type Load = { model: string; options: { filter?: unknown; limit: number } };
  const mine = (model: string): Load => ({ model, options: { filter: { enduserId }, limit: 200 } });
  const all = (model: string): Load => ({ model, options: { limit: 1000 } });
  const loads: Load[] = [
    ...['emails', 'sms_messages', 'form_responses', 'enduser_status_updates', 'automated_actions'].map(mine),
    { model: 'calendar_events', options: { filter: { attendees: [{ type: 'enduser', id: enduserId }] }, limit: 200 } },
    ...['templates', 'forms', 'users', 'journeys', 'automation_triggers'].map(all),
    ...['notes', 'files', 'tickets', 'tasks', 'care_plans', 'purchases', 'enduser_observations', 'phone_calls', 'superbills'].map(mine),
    { model: 'superbill_providers', options: { limit: 100 } },
    { model: 'chat_rooms', options: { filter: { enduserIds: [enduserId] }, limit: 200 } },
  ];
  const bulk = (load: Load[]) => call<{ results: ({ records: Row[] } | null)[] }>('/v1/bulk-actions/read', { token, method: 'POST', body: { load } });
  const [enduser, { results }] = await Promise.all([
    call<Row & { journeys?: Record<string, string> }>(`/v1/enduser/${enduserId}`, { token }),
    bulk(loads),
    call('/v1/automation-decisions', { token, query: { enduserId } }),
    call('/v1/enduser-outbox', { token, query: { enduserId } }),
  ]);
  const journeyIds = Object.keys(enduser.journeys ?? {});
  const roomIds = (results[loads.length - 1]?.records ?? []).map((room) => room.id);
  const second: Load[] = [
    ...(journeyIds.length ? [{ model: 'automation_steps', options: { filter: { journeyId: { $in: journeyIds } }, limit: 1000 } }] : []),
    ...(roomIds.length ? [{ model: 'chats', options: { filter: { roomId: { $in: roomIds } }, limit: 200 } }] : []),
  ];
  if (second.length) await bulk(second);
  // The pending steps the record counts: its automated actions still active.
  return (results[4]?.records ?? []).filter((action) => action.status === 'active').length;
};

/**
 * web/app/staff/inbox/inbox.server.ts loadInbox with ?view=Mine and no conversation open: the list
 * (the api's unread counts on each card, its default page), colleagues and templates by name (one bulk read).
 */
export const inboxMine = async (call: Call, token: string) => {
  const [page] = await Promise.all([
    call<{ conversations: unknown[] }>('/v1/inbox-conversations', { token, query: { view: 'Mine' } }),
    call('/v1/bulk-actions/read', { token, method: 'POST', body: { load: [{ model: 'users', options: { limit: 500 } }, { model: 'templates', options: { limit: 200 } }] } }),
  ]);
  return page.conversations.length;
};

/**
 * web/app/staff/calendar/calendar.server.ts loadCalendar with ?view=week&staff=<20 ids>: staff
 * choices (staff-choices.server.ts), then at once the first part of the week's events of the 20 with
 * their patients (from a day earlier those still going on at its start; one more than a part holds,
 * calendar-page.ts PAGE_SIZE) and which of the 20 lack a time zone.
 */
export const calendarWeek = async (call: Call, token: string, staffIds: string[], weekStart: number) => {
  const PAGE_SIZE = 200;
  const listQuery = (name: string, values: string[]) => Object.fromEntries(values.map((value, index) => [`${name}[${index}]`, value]));
  await call('/v1/users', { token, query: { limit: '1000' } });
  const to = weekStart + 7 * 86_400_000;
  const [{ events, patients }] = await Promise.all([
    call<{ events: Row[]; patients: Row[] }>('/v1/events-for-user', {
      token,
      query: {
        ...listQuery('userIds', staffIds),
        from: new Date(weekStart - 86_400_000).toISOString(),
        endsAfter: new Date(weekStart).toISOString(),
        to: new Date(to).toISOString(),
        limit: String(PAGE_SIZE + 1),
        withPatients: 'true',
      },
    }),
    call('/v1/users-without-timezone', { token, query: listQuery('userIds', staffIds) }),
  ]);
  // calendar-page.ts pageOf: the part ends before the first start it cannot hold entirely.
  const next = events.length > PAGE_SIZE ? Number(events[PAGE_SIZE]!.startTimeInMS) : undefined;
  const part = next === undefined ? events : events.filter((event) => Number(event.startTimeInMS) < next);
  const drawn = (part.length ? part : events.slice(0, PAGE_SIZE)).filter((event) => !event.rescheduledAt);
  return { events: drawn.length, more: next !== undefined, patients: patients.length };
};

/**
 * web/app/staff/analytics/frames.server.ts resultOf for a frame counting every patient grouped by a
 * custom field ('A patient field': query.grouping { Field }), as the analytics page runs each frame.
 */
export const analyticsByField = (call: Call, token: string, field: string) =>
  call<unknown>('/v1/result-for-analytics-query', { token, query: { query: JSON.stringify({ resource: 'Endusers', info: { method: 'Total' }, grouping: { Field: field } }) } });
