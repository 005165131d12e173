import { callApi } from '../../api.server';
import { formatIn } from '../../time/format';
import { withParams, type ListState } from '../list';
import { personName } from '../patient-list/query.server';

/** One submitted response in words: who it is about, which form, when, and who filled it in. */
export interface ResponseRow {
  id: string;
  href: string;
  patient?: { id: string; name: string };
  form: string;
  submitted: string;
  by: string;
}

type ResponseRecord = { id: string; enduserId?: string; formId?: string; formTitle?: string; submittedAt?: string; submittedBy?: string; publicSubmit?: boolean; isInternalNote?: boolean };
type Named = { id: string; label: string };

const PAGE_SIZE = 50;

/** Who filled a response in: the patient themself ('The client' where they are called clients), a colleague by name, or someone through the form's public link. */
const filledInBy = (record: ResponseRecord, staffName: Map<string, string>, patientWord: string) => {
  const themself = `The ${patientWord}`;
  if (record.submittedBy && record.submittedBy === record.enduserId) return themself;
  if (record.submittedBy && staffName.has(record.submittedBy)) return staffName.get(record.submittedBy)!;
  if (record.publicSubmit) return 'Through the public link';
  return record.isInternalNote ? 'A staff member' : themself;
};

const byIds = async (authToken: string, ids: string[]) =>
  ids.length
    ? callApi<{ id: string; fname?: string; lname?: string; email?: string }[]>('/v1/endusers', { authToken, query: { filter: JSON.stringify({ _id: { _in: ids } }), limit: '1000' } }).catch(() => [])
    : [];

/**
 * Submitted form responses, most recently submitted or changed first (the api sorts by updatedAt;
 * a response is changed when it is submitted), one form or every one, 50 a page by keyset. Each
 * opens the response on its patient's record.
 */
export const loadResponses = async (authToken: string, search: URLSearchParams, state: ListState, staff: Named[], zone: string, patientWord: string) => {
  const filter: Record<string, unknown> = { submittedAt: { _exists: true } };
  if (state.filters.form) filter.formId = state.filters.form;
  const query: Record<string, string> = { filter: JSON.stringify(filter), sortBy: 'updatedAt', sort: 'newFirst', limit: String(PAGE_SIZE + 1) };
  const lastId = search.get('lastId');
  if (lastId && /^[0-9a-f]{24}$/.test(lastId)) query.lastId = lastId;
  const answer = await callApi<ResponseRecord[]>('/v1/form-responses', { authToken, query });
  const records = answer.slice(0, PAGE_SIZE);
  const patients = await byIds(authToken, [...new Set(records.map((record) => record.enduserId).filter((id): id is string => !!id))]);
  const patientName = new Map(patients.map((patient) => [patient.id, personName(patient, 'No name given')]));
  const staffName = new Map(staff.map((member) => [member.id, member.label]));
  const rows: ResponseRow[] = records.map((record) => ({
    id: record.id,
    href: record.enduserId ? `/staff/patients/${record.enduserId}/responses/${record.id}` : '',
    patient: record.enduserId ? { id: record.enduserId, name: patientName.get(record.enduserId) ?? 'A patient you cannot see' } : undefined,
    form: record.formTitle || 'Untitled form',
    submitted: record.submittedAt ? formatIn(record.submittedAt, zone, 'dateTime') : '',
    by: filledInBy(record, staffName, patientWord),
  }));
  const last = records[records.length - 1];
  const next = new URLSearchParams(search);
  if (last) next.set('lastId', last.id);
  return { rows, nextPage: answer.length > PAGE_SIZE ? `?${next.toString()}` : undefined, firstPage: query.lastId ? withParams(search, {}) : undefined };
};
