import { callApi } from '../../api.server';
import { PROFILE_FIELDS, type FieldChoice } from './patient-fields';
import type { TagInUse } from './tags';

interface Question {
  formId: string;
  title?: string;
  intakeField?: string;
  options?: { choices?: unknown[] };
}

/**
 * The fields a condition may read: the patient's own, then each custom field a form question fills in
 * (its intakeField, copied onto the patient on submission), named after the question, so a branch on
 * a form's answer is picked by the question's words, with its answers offered as values; Tags offers
 * the tags in use.
 */
export const patientFields = async (authToken: string, forms: { id: string; label: string }[], tags: TagInUse[] = []): Promise<FieldChoice[]> => {
  let questions: Question[] = [];
  try {
    questions = await callApi<Question[]>('/v1/form-fields', { authToken, query: { limit: '1000' } });
  } catch {
    // A role that may not read form questions still picks the patient's own fields.
  }
  const formTitle = new Map(forms.map((form) => [form.id, form.label]));
  const custom = new Map<string, FieldChoice>();
  for (const question of questions) {
    const key = question.intakeField?.trim();
    if (!key || PROFILE_FIELDS.some((field) => field.id === key) || custom.has(key)) continue;
    const form = formTitle.get(question.formId);
    const values = (question.options?.choices ?? []).map(String).filter(Boolean);
    custom.set(key, { id: key, label: `Answer to '${question.title || key}'${form ? ` (${form})` : ''}`, ...(values.length ? { values } : {}) });
  }
  const profile = PROFILE_FIELDS.map((field) => (field.id === 'tags' && tags.length ? { ...field, values: tags.map((entry) => entry.tag) } : field));
  return [...profile, ...[...custom.values()].sort((a, b) => a.label.localeCompare(b.label))];
};
