import { duration, quoted, spanOf, type CatalogueEntry } from './describe';
import { f, type InfoShape } from './shape';

/** What an automation trigger waits for (automation_triggers.event.type): the reference client's list. */
export const TRIGGER_EVENT_TYPES = [
  'Form Submitted', 'Form Unsubmitted', 'Form Started', 'Purchase Made', 'Refund Issued', 'Subscription Ended',
  'Appointment No-Showed', 'Appointment Created', 'Appointment Cancelled', 'Appointment Completed', 'Appointment Rescheduled',
  'Field Equals', 'Contact Created', 'No Recent Appointment', 'Medication Added', 'On Birthday', 'Has Not Engaged',
  'Vital Count', 'Vital Update', 'SMS Reply', 'Order Status Equals', 'Missed Call', 'Order Created', 'Problem Created',
  'Message Delivery Failure', 'Incoming Message', 'Pregnancy Ended', 'Form Group Completed', 'Form Group Incomplete',
  'Left Voicemail', 'Message Opened', 'Message Link Clicked', 'Healthie Note Locked', 'Database Entry Added',
  'Eligibility Result Received',
] as const;
export type TriggerEventType = (typeof TRIGGER_EVENT_TYPES)[number];

/** Events whose `info` has a shape of its own; the others take any JSON object (the reference client's free-form settings). */
const SHAPES: Partial<Record<TriggerEventType, InfoShape | null>> = {
  'Form Submitted': {
    formId: f.req(f.id('form'), 'Form'),
    otherFormIds: f.opt(f.list(f.id(), 'form')),
    publicIdentifier: f.opt(f.text()),
    submitterType: f.opt(f.oneOf(['user', 'enduser', 'Anyone'])),
    hasExpiredEvent: f.opt(f.boolean),
  },
  'Form Unsubmitted': { formId: f.req(f.id('form'), 'Form'), intervalInMS: f.req(f.nonNegativeNumber, 'Not submitted within') },
  'Form Started': { formIds: f.opt(f.list(f.id(), 'form')) },
  'Field Equals': { field: f.req(f.string(undefined, 'field'), 'Field'), value: f.req(f.string(), 'Value') },
  'Contact Created': null,
  // The reference client's IncomingMessage info: which channels, first words and receiving numbers, and only patients without a care team.
  'Incoming Message': {
    channels: f.opt(f.list(f.oneOf(['Email', 'SMS', 'Chat'])), 'Channels'),
    keywords: f.opt(f.list(f.string(100)), 'Keywords'),
    destinations: f.opt(f.list(f.string(250)), 'Sent to'),
    noCareTeam: f.opt(f.boolean, 'Only patients without a care team'),
  },
};

/** Free-form settings ('any'): a JSON object up to this many characters. */
export const FREE_FORM_INFO_CHARS = 5000;

/** Sentences for the events staff meet most; the rest read as their name. */
const SENTENCES: Partial<Record<TriggerEventType, CatalogueEntry['describe']>> = {
  'Form Submitted': (info, nameOf) => `When ${quoted(nameOf('form', info.formId), 'a form')} is submitted`,
  'Form Unsubmitted': (info, nameOf) => `When ${quoted(nameOf('form', info.formId), 'a form')} is not submitted within ${duration(...spanOf(info.intervalInMS))} of being sent`,
  'Field Equals': (info) =>
    info.value === '$exists' ? `When '${String(info.field ?? 'a field')}' gets a value` : `When '${String(info.field ?? 'a field')}' becomes '${String(info.value ?? '')}'`,
  'Contact Created': () => 'When a patient is added',
  'Appointment Created': () => 'When an appointment is booked',
  'Appointment Cancelled': () => 'When an appointment is cancelled',
  'Appointment Completed': () => 'When an appointment is completed',
  'Appointment No-Showed': () => 'When a patient does not show up',
  'Appointment Rescheduled': () => 'When an appointment is moved',
  'Purchase Made': () => 'When a patient makes a purchase',
  'Incoming Message': (info) => {
    const channels = Array.isArray(info.channels) && info.channels.length ? ` by ${(info.channels as string[]).join(' or ')}` : '';
    const keywords = Array.isArray(info.keywords) && info.keywords.length ? ` starting with ${(info.keywords as string[]).map((word) => `'${word}'`).join(' or ')}` : '';
    return `When a patient sends a message${channels}${keywords}`;
  },
};

/** The reference client's names read well as labels ('Form Submitted'), so the label is the type. */
export const TRIGGER_EVENTS = Object.fromEntries(
  TRIGGER_EVENT_TYPES.map((type) => [
    type,
    {
      type,
      label: type,
      info: type in SHAPES ? SHAPES[type]! : 'any',
      describe: SENTENCES[type] ?? (() => `When: ${type}`),
    },
  ]),
) as { [T in TriggerEventType]: CatalogueEntry<T> };
