import { spanOf, TRIGGER_ACTIONS, TRIGGER_ACTION_TYPES, TRIGGER_EVENTS, TRIGGER_EVENT_TYPES, type CatalogueEntry, type NameOf } from '@carelane/automation';

/** The trigger form's settings; each event or action type shows only those it takes. */
export const TRIGGER_FIELDS = [
  'title', 'eventType', 'formId', 'interval', 'intervalUnit', 'field', 'value',
  'actionType', 'journeyId', 'tags', 'fields', 'userIds', 'waitlistId', 'status',
] as const;
export type TriggerField = (typeof TRIGGER_FIELDS)[number];
export type TriggerFormState = { saved?: string; fieldErrors?: Partial<Record<TriggerField, string>>; formError?: string };

/** Event settings by event type, for the events the form sets up (those taking no settings, or only these). */
const EVENT_SETTINGS: Partial<Record<string, TriggerField[]>> = {
  'Form Submitted': ['formId'],
  'Form Unsubmitted': ['formId', 'interval', 'intervalUnit'],
  'Field Equals': ['field', 'value'],
};
/**
 * Action settings by action type. 'Grant Access From Waitlist' is not offered: a patient here waits for
 * an appointment type and is offered freed times, so there is nothing to grant (docs/decisions.md, "Waitlist triggers").
 */
const ACTION_SETTINGS: Partial<Record<string, TriggerField[]>> = {
  'Add To Journey': ['journeyId'],
  'Remove From Journey': ['journeyId'],
  'Add Tags': ['tags'],
  'Remove Tags': ['tags'],
  'Add Access Tags': ['tags'],
  'Set Fields': ['fields'],
  'Assign Care Team': ['userIds'],
  'Remove Care Team': ['userIds'],
  'Add to Waitlist': ['waitlistId'],
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

/** How a Set Fields setter fills its field (the reference client's EnduserFieldSetter types), as staff read it. */
export const SETTER_TYPES = [
  { id: 'Custom Value', label: 'To this value' },
  { id: 'Current Date', label: "To today's date" },
  { id: 'Current Timestamp', label: 'To the current time' },
  { id: 'Increment Number', label: 'Up by this number' },
] as const;
export type FieldSetter = { name: string; type: string; value: string };

/** The units Form Unsubmitted's wait is edited in. */
export const INTERVAL_UNITS = ['Days', 'Hours', 'Minutes'] as const;

/** A stored trigger as the form's starting values. */
export const triggerValues = (trigger?: Trigger): Record<TriggerField, string> => {
  const info = { ...(trigger?.event.info ?? {}), ...(trigger?.action.info ?? {}) };
  const str = (value: unknown) => (value === undefined || value === null ? '' : Array.isArray(value) ? value.join(', ') : String(value));
  const span = typeof info.intervalInMS === 'number' ? spanOf(info.intervalInMS) : undefined;
  // Under a minute is shown in (rounded) minutes: the form offers days, hours and minutes.
  const [interval, intervalUnit] = !span ? [undefined, 'Days'] : span[1] === 'Seconds' ? [Math.round(Number(info.intervalInMS) / 60_000), 'Minutes'] : span;
  return {
    title: trigger?.title ?? '',
    eventType: trigger?.event.type ?? 'Form Submitted',
    formId: str(info.formId),
    interval: str(interval),
    intervalUnit: INTERVAL_UNITS.includes(intervalUnit as never) ? intervalUnit : 'Minutes',
    field: str(info.field),
    value: str(info.value),
    actionType: trigger?.action.type ?? 'Add To Journey',
    journeyId: str(info.journeyId),
    tags: '',
    fields: '',
    userIds: '',
    waitlistId: str(info.waitlistId),
    status: trigger?.status ?? 'Inactive',
  };
};

/** A stored trigger's settings that are lists: its tags, staff and field setters. */
export const triggerLists = (trigger?: Trigger) => {
  const info = (trigger?.action.info ?? {}) as Record<string, unknown>;
  const strings = (value: unknown) => (Array.isArray(value) ? value.map(String) : []);
  const setters = Array.isArray(info.fields) ? (info.fields as Record<string, unknown>[]) : [];
  return {
    tags: strings(info.tags),
    userIds: strings(info.userIds),
    setters: setters.map((setter): FieldSetter => ({ name: String(setter.name ?? ''), type: String(setter.type ?? 'Custom Value'), value: String(setter.increment ?? setter.value ?? '') })),
  };
};
