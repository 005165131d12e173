import { redirect } from '@remix-run/node';
import { callApi } from '../../api.server';
import { apiProblem } from '../api-fields.server';
import { readRecord } from '../shell/refuse.server';
import type { SaveProblem } from '../scheduling/records.server';
import type { StaffUser } from '../session.server';
import { templateValues, type TemplateValues } from './template-values';

export type TemplateRow = Record<string, unknown> & { id: string };

export const TEMPLATES_PATH = '/staff/templates';

export const listTemplates = (authToken: string) => callApi<TemplateRow[]>('/v1/templates', { authToken, query: { limit: '1000', sort: 'newFirst' } });

/** One template for its page ('new' is none); unknown or refused ids are the staff app's not-found page. */
export const readTemplate = (authToken: string, id: string | undefined) =>
  !id || id === 'new' ? Promise.resolve(undefined) : readRecord('record', () => callApi<TemplateRow>(`/v1/template/${encodeURIComponent(id)}`, { authToken }));

const FIELDS = ['title', 'subject', 'message', 'html', 'editorState'] as const;

/** The record's fields from the form's values: the rich text's three forms are stored together (html, editorState, message). */
const payloadOf = (values: TemplateValues) => ({
  title: values.title.trim(),
  subject: values.subject.trim(),
  message: values.message,
  html: values.html || null,
  editorState: values.editorState || null,
  mode: 'richtext',
});

/** Creates or updates; a refusal comes back on the field it names (the form keeps what was typed), a save goes back to the list. */
export const saveTemplate = async (authToken: string, id: string | undefined, values: TemplateValues) => {
  const payload = payloadOf(values);
  try {
    if (id) await callApi(`/v1/template/${encodeURIComponent(id)}`, { method: 'PATCH', authToken, body: { updates: payload, options: { replaceObjectFields: true } } });
    else await callApi('/v1/template', { method: 'POST', authToken, body: Object.fromEntries(Object.entries(payload).filter(([, value]) => value !== null)) });
  } catch (error) {
    return { problem: apiProblem(error, FIELDS) as SaveProblem };
  }
  return redirect(`${TEMPLATES_PATH}?notice=${encodeURIComponent(`Saved ${payload.title}.`)}`);
};

/** A copy named "Copy of …" (cut to the title's 100 characters), opened for editing. */
export const duplicateTemplate = async (authToken: string, id: string) => {
  const source = await readTemplate(authToken, id);
  const values = templateValues(source);
  const title = `Copy of ${values.title}`.slice(0, 100);
  try {
    const copy = await callApi<TemplateRow>('/v1/template', {
      method: 'POST',
      authToken,
      body: Object.fromEntries(Object.entries({ ...payloadOf(values), title, tags: source?.tags }).filter(([, value]) => value !== null && value !== undefined)),
    });
    return redirect(`${TEMPLATES_PATH}/${copy.id}?notice=${encodeURIComponent(`This is a copy of ${values.title}. Rename it and save.`)}`);
  } catch (error) {
    return { problem: apiProblem(error, []) as SaveProblem };
  }
};

export const deleteTemplate = async (authToken: string, id: string, title: string) => {
  try {
    await callApi(`/v1/template/${encodeURIComponent(id)}`, { method: 'DELETE', authToken });
  } catch (error) {
    return { problem: apiProblem(error, []) as SaveProblem };
  }
  return redirect(`${TEMPLATES_PATH}?notice=${encodeURIComponent(`Deleted ${title}.`)}`);
};

export interface TemplatePreview {
  subject: string;
  html: string;
  plaintext: string;
}

/**
 * The template as one patient gets it, rendered by the api's templated-message call: the server's
 * own renderer with the patient, the staff member as the sender and their organization (the same
 * records a journey step reads), so the preview cannot drift from what is sent.
 */
export const previewTemplate = async (authToken: string, user: StaffUser, enduserId: string, values: Pick<TemplateValues, 'subject' | 'message' | 'html'>) => {
  try {
    const rendered = await callApi<{ plaintext: string; html: string; subject?: string }>('/v1/templated-message', {
      method: 'POST',
      authToken,
      body: { message: values.message || ' ', html: values.html || undefined, subject: values.subject, userId: user.id, enduserId },
    });
    return { preview: { subject: rendered.subject ?? '', html: rendered.html, plaintext: rendered.plaintext } satisfies TemplatePreview };
  } catch (error) {
    return { previewProblem: apiProblem(error, []).message };
  }
};
