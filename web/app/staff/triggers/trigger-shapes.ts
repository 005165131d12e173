import { TRIGGER_ACTIONS, TRIGGER_ACTION_TYPES, TRIGGER_EVENTS, TRIGGER_EVENT_TYPES, type CatalogueEntry, type NameOf } from '@carelane/automation';

/** The trigger form's settings; each event or action type shows only those it takes. */
export const TRIGGER_FIELDS = ['title', 'eventType', 'formId', 'field', 'value', 'actionType', 'journeyId', 'tags', 'status'] as const;
export type TriggerField = (typeof TRIGGER_FIELDS)[number];
export type TriggerFormState = { saved?: string; fieldErrors?: Partial<Record<TriggerField, string>>; formError?: string };

/** Event settings by event type, for the events the form sets up (those taking no settings, or only these). */
const EVENT_SETTINGS: Partial<Record<string, TriggerField[]>> = {
  'Form Submitted': ['formId'],
  'Field Equals': ['field', 'value'],
};
/** Action settings by action type. */
const ACTION_SETTINGS: Partial<Record<string, TriggerField[]>> = {
  'Add To Journey': ['journeyId'],
  'Remove From Journey': ['journeyId'],
  'Add Tags': ['tags'],
  'Remove Tags': ['tags'],
  'Add Access Tags': ['tags'],
};

const settingsOf = (entry: CatalogueEntry, known: Partial<Record<string, TriggerField[]>>) => known[entry.type] ?? (entry.info === null || entry.info === 'any' ? [] : undefined);

/** The events and actions staff can pick here: those whose settings the form has (the others are set up through the api). */
export const TRIGGER_EVENT_CHOICES = TRIGGER_EVENT_TYPES.filter((type) => settingsOf(TRIGGER_EVENTS[type], EVENT_SETTINGS) !== undefined);
export const TRIGGER_ACTION_CHOICES = TRIGGER_ACTION_TYPES.filter((type) => settingsOf(TRIGGER_ACTIONS[type], ACTION_SETTINGS) !== undefined);
export const eventSettings = (type: string): TriggerField[] => EVENT_SETTINGS[type] ?? [];
export const actionSettings = (type: string): TriggerField[] => ACTION_SETTINGS[type] ?? [];

export const eventLabelOf = (type: string) => (TRIGGER_EVENTS as Record<string, CatalogueEntry | undefined>)[type]?.label ?? 'An event this app does not know';
export const actionLabelOf = (type: string) => (TRIGGER_ACTIONS as Record<string, CatalogueEntry | undefined>)[type]?.label ?? 'An action this app does not know';

export interface Trigger {
  id: string;
  title: string;
  status: 'Active' | 'Inactive';
  event: { type: string; info?: Record<string, unknown> };
  action: { type: string; info?: Record<string, unknown> };
  enduserCondition?: Record<string, unknown>;
}

/** A trigger's two sentences: "When 'Intake' is submitted" and "Add to the journey 'Onboarding'". */
export const triggerSentences = (trigger: Trigger, nameOf: NameOf) => {
  const event = (TRIGGER_EVENTS as Record<string, CatalogueEntry | undefined>)[trigger.event.type];
  const action = (TRIGGER_ACTIONS as Record<string, CatalogueEntry | undefined>)[trigger.action.type];
  return {
    when: event ? event.describe(trigger.event.info ?? {}, nameOf) : 'When an event this app does not know happens',
    then: action ? action.describe(trigger.action.info ?? {}, nameOf) : 'An action this app does not know',
  };
};

/** A stored trigger as the form's starting values. */
export const triggerValues = (trigger?: Trigger): Record<TriggerField, string> => {
  const info = { ...(trigger?.event.info ?? {}), ...(trigger?.action.info ?? {}) };
  const str = (value: unknown) => (value === undefined || value === null ? '' : Array.isArray(value) ? value.join(', ') : String(value));
  return {
    title: trigger?.title ?? '',
    eventType: trigger?.event.type ?? 'Form Submitted',
    formId: str(info.formId),
    field: str(info.field),
    value: str(info.value),
    actionType: trigger?.action.type ?? 'Add To Journey',
    journeyId: str(info.journeyId),
    tags: str(info.tags),
    status: trigger?.status ?? 'Inactive',
  };
};
