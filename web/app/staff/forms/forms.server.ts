import { callApi } from '../../api.server';
import { apiProblem } from '../api-fields.server';
import { readRecord } from '../shell/refuse.server';
import { builderProblems, type BuilderForm } from './builder-model';
import { builderOf, fieldPayload, settingsPayload } from './builder-records';

/**
 * The forms builder's calls, all through the api's generic form and form-field calls: the api
 * validates each record, checks the role and scopes to the caller's business and organization.
 */

export type ApiRecord = Record<string, unknown> & { id: string };

export const listForms = (authToken: string, search: string) =>
  callApi<ApiRecord[]>('/v1/forms', { authToken, query: { limit: '1000', sort: 'newFirst', ...(search ? { search: JSON.stringify({ query: search }) } : {}) } });

const fieldsOf = (authToken: string, formId: string) => callApi<ApiRecord[]>('/v1/form-fields', { authToken, query: { filter: JSON.stringify({ formId }), limit: '1000' } });

/** A form and its questions for the builder; an unknown or unseen form is the staff app's not-found page. */
export const loadBuilder = async (authToken: string, id: string) => {
  if (id === 'new') return { form: undefined, builder: builderOf(undefined, []) };
  const form = await readRecord('record', () => callApi<ApiRecord>(`/v1/form/${encodeURIComponent(id)}`, { authToken }));
  return { form, builder: builderOf(form, await fieldsOf(authToken, id)) };
};

export interface SaveAnswer {
  /** Where the save stopped: the api's message, on the place it names when it names one. */
  problem?: { message: string; field?: string };
  /** Problems the builder's own rules found (by place), before any call. */
  problems?: Record<string, string>;
  /** Questions made before a failure, so a second save updates them instead of making them again. */
  created?: Record<string, string>;
  formId?: string;
}

/**
 * Saves the builder's form: the form's settings, then new questions (so every question has an id),
 * then every question with its options and links, then removes the questions staff deleted.
 */
export const saveBuilder = async (authToken: string, id: string | undefined, builder: BuilderForm): Promise<SaveAnswer & { savedId?: string }> => {
  const problems = builderProblems(builder);
  if (Object.keys(problems).length) return { problems };
  const created: Record<string, string> = {};
  let formId = id;
  try {
    if (formId) await callApi(`/v1/form/${encodeURIComponent(formId)}`, { method: 'PATCH', authToken, body: { updates: settingsPayload(builder.settings), options: { replaceObjectFields: true } } });
    else {
      const settings = Object.fromEntries(Object.entries(settingsPayload(builder.settings)).filter(([, value]) => value !== null));
      formId = (await callApi<ApiRecord>('/v1/form', { method: 'POST', authToken, body: settings })).id;
    }
    const existing = await fieldsOf(authToken, formId);
    const known = new Set(existing.map((field) => field.id));
    for (const field of builder.fields) {
      if (known.has(field.key)) continue;
      const made = await callApi<ApiRecord>('/v1/form-field', { method: 'POST', authToken, body: { formId, title: field.title.trim() || 'Untitled', type: field.type, previousFields: [] } });
      created[field.key] = made.id;
    }
    const idOf = (key: string) => created[key] ?? key;
    for (const [index, field] of builder.fields.entries()) {
      await callApi(`/v1/form-field/${encodeURIComponent(idOf(field.key))}`, { method: 'PATCH', authToken, body: { updates: fieldPayload(builder.fields, index, idOf), options: { replaceObjectFields: true } } });
    }
    const kept = new Set(builder.fields.map((field) => idOf(field.key)));
    for (const field of existing) if (!kept.has(field.id)) await callApi(`/v1/form-field/${encodeURIComponent(field.id)}`, { method: 'DELETE', authToken });
  } catch (error) {
    const problem = apiProblem(error, ['title', 'displayTitle', 'description', 'thanksMessage', 'intakePhone']);
    // On the field it names, the message without the api's 'Error parsing field …:' preamble.
    return { problem: problem.field ? { ...problem, message: problem.message.replace(/^Error parsing field [\w.]+: /, '') } : problem, created, formId };
  }
  return { savedId: formId };
};

/** A copy of a form with its questions ('Copy of …'), its links pointing at the copies. */
export const duplicateForm = async (authToken: string, id: string) => {
  const { builder } = await loadBuilder(authToken, id);
  const copy: BuilderForm = {
    settings: { ...builder.settings, title: `Copy of ${builder.settings.title}`.slice(0, 250) },
    // New keys: the copy's questions are made afresh; rules and groups follow the renamed keys.
    fields: builder.fields.map((field) => ({ ...field, key: `new-${field.key}`, subFields: field.subFields.map((key) => `new-${key}`), rules: field.rules?.length ? field.rules.map((rule) => (rule.after ? { ...rule, after: `new-${rule.after}` } : rule)) : null, kept: [] })),
  };
  return saveBuilder(authToken, undefined, copy);
};

/** Archive (or bring back): the form keeps its questions and responses; archived forms leave the list and the send menus. */
export const setArchived = (authToken: string, id: string, archived: boolean) =>
  callApi(`/v1/form/${encodeURIComponent(id)}`, { method: 'PATCH', authToken, body: { updates: { disabled: archived } } });
