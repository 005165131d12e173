import { callApi } from '../../api.server';
import { apiProblem } from '../api-fields.server';
import { filterOfRows, rowsOfForm } from '../journey-builder/conditions';
import { actionSettings, eventSettings, TRIGGER_FIELDS, type Trigger, type TriggerField, type TriggerFormState } from './trigger-shapes';

const text = (form: FormData, name: TriggerField) => String(form.get(name) ?? '').trim();
const tagList = (value: string) =>
  value
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);

/** The settings of the chosen type, from the form (those left empty left out, so the api names what is missing). */
const infoOf = (form: FormData, names: TriggerField[]) =>
  Object.fromEntries(names.map((name) => [name, name === 'tags' ? tagList(text(form, name)) : text(form, name)]).filter(([, value]) => value !== '' && !(Array.isArray(value) && value.length === 0)));

/** The field a refusal is about: the api names the column (event or action) and the setting inside it. */
const problemField = (message: string): TriggerField | undefined => {
  const column = /^Error parsing field (\w+)/.exec(message)?.[1];
  if (column === 'title' || column === 'status') return column;
  if (column !== 'event' && column !== 'action') return undefined;
  const inner = (['formId', 'field', 'value', 'journeyId', 'tags'] as const).find((name) => new RegExp(`\\b${name}\\b`).test(message));
  return inner ?? (column === 'event' ? 'eventType' : 'actionType');
};

/** Creates (no id) or saves a trigger: its title, event, action, conditions and status. */
export const submitTrigger = async (authToken: string, form: FormData, id?: string): Promise<TriggerFormState & { id?: string }> => {
  const eventType = text(form, 'eventType');
  const actionType = text(form, 'actionType');
  const condition = filterOfRows(rowsOfForm(form));
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
