import { callApi } from '../../api.server';
import { personName } from '../patient-list/query.server';

export interface PatientChoice {
  id: string;
  name: string;
}

type Row = { id: string; fname?: string; lname?: string; email?: string };

/** A patient record as a choice: their name (never their id) on screen. */
export const choiceOf = (row: Row): PatientChoice => ({ id: row.id, name: personName(row, 'Unnamed patient') });

/** Patients to pick by name: those whose name or details match `q`, else the most recent; the api scopes them to what the role may see. */
export const patientChoices = async (authToken: string, q: string, limit = 20): Promise<PatientChoice[]> => {
  const query: Record<string, string> = { limit: String(limit) };
  if (q.trim()) query.search = JSON.stringify({ query: q.trim() });
  const rows = await callApi<Row[]>('/v1/endusers', { authToken, query }).catch(() => [] as Row[]);
  return rows.map(choiceOf);
};

/** The names of the given patients, for showing who a record is assigned to. */
export const patientNames = async (authToken: string, ids: string[]): Promise<PatientChoice[]> => {
  if (!ids.length) return [];
  const { matches } = await callApi<{ matches: Row[] }>('/v1/endusers/bulk-read', { method: 'POST', authToken, body: { ids } }).catch(() => ({ matches: [] as Row[] }));
  return matches.filter(Boolean).map(choiceOf);
};
