import { callApi, formErrorMessage } from '../../api.server';
import { formatIn } from '../../time/format';
import type { PatientFields } from '../patient-fields/field-definitions.server';
import { hasChoices, OFFERED_KINDS, type FieldDefinition } from '../patient-fields/field-kinds';
import type { Enduser } from './patient.server';

/**
 * A patient's detail (enduser.fields: set by imports, forms, journeys' and triggers' "set fields"
 * steps, or here), as the record shows it: the details the clinic keeps (Settings > Patient details)
 * first, each with a box of its kind, then any others the patient has, by name. A value of another
 * shape than its kind (a list a program wrote under a text detail) is shown as it is, not edited, since
 * a box of the kind would change it.
 */
export type DetailRow = {
  name: string;
  /** The defined kind ('Select', 'Date' ...); 'Text' for the patient's own other details. */
  kind: string;
  defined: boolean;
  /** The value in words ('' when the patient has none). */
  value: string;
  /** A list's items, the choices picked, or a date's YYYY-MM-DD. */
  values: string[];
  /** A choice's choices (with the patient's own value when it is no longer one of them). */
  choices: string[];
  editable: boolean;
};

const shown = (value: unknown) => {
  if (Array.isArray(value)) return value.map((item) => (typeof item === 'object' ? JSON.stringify(item) : String(item))).join(', ');
  if (value !== null && typeof value === 'object') return JSON.stringify(value);
  return String(value ?? '');
};

const isSet = (value: unknown) => value !== null && value !== undefined && value !== '';
const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);
const strings = (value: unknown): string[] | undefined =>
  value === undefined || value === null || value === '' ? [] : typeof value === 'string' ? [value] : Array.isArray(value) && value.every((item) => typeof item === 'string') ? value : undefined;

/** Whether a stored value fits a box of the kind without changing its type. */
const fits = (kind: string, value: unknown) => {
  if (!isSet(value)) return (OFFERED_KINDS as readonly string[]).includes(kind);
  switch (kind) {
    case 'Text':
    case 'Select':
      return typeof value === 'string';
    case 'Date':
      return typeof value === 'string' && isDay(value);
    case 'Number':
      return typeof value === 'number' || (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)));
    case 'Multiple Text':
    case 'Multiple Select':
      return strings(value) !== undefined;
    default:
      return false;
  }
};

/** A day as people read it ('Mar 4, 2026'): a calendar date, the same on every clock, so read as UTC's. */
const dayWords = (day: string) => formatIn(`${day}T00:00:00Z`, 'UTC', 'date');

const definedRow = (definition: FieldDefinition, value: unknown): DetailRow => {
  const values = strings(value) ?? [];
  if (definition.kind === 'Date' && typeof value === 'string' && isDay(value)) {
    return { name: definition.name, kind: 'Date', defined: true, value: dayWords(value), values: [value], choices: [], editable: true };
  }
  const own = hasChoices(definition.kind) ? values : [];
  return {
    name: definition.name,
    kind: definition.kind,
    defined: true,
    value: isSet(value) ? shown(value) : '',
    values,
    choices: [...definition.choices, ...own.filter((item) => !definition.choices.includes(item))],
    editable: fits(definition.kind, value),
  };
};

/** The clinic's details in its order, then the patient's others (A to Z, as people look one up). */
export const detailRows = (enduser: Enduser, definitions: FieldDefinition[] = []): DetailRow[] => {
  const fields = enduser.fields ?? {};
  const definedNames = new Set(definitions.map((definition) => definition.name));
  const others = Object.entries(fields)
    .filter(([name, value]) => !definedNames.has(name) && isSet(value))
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, value]): DetailRow => ({ name, kind: 'Text', defined: false, value: shown(value), values: [], choices: [], editable: typeof value === 'string' }));
  return [...definitions.map((definition) => definedRow(definition, fields[definition.name])), ...others];
};

export type DetailsState = { intent: 'details'; saved?: string; formError?: string; fieldErrors?: Record<string, string> };

const text = (form: FormData, name: string) => String(form.get(name) ?? '').trim();

/** A row's posted value in its kind's type (undefined: clear it), or the reason it cannot be kept. */
const postedValue = (row: DetailRow, form: FormData): { value?: unknown; problem?: string } => {
  const name = `detail:${row.name}`;
  const raw = text(form, name);
  switch (row.kind) {
    case 'Multiple Text': {
      const items = raw.split('\n').map((line) => line.trim()).filter(Boolean);
      return { value: items.length ? items : undefined };
    }
    case 'Multiple Select': {
      const picked = form.getAll(name).map(String).filter((item) => row.choices.includes(item));
      return { value: picked.length ? picked : undefined };
    }
    case 'Select':
      if (raw && !row.choices.includes(raw)) return { problem: `Pick one of the choices for ${row.name}` };
      return { value: raw || undefined };
    case 'Date':
      if (raw && !isDay(raw)) return { problem: `Enter ${row.name} as a date` };
      return { value: raw || undefined };
    case 'Number':
      if (raw && !Number.isFinite(Number(raw))) return { problem: `Enter ${row.name} as a number` };
      return { value: raw ? Number(raw) : undefined };
    default:
      return { value: raw || undefined };
  }
};

/**
 * Writes the posted boxes of `rows` into `fields`, each in its kind's type (a list, a date as
 * YYYY-MM-DD, a number), a cleared one removed; only rows the form showed as editable are read
 * (their `shown` marks). Returns the boxes' problems, by field name.
 */
export const applyPostedDetails = (rows: DetailRow[], form: FormData, fields: Record<string, unknown>) => {
  const posted = new Set(form.getAll('shown').map(String));
  const fieldErrors: Record<string, string> = {};
  for (const row of rows.filter((row) => row.editable && posted.has(row.name))) {
    const { value, problem } = postedValue(row, form);
    if (problem) fieldErrors[`detail:${row.name}`] = problem;
    else if (value === undefined) delete fields[row.name];
    else fields[row.name] = value;
  }
  return fieldErrors;
};

/**
 * Saves the edited details, and a new name and value when the clinic allows details of staff's own.
 * Values the form did not show as editable are kept as stored. The api's rules (reserved names,
 * lengths) judge the result; a refusal changes nothing.
 */
export const saveDetails = async (authToken: string, enduser: Enduser, clinic: PatientFields, form: FormData): Promise<DetailsState> => {
  const next: Record<string, unknown> = { ...(enduser.fields ?? {}) };
  const fieldErrors = applyPostedDetails(detailRows(enduser, clinic.definitions), form, next);
  const newName = clinic.othersAllowed ? text(form, 'newDetailName') : '';
  const newValue = clinic.othersAllowed ? text(form, 'newDetailValue') : '';
  if (newName && !newValue) fieldErrors.newDetailValue = `Enter what ${newName} is for this patient`;
  if (newValue && !newName) fieldErrors.newDetailName = 'Name the detail, for example Insurance';
  if (Object.keys(fieldErrors).length) return { intent: 'details', fieldErrors };
  if (newName) next[newName] = newValue;
  try {
    await callApi(`/v1/enduser/${encodeURIComponent(enduser.id)}`, { method: 'PATCH', authToken, body: { updates: { fields: next }, options: { replaceObjectFields: true } } });
    return { intent: 'details', saved: newName ? `${newName} added` : 'Details saved' };
  } catch (error) {
    return { intent: 'details', formError: formErrorMessage(error).replace(/^Error parsing field fields: /, '') };
  }
};
