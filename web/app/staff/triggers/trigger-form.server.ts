import { callApi } from '../../api.server';
import { apiProblem } from '../api-fields.server';
import { filterOfGroups, groupsOfForm } from '../journey-builder/conditions';
import { tagsOfForm } from '../journey-builder/tags';
import { actionSettings, eventSettings, TRIGGER_FIELDS, type Trigger, type TriggerField, type TriggerFormState } from './trigger-shapes';

const text = (form: FormData, name: TriggerField) => String(form.get(name) ?? '').trim();
const UNIT_MS: Record<string, number> = { Days: 86_400_000, Hours: 3_600_000, Minutes: 60_000 };
/** A number as typed; an unreadable one goes to the api as it is, so its message is the api's. */
const numberOf = (value: string) => (value !== '' && Number.isFinite(Number(value)) ? Number(value) : value);

/** Set Fields' rows (setterName, setterType, setterValue in order); a row without a field is left out. */
const settersOf = (form: FormData) => {
  const names = form.getAll('setterName').map((value) => String(value).trim());
  const types = form.getAll('setterType').map(String);
  const values = form.getAll('setterValue').map((value) => String(value).trim());
  return names.flatMap((name, index) => {
    if (!name) return [];
    const type = types[index] || 'Custom Value';
    const value = values[index] ?? '';
    // A date or time needs no value; a number goes up by the one given (1 when none is).
    if (type === 'Current Date' || type === 'Current Timestamp') return [{ name, type, value: '' }];
    if (type === 'Increment Number') return [{ name, type, value: value || '1', increment: Number(value) || 1 }];
    return [{ name, type, value }];
  });
};

/** One setting's value as the api takes it: lists for tags, staff and fields, milliseconds for the wait, a number for a count. */
const settingOf = (form: FormData, name: TriggerField): [string, unknown] => {
  switch (name) {
    case 'tags':
      return ['tags', tagsOfForm(form, 'tags')];
    case 'userIds':
      return ['userIds', [...new Set(form.getAll('userIds').map(String).filter(Boolean))]];
    case 'fields':
      return ['fields', settersOf(form)];
    case 'interval': {
      const amount = numberOf(text(form, 'interval'));
      return ['intervalInMS', typeof amount === 'number' ? amount * (UNIT_MS[text(form, 'intervalUnit')] ?? UNIT_MS.Days!) : amount];
    }
    default:
      return [name, text(form, name)];
  }
};

/** The settings of the chosen type, from the form (those left empty left out, so the api names what is missing). */
const infoOf = (form: FormData, names: TriggerField[]) =>
  Object.fromEntries(
    names
      .filter((name) => name !== 'intervalUnit')
      .map((name) => settingOf(form, name))
      .filter(([, value]) => value !== '' && !(Array.isArray(value) && value.length === 0)),
  );

/** The field a refusal is about: the api names the column (event or action) and the setting inside it. */
const problemField = (message: string): TriggerField | undefined => {
  const column = /^Error parsing field (\w+)/.exec(message)?.[1];
  if (column === 'title' || column === 'status') return column;
  if (column !== 'event' && column !== 'action') return undefined;
  // The setting is named after the prefix ('Error parsing field action: … journeyId'), which itself says "field".
  const detail = message.replace(/^Error parsing field \w+:?/, '');
  const inner = (['formId', 'field', 'value', 'journeyId', 'tags', 'fields', 'userIds', 'waitlistId'] as const).find((name) => new RegExp(`\\b${name}\\b`).test(detail));
  if (!inner && /\bintervalInMS\b/.test(detail)) return 'interval';
  return inner ?? (column === 'event' ? 'eventType' : 'actionType');
};

/** Creates (no id) or saves a trigger: its title, event, action, conditions and status. */
export const submitTrigger = async (authToken: string, form: FormData, id?: string): Promise<TriggerFormState & { id?: string }> => {
  const eventType = text(form, 'eventType');
  const actionType = text(form, 'actionType');
  const condition = filterOfGroups(groupsOfForm(form));
  const fields = {
    title: text(form, 'title'),
    status: text(form, 'status') === 'Active' ? 'Active' : 'Inactive',
    event: { type: eventType, info: infoOf(form, eventSettings(eventType)) },
    action: { type: actionType, info: infoOf(form, actionSettings(actionType)) },
    ...(condition || id ? { enduserCondition: condition ?? {} } : {}),
  };
  if (!fields.title) return { fieldErrors: { title: 'A title is required' } };
  try {
    const saved = id
      ? await callApi<Trigger>(`/v1/automation-trigger/${encodeURIComponent(id)}`, { method: 'PATCH', authToken, body: { updates: fields, options: { replaceObjectFields: true } } })
      : await callApi<Trigger>('/v1/automation-trigger', { method: 'POST', authToken, body: fields });
    return { saved: saved.title, id: saved.id };
  } catch (error) {
    const problem = apiProblem(error, TRIGGER_FIELDS);
    const field = problem.field as TriggerField | undefined ?? problemField(problem.message);
    return field ? { fieldErrors: { [field]: problem.message } } : { formError: problem.message };
  }
};

/** Turns a trigger on or off from the list's switch. */
export const setTriggerStatus = async (authToken: string, id: string, active: boolean): Promise<TriggerFormState> => {
  try {
    const saved = await callApi<Trigger>(`/v1/automation-trigger/${encodeURIComponent(id)}`, { method: 'PATCH', authToken, body: { updates: { status: active ? 'Active' : 'Inactive' } } });
    return { saved: `${saved.title} is ${saved.status === 'Active' ? 'active' : 'inactive'}` };
  } catch (error) {
    return { formError: apiProblem(error, []).message };
  }
};
