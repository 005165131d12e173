import { JOURNEY_ACTIONS, JOURNEY_ACTION_TYPES, JOURNEY_EVENT_TYPES, UNITS_OF_TIME } from '@carelane/automation';

/** The step form's fields and which event and action types use them; the types and their labels are the automation catalogue's. */
export const STEP_FIELDS = [
  'eventType', 'automationStepId', 'delay', 'unit', 'cancelFormStepId', 'triggerId', 'closedForReason',
  'actionType', 'senderId', 'templateId', 'formId', 'status', 'tags', 'title', 'journeyId',
] as const;
export type StepField = (typeof STEP_FIELDS)[number];
export type StepFormState = { stepSaved?: string; stepErrors?: Partial<Record<StepField, string>>; stepError?: string };

export const EVENT_TYPES = JOURNEY_EVENT_TYPES;
export const UNITS = UNITS_OF_TIME;

/** Event settings by event type. */
export const EVENT_FIELDS: Record<string, StepField[]> = {
  onJourneyStart: [],
  afterAction: ['automationStepId', 'delay', 'unit', 'cancelFormStepId'],
  formResponse: ['automationStepId'],
  formUnsubmitted: ['automationStepId', 'delay', 'unit', 'cancelFormStepId'],
  ticketCompleted: ['automationStepId', 'closedForReason'],
  waitForTrigger: ['automationStepId', 'triggerId'],
};

/** Action settings by action type (createTicket's assignee is the sender field). */
export const ACTION_FIELDS: Record<string, StepField[]> = {
  sendEmail: ['senderId', 'templateId'],
  sendSMS: ['senderId', 'templateId'],
  sendForm: ['senderId', 'formId'],
  setEnduserStatus: ['status'],
  addEnduserTags: ['tags'],
  removeEnduserTags: ['tags'],
  createTicket: ['title', 'senderId'],
  addToJourney: ['journeyId'],
  removeFromJourney: ['journeyId'],
};

/** The actions this form can set up: those with settings above, and those that take none. */
export const ACTION_TYPES = JOURNEY_ACTION_TYPES.filter((type) => type in ACTION_FIELDS || JOURNEY_ACTIONS[type].info === null);

/** An event or action type as staff read it in the form's lists (never the type itself: plain-language.ts). */
export { actionLabel, eventLabel } from './plain-language';

/** A stored step as the form's starting values. */
export const stepValues = (step?: { events: { type: string; info?: Record<string, unknown> }[]; action: { type: string; info?: Record<string, unknown> } }) => {
  const event = step?.events[0];
  const info = { ...(event?.info ?? {}), ...(step?.action.info ?? {}) } as Record<string, unknown>;
  const str = (value: unknown) => (value === undefined || value === null ? '' : Array.isArray(value) ? value.join(', ') : String(value));
  return {
    eventType: event?.type ?? 'onJourneyStart',
    actionType: step?.action.type ?? 'sendEmail',
    automationStepId: str(info.automationStepId),
    delay: str(info.delay),
    unit: str(info.unit) || 'Days',
    cancelFormStepId: stepLists(step).cancelFormStepIds.join(', '),
    triggerId: str(info.triggerId),
    closedForReason: str(info.closedForReason),
    senderId: str(info.senderId ?? info.defaultAssignee),
    templateId: str(info.templateId),
    formId: str(info.formId),
    status: str(info.status),
    tags: str(info.tags),
    title: str(info.title),
    journeyId: str(info.journeyId),
  } satisfies Record<StepField, string>;
};

/** A stored step's settings that are lists: the form steps whose answer cancels it, and its tags. */
export const stepLists = (step?: { events: { type: string; info?: Record<string, unknown> }[]; action: { type: string; info?: Record<string, unknown> } }) => {
  const cancelConditions = (step?.events[0]?.info?.cancelConditions as { type?: string; info?: { automationStepId?: unknown } }[] | undefined) ?? [];
  const tags = step?.action.info?.tags;
  return {
    cancelFormStepIds: cancelConditions.map((condition) => condition.info?.automationStepId).filter((id): id is string => typeof id === 'string'),
    tags: Array.isArray(tags) ? tags.map(String) : [],
  };
};
