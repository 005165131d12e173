import { ApiError, callApi, formErrorMessage } from '../api.server';
import { filterOfGroups, groupsOfForm } from './journey-builder/conditions';
import { tagsOfForm } from './journey-builder/tags';
import { STEP_FIELDS, type StepField, type StepFormState } from './step-shapes';
import { bulkRead, type ListLoad, type Row } from './bulk-read.server';
import type { Choice } from './choices';

const UNIT_MS: Record<string, number> = { Days: 86_400_000, Hours: 3_600_000, Minutes: 60_000, Seconds: 1000 };

const text = (form: FormData, name: StepField) => String(form.get(name) ?? '').trim();
/** A number as typed; an unreadable one goes to the api as it is, so its message is the api's. */
const numberOf = (value: string) => (value !== '' && Number.isFinite(Number(value)) ? Number(value) : value);

/** Leaves out settings left empty, so the api answers 'missing value for templateId' (naming the field) rather than 'Invalid id'. */
const compact = <T extends { type: string; info: Record<string, unknown> }>(part: T): T => ({
  ...part,
  info: Object.fromEntries(Object.entries(part.info).filter(([, value]) => value !== '')),
});

/** The step's event, in the shape of automation_steps.events[0] (docs/contract/automations.md#automation-steps). */
export const eventFromForm = (form: FormData) => {
  const type = text(form, 'eventType');
  if (type === 'onJourneyStart') return { type, info: {} };
  const info: Record<string, unknown> = { automationStepId: text(form, 'automationStepId') };
  if (type === 'afterAction' || type === 'formUnsubmitted') {
    const delay = numberOf(text(form, 'delay'));
    const unit = text(form, 'unit');
    Object.assign(info, { delay, unit, delayInMS: typeof delay === 'number' ? delay * (UNIT_MS[unit] ?? 0) : delay });
    // Every form step ticked cancels it (a step may wait on several forms' answers).
    const cancelOn = [...new Set(form.getAll('cancelFormStepId').map((value) => String(value).trim()).filter(Boolean))];
    if (cancelOn.length) info.cancelConditions = cancelOn.map((automationStepId) => ({ type: 'formResponse', info: { automationStepId } }));
  }
  if (type === 'waitForTrigger') info.triggerId = text(form, 'triggerId');
  if (type === 'ticketCompleted' && text(form, 'closedForReason')) info.closedForReason = text(form, 'closedForReason');
  return { type, info };
};

/** The step's action, with only the settings its type takes (the api refuses any other). */
export const actionFromForm = (form: FormData) => {
  const type = text(form, 'actionType');
  switch (type) {
    case 'sendEmail':
    case 'sendSMS':
      return { type, info: { senderId: text(form, 'senderId'), templateId: text(form, 'templateId') } };
    case 'sendForm':
      return { type, info: { senderId: text(form, 'senderId'), formId: text(form, 'formId') } };
    case 'setEnduserStatus':
      return { type, info: { status: text(form, 'status') } };
    case 'addEnduserTags':
    case 'removeEnduserTags':
      return { type, info: { tags: tagsOfForm(form, 'tags') } };
    case 'createTicket':
      return { type, info: { title: text(form, 'title'), defaultAssignee: text(form, 'senderId'), assignmentStrategy: { type: 'default', info: {} } } };
    case 'addToJourney':
    case 'removeFromJourney':
      return { type, info: { journeyId: text(form, 'journeyId') } };
    default:
      return { type, info: {} };
  }
};

/**
 * The form field an api refusal is about: the api names the column ('Error parsing field action: …'
 * or 'events'), and the message names the setting inside it when one is wrong ('templateId …').
 */
export const stepProblemField = (message: string): StepField | undefined => {
  const column = /^Error parsing field (\w+)/.exec(message)?.[1];
  if (column !== 'events' && column !== 'action') return undefined;
  const inner = STEP_FIELDS.filter((name) => name !== 'eventType' && name !== 'actionType').find((name) =>
    new RegExp(`\\b${name === 'senderId' ? '(senderId|defaultAssignee)' : name === 'automationStepId' ? 'automationStepId' : name}\\b`).test(message),
  );
  return inner ?? (column === 'events' ? 'eventType' : 'actionType');
};

