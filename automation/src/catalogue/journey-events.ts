import { duration, quoted, type CatalogueEntry } from './describe';
import { f, type InfoShape } from './shape';

/** What starts a journey step (automation_steps.events[].type). */
export const JOURNEY_EVENT_TYPES = ['onJourneyStart', 'afterAction', 'formResponse', 'formUnsubmitted', 'ticketCompleted', 'waitForTrigger'] as const;
export type JourneyEventType = (typeof JOURNEY_EVENT_TYPES)[number];

export const UNITS_OF_TIME = ['Days', 'Hours', 'Minutes', 'Seconds'] as const;

/** Cancel a pending step when the enduser answers the form sent by another step. */
const cancelConditions = f.list(f.object({ type: f.req(f.oneOf(['formResponse'])), info: f.req(f.object({ automationStepId: f.req(f.id('step')) })) }));

const afterStep = f.req(f.id('step'), 'After step');
const delay: InfoShape = {
  automationStepId: afterStep,
  delayInMS: f.req(f.nonNegativeNumber),
  delay: f.req(f.nonNegativeNumber, 'Wait'),
  unit: f.req(f.oneOf(UNITS_OF_TIME), 'Unit'),
  cancelConditions: f.opt(cancelConditions),
  officeHoursOnly: f.opt(f.boolean),
  abTestCondition: f.opt(f.text()),
};

/** A step is named by what it does, in curly quotes (its sentence has quotes of its own): “Send email 'Welcome'”. */
const stepName = (info: Record<string, unknown>, nameOf: (picker: 'step', id: unknown) => string | undefined) => {
  const name = nameOf('step', info.automationStepId);
  return name ? `“${name}”` : 'another step';
};

export const JOURNEY_EVENTS: { [T in JourneyEventType]: CatalogueEntry<T> } = {
  onJourneyStart: { type: 'onJourneyStart', label: 'When the journey starts', info: null, describe: () => 'When the journey starts' },
  afterAction: {
    type: 'afterAction',
    label: 'After another step',
    info: {
      ...delay,
      formCondition: f.opt(f.object({ formId: f.req(f.id('form')), formFieldId: f.req(f.id()), before: f.opt(f.boolean) })),
      fieldCondition: f.opt(f.object({ field: f.req(f.string()), before: f.opt(f.boolean) })),
      eventCondition: f.opt(f.object({ before: f.opt(f.boolean) })),
    },
    describe: (info, nameOf) => (Number(info.delay ?? 0) > 0 ? `${duration(info.delay, info.unit)} after ${stepName(info, nameOf)}` : `Right after ${stepName(info, nameOf)}`),
  },
  formResponse: {
    type: 'formResponse',
    label: 'When a form a step sent is answered',
    info: { automationStepId: afterStep },
    describe: (info, nameOf) => `When the form sent by ${stepName(info, nameOf)} is answered`,
  },
  formUnsubmitted: {
    type: 'formUnsubmitted',
    label: 'When a form a step sent is not answered in time',
    info: delay,
    describe: (info, nameOf) => `If the form sent by ${stepName(info, nameOf)} is not answered within ${duration(info.delay, info.unit)}`,
  },
  ticketCompleted: {
    type: 'ticketCompleted',
    label: 'When a task a step created is closed',
    info: { automationStepId: afterStep, closedForReason: f.opt(f.string(), 'Closed as') },
    describe: (info, nameOf) => `When the task from ${stepName(info, nameOf)} is closed${info.closedForReason ? ` as '${String(info.closedForReason)}'` : ''}`,
  },
  waitForTrigger: {
    type: 'waitForTrigger',
    label: 'When a trigger fires after a step',
    info: { automationStepId: afterStep, triggerId: f.req(f.id('trigger'), 'Trigger') },
    describe: (info, nameOf) => `When ${quoted(nameOf('trigger', info.triggerId), 'a trigger')} fires after ${stepName(info, nameOf)}`,
  },
};
