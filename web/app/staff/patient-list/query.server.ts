import { callApi } from '../../api.server';
import { formatIn } from '../../time/format';
import { readListState, withParams, type ListState } from '../list';
import { patientFilters } from './filters';
import { PATIENT_COLUMNS, SORT_FIELDS, type PatientRow } from './columns';

export const PAGE_SIZE = 50;

interface EnduserRecord {
  id: string;
  fname?: string;
  lname?: string;
  email?: string;
  phone?: string;
  dateOfBirth?: string;
  tags?: string[];
  assignedTo?: string[];
  lastActive?: string;
  unread?: boolean;
}

interface Named {
  id: string;
  label: string;
}

export const personName = (user: { fname?: string; lname?: string; email?: string }, fallback: string) => [user.fname, user.lname].filter(Boolean).join(' ') || user.email || fallback;

/** The filters in the api's filter language (engine/src/query.ts): every one narrows the list. */
export const apiFilter = (filters: Record<string, string>, userId: string) => {
  const filter: Record<string, unknown> = {};
  if (filters.tag) filter.tags = { _all: [filters.tag] };
  if (filters.assigned) filter.assignedTo = { _all: [filters.assigned === 'me' ? userId : filters.assigned] };
  if (filters.journey) filter[`journeys.${filters.journey}`] = filters.state || { _exists: true };
  // A custom field named without a value matches patients who have it at all.
  if (filters.field) filter[`fields.${filters.field}`] = filters.value || { _exists: true };
  return filter;
};

/** The staff, by name, as the assignee choices list them. */
export const loadStaffChoices = async (authToken: string) => {
  const users = await callApi<{ id: string; fname?: string; lname?: string; email?: string }[]>('/v1/users', { authToken, query: { limit: '1000' } }).catch(() => []);
  return { staff: users.map((user) => ({ id: user.id, label: personName(user, 'A staff member') })) };
};

/** Journeys and staff by name, for the filters, the bulk actions and the Assigned column. */
export const loadChoices = async (authToken: string) => {
  const [journeys, { staff }] = await Promise.all([
    callApi<{ id: string; title?: string }[]>('/v1/journeys', { authToken, query: { limit: '1000' } }).catch(() => []),
    loadStaffChoices(authToken),
  ]);
  return { journeys: journeys.map((journey) => ({ id: journey.id, label: journey.title || 'Untitled journey' })), staff };
};

/**
 * One page of patients for the list's state: GET /v1/list-endusers (any column's sort, keyset paging
 * by lastId), newest first when no sort is chosen.
 */
export const loadPatients = async (authToken: string, search: URLSearchParams, state: ListState, userId: string, staff: Named[], zone: string) => {
  // One more than a page tells whether another page follows (a full last page offers no empty next one).
  const query: Record<string, string> = { limit: String(PAGE_SIZE + 1) };
  const filter = apiFilter(state.filters, userId);
  if (Object.keys(filter).length) query.filter = JSON.stringify(filter);
  if (state.filters.q) query.search = JSON.stringify({ query: state.filters.q });
  if (state.sort) {
    query.sortBy = SORT_FIELDS[state.sort.key]!;
    query.sort = state.sort.direction === 'ascending' ? 'oldFirst' : 'newFirst';
  } else query.sort = 'newFirst';
  const lastId = search.get('lastId');
  if (lastId && /^[0-9a-f]{24}$/.test(lastId)) query.lastId = lastId;
  const answer = await callApi<EnduserRecord[]>('/v1/list-endusers', { authToken, query });
  const records = answer.slice(0, PAGE_SIZE);
  const staffName = new Map(staff.map((user) => [user.id, user.label]));
  const rows: PatientRow[] = records.map((record) => ({
    id: record.id,
    name: personName(record, 'No name given'),
    dateOfBirth: record.dateOfBirth ?? '',
    phone: record.phone ?? '',
    email: record.email ?? '',
    tags: record.tags ?? [],
    assigned: (record.assignedTo ?? []).map((id) => staffName.get(id) ?? 'A former staff member'),
    lastActive: record.lastActive ? formatIn(record.lastActive, zone, 'dateTime') : '',
    unread: record.unread === true,
  }));
  const last = records[records.length - 1];
  const next = new URLSearchParams(search);
  if (last) next.set('lastId', last.id);
  return {
    rows,
    nextPage: answer.length > PAGE_SIZE ? `?${next.toString()}` : undefined,
    firstPage: query.lastId ? withParams(search, {}) : undefined,
  };
};

export const readPatientState = (search: URLSearchParams, journeys: Named[], staff: Named[]) => readListState(search, PATIENT_COLUMNS, patientFilters(journeys, staff));
