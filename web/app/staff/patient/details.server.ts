import { callApi, formErrorMessage } from '../../api.server';
import type { Enduser } from './patient.server';

/**
 * A custom field of the patient (enduser.fields: set by imports, forms, journeys' and triggers' "set
 * fields" steps, or here), as the record shows it. Text is edited in place; other values (numbers,
 * lists, objects a program wrote) are shown as they are, since a text box would change their type.
 */
export type DetailRow = { name: string; value: string; editable: boolean };

const shown = (value: unknown) => {
  if (Array.isArray(value)) return value.map((item) => (typeof item === 'object' ? JSON.stringify(item) : String(item))).join(', ');
  if (value !== null && typeof value === 'object') return JSON.stringify(value);
  return String(value ?? '');
};

/** The patient's custom fields by name (A to Z, as people look one up). */
export const detailRows = (enduser: Enduser): DetailRow[] =>
  Object.entries(enduser.fields ?? {})
    .filter(([, value]) => value !== null && value !== undefined && value !== '')
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, value]) => ({ name, value: shown(value), editable: typeof value === 'string' }));

export type DetailsState = { intent: 'details'; saved?: string; formError?: string; fieldErrors?: Record<string, string> };

const text = (form: FormData, name: string) => String(form.get(name) ?? '').trim();

/**
 * Saves the edited custom fields: a cleared one is removed, a new name and value is added (or sets a
 * field of that name). Fields the form did not show as editable are kept as stored. The api's rules
 * (reserved names, lengths) judge the result; a refusal changes nothing.
 */
export const saveDetails = async (authToken: string, enduser: Enduser, form: FormData): Promise<DetailsState> => {
  const next: Record<string, unknown> = { ...(enduser.fields ?? {}) };
  for (const row of detailRows(enduser).filter((row) => row.editable)) {
    if (!form.has(`detail:${row.name}`)) continue;
    const value = text(form, `detail:${row.name}`);
    if (value) next[row.name] = value;
    else delete next[row.name];
  }
  const newName = text(form, 'newDetailName');
  const newValue = text(form, 'newDetailValue');
  if (newName && !newValue) return { intent: 'details', fieldErrors: { newDetailValue: `Enter what ${newName} is for this patient` } };
  if (newValue && !newName) return { intent: 'details', fieldErrors: { newDetailName: 'Name the detail, for example Insurance' } };
  if (newName) next[newName] = newValue;
  try {
    await callApi(`/v1/enduser/${encodeURIComponent(enduser.id)}`, { method: 'PATCH', authToken, body: { updates: { fields: next }, options: { replaceObjectFields: true } } });
    return { intent: 'details', saved: newName ? `${newName} added` : 'Details saved' };
  } catch (error) {
    return { intent: 'details', formError: formErrorMessage(error).replace(/^Error parsing field fields: /, '') };
  }
};