/**
 * Creates (no step id) or replaces the event, action and conditions of a step of the journey: the one
 * path a step's change is saved by (a preview of a live journey's change hooks in here).
 */
export const submitStep = async (authToken: string, journeyId: string, form: FormData): Promise<StepFormState> => {
  const stepId = String(form.get('stepId') ?? '');
  const conditions = filterOfGroups(groupsOfForm(form));
  // An edited step's conditions are replaced; an empty filter holds for everyone.
  const fields = {
    events: [compact(eventFromForm(form))],
    action: compact(actionFromForm(form)),
    ...(conditions || stepId ? { enduserConditions: conditions ?? {} } : {}),
  };
  try {
    if (stepId) {
      await callApi(`/v1/automation-step/${encodeURIComponent(stepId)}`, {
        method: 'PATCH',
        authToken,
        body: { updates: fields, options: { replaceObjectFields: true } },
      });
    } else {
      await callApi('/v1/automation-step', { method: 'POST', authToken, body: { journeyId, ...fields } });
    }
    return { stepSaved: stepId ? 'Step saved' : 'Step added' };
  } catch (error) {
    const message = formErrorMessage(error);
    const field = error instanceof ApiError ? stepProblemField(message) : undefined;
    return field ? { stepErrors: { [field]: message } } : { stepError: message };
  }
};

/** Keeps where staff dragged a step on the canvas (flowchartUI); the chart places it there from now on. */
export const moveStep = async (authToken: string, form: FormData): Promise<StepFormState> => {
  const stepId = String(form.get('stepId') ?? '');
  const x = Number(form.get('x'));
  const y = Number(form.get('y'));
  if (!Number.isFinite(x) || !Number.isFinite(y)) return { stepError: 'The step could not be moved there' };
  try {
    await callApi(`/v1/automation-step/${encodeURIComponent(stepId)}`, { method: 'PATCH', authToken, body: { updates: { flowchartUI: { x, y } } } });
    return {};
  } catch (error) {
    return { stepError: formErrorMessage(error) };
  }
};

export const deleteStep = async (authToken: string, stepId: string): Promise<StepFormState> => {
  try {
    await callApi(`/v1/automation-step/${encodeURIComponent(stepId)}`, { method: 'DELETE', authToken });
    return { stepSaved: 'Step deleted' };
  } catch (error) {
    return { stepError: formErrorMessage(error) };
  }
};

export type { Choice };

/** The lists the step form names things from, as one bulk read asks for them (bulk-read.server.ts). */
export const STEP_CHOICE_LOADS = {
  templates: { model: 'templates', options: { limit: 1000 } },
  forms: { model: 'forms', options: { limit: 1000 } },
  users: { model: 'users', options: { limit: 1000 } },
  journeys: { model: 'journeys', options: { limit: 1000 } },
  triggers: { model: 'automation_triggers', options: { limit: 1000 } },
} satisfies Record<string, ListLoad>;

const titled = (record: Row) => (typeof record.title === 'string' && record.title) || 'Untitled';
const staffName = (record: Row) => [record.fname, record.lname].filter(Boolean).join(' ') || (typeof record.email === 'string' && record.email) || 'A staff member';
const choicesOf = (records: Row[], label: (record: Row) => string): Choice[] => records.map((record) => ({ id: record.id, label: label(record) }));

/** The step form's choices from those lists (a list the role may not read is empty). */
export const stepChoicesFrom = (lists: Record<keyof typeof STEP_CHOICE_LOADS, Row[]>) => ({
  templates: choicesOf(lists.templates, titled),
  forms: lists.forms.map((form): Choice => ({ id: form.id, label: titled(form), ...(form.disabled === true ? { archived: true as const } : {}), ...(form.type === 'note' ? { note: true as const } : {}) })),
  users: choicesOf(lists.users, staffName),
  journeys: choicesOf(lists.journeys, titled),
  triggers: choicesOf(lists.triggers, titled),
});

/** Templates, forms, staff, journeys and triggers the step form offers by name, in one request. */
export const stepChoices = async (authToken: string) => stepChoicesFrom(await bulkRead(authToken, STEP_CHOICE_LOADS));
