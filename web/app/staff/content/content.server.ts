import { redirect } from '@remix-run/node';
import { callApi } from '../../api.server';
import { contentItemOf } from '../../portal/content.server';
import { apiProblem } from '../api-fields.server';
import { choiceOf, patientNames, type PatientChoice } from '../builders/patient-choices.server';
import { readRecord } from '../shell/refuse.server';
import type { SaveProblem } from '../scheduling/records.server';
import { staffLinkOf } from './content-links';
import { contentPayload } from './content-record';
import { contentValues, type ContentValues } from './content-values';

export type ContentRow = Record<string, unknown> & { id: string };

export const CONTENT_PATH = '/staff/content';
const FIELDS = ['title', 'category', 'description', 'type', 'headerPhoto', 'blocks', 'textContent', 'attachments', 'tags', 'enduserId', 'assignmentType'] as const;

export const listContent = (authToken: string) => callApi<ContentRow[]>('/v1/managed-content-records', { authToken, query: { limit: '1000', sort: 'newFirst' } });

const assignmentsOf = (authToken: string, contentId: string) =>
  callApi<ContentRow[]>('/v1/managed-content-record-assignments', { authToken, query: { filter: JSON.stringify({ contentId }), limit: '1000' } });

/** One item and who it is assigned to, for its page ('new' is none); unknown or refused ids are the not-found page. */
export const readContent = async (authToken: string, id: string | undefined) => {
  if (!id || id === 'new') return { record: undefined, values: contentValues(undefined, [], null) };
  const record = await readRecord('record', () => callApi<ContentRow>(`/v1/managed-content-record/${encodeURIComponent(id)}`, { authToken }));
  const assigned = record.assignmentType === 'Manual' ? await patientNames(authToken, (await assignmentsOf(authToken, id)).map((row) => String(row.enduserId))) : [];
  const [individual] = typeof record.enduserId === 'string' ? await patientNames(authToken, [record.enduserId]) : [];
  return { record, values: contentValues(record, assigned, individual ?? null) };
};

/** Manual assignment: one assignment record per chosen patient; those no longer chosen are removed. */
const syncAssignments = async (authToken: string, contentId: string, patients: PatientChoice[]) => {
  const existing = await assignmentsOf(authToken, contentId);
  const wanted = new Set(patients.map((patient) => patient.id));
  const have = new Set(existing.map((row) => String(row.enduserId)));
  for (const row of existing.filter((row) => !wanted.has(String(row.enduserId)))) {
    await callApi(`/v1/managed-content-record-assignment/${row.id}`, { method: 'DELETE', authToken });
  }
  const added = [...wanted].filter((enduserId) => !have.has(enduserId));
  if (added.length) await callApi('/v1/managed-content-record-assignments', { method: 'POST', authToken, body: { create: added.map((enduserId) => ({ contentId, enduserId })) } });
};

/** Creates or updates the item (and its manual assignments); a refusal comes back on the field it names, so the form keeps what was typed. */
export const saveContent = async (authToken: string, id: string | undefined, values: ContentValues) => {
  const payload = contentPayload(values);
  try {
    let contentId = id;
    if (id) {
      // The type is set once, when the item is made (the api refuses to change it).
      const { type: _type, ...updates } = payload;
      await callApi(`/v1/managed-content-record/${encodeURIComponent(id)}`, { method: 'PATCH', authToken, body: { updates, options: { replaceObjectFields: true } } });
    } else {
      const created = await callApi<ContentRow>('/v1/managed-content-record', { method: 'POST', authToken, body: Object.fromEntries(Object.entries(payload).filter(([, value]) => value !== null)) });
      contentId = created.id;
    }
    await syncAssignments(authToken, contentId!, values.assignmentType === 'Manual' ? values.patients : []);
  } catch (error) {
    return { problem: apiProblem(error, FIELDS) as SaveProblem };
  }
  return redirect(`${CONTENT_PATH}?notice=${encodeURIComponent(`Saved ${payload.title}.`)}`);
};

export const deleteContent = async (authToken: string, id: string, title: string) => {
  try {
    await callApi(`/v1/managed-content-record/${encodeURIComponent(id)}`, { method: 'DELETE', authToken });
  } catch (error) {
    return { problem: apiProblem(error, []) as SaveProblem };
  }
  return redirect(`${CONTENT_PATH}?notice=${encodeURIComponent(`Deleted ${title}.`)}`);
};

/** The item as its patients will see it: the portal's own mapping (sanitised blocks, checked links), with uploaded files served to staff. */
export const previewContent = (values: ContentValues) => {
  const item = contentItemOf({ id: 'preview', ...contentPayload(values) }, (file) => `/staff/attachments/${encodeURIComponent(file.secureName)}?${new URLSearchParams({ name: file.name })}`);
  const blocks = item.blocks.map((block) => ('link' in block ? { ...block, link: staffLinkOf(block.link) } : block));
  return { preview: { ...item, blocks, headerPhoto: item.headerPhoto ? staffLinkOf(item.headerPhoto) : undefined } };
};

export interface Audience {
  /** How many patients see it (all of them for 'All'). */
  count: number;
  /** The first of them by name. */
  patients: PatientChoice[];
}

const AUDIENCE_SHOWN = 25;

/** Who the assignment reaches: every patient, those with any of the tags, the chosen ones, or the one. */
export const contentAudience = async (authToken: string, values: Pick<ContentValues, 'assignmentType' | 'tags' | 'patients' | 'individual'>): Promise<Audience> => {
  if (values.assignmentType === 'Manual') return { count: values.patients.length, patients: values.patients.slice(0, AUDIENCE_SHOWN) };
  if (values.assignmentType === 'Individual') return { count: values.individual ? 1 : 0, patients: values.individual ? [values.individual] : [] };
  if (values.assignmentType === 'By Tags' && values.tags.length === 0) return { count: 0, patients: [] };
  const query: Record<string, string> = values.assignmentType === 'By Tags' ? { mdbFilter: JSON.stringify({ tags: { $in: values.tags } }) } : {};
  const [{ count }, rows] = await Promise.all([
    callApi<{ count: number }>('/v1/endusers', { authToken, query: { ...query, returnCount: 'true' } }),
    callApi<ContentRow[]>('/v1/endusers', { authToken, query: { ...query, limit: String(AUDIENCE_SHOWN) } }),
  ]);
  return { count, patients: rows.map(choiceOf) };
};
