import * as v from './validators';
import type { Shape } from './validators';
import { communicationChannel } from './messaging-validators';

/**
 * Nested shapes of automation: journey steps and the actions they run, and organization-wide
 * automation triggers (seeds 000 §3 and §5), with the details the spec leaves out taken from the
 * reference client's contract. Every object rejects unknown keys, as objectOf does.
 */

const { required, optional, byType, noInfo, infoOf } = v;

/** { x, y } position in the flowchart editors (journey steps, form fields). */
export const flowchartUI = v.objectOf({ x: optional(v.number()), y: optional(v.number()) });

/** { qualifier: 'One Of' | 'All Of', values } (care-team tags in automations). */
export const stringsWithQualifier = v.objectOf({
  qualifier: required(v.oneOf(['One Of', 'All Of'] as const)),
  values: required(v.listOf(v.string())),
});

// ---------------------------------------------------------------------------------------------
// Automation steps and automated actions (journeys)

export const AUTOMATION_EVENT_TYPES = ['onJourneyStart', 'afterAction', 'formResponse', 'formUnsubmitted', 'ticketCompleted', 'waitForTrigger'] as const;
export const AUTOMATION_ACTION_TYPES = [
  'sendEmail', 'sendSMS', 'sendChat', 'sendForm', 'notifyTeam', 'setEnduserStatus', 'createTicket', 'sendWebhook', 'shareContent',
  'addEnduserTags', 'removeEnduserTags', 'setEnduserFields', 'addToJourney', 'removeFromJourney', 'removeFromAllJourneys',
  'createCarePlan', 'completeCarePlan', 'completeTickets', 'cancelFutureAppointments',
] as const;
export const AUTOMATED_ACTION_STATUSES = ['active', 'finished', 'cancelled', 'error'] as const;
export const UNITS_OF_TIME = ['Days', 'Hours', 'Minutes', 'Seconds'] as const;

/** Cancel a pending step when the enduser answers the form sent by another step. */
export const cancelConditions = v.listOf(
  v.objectOf({ type: required(v.oneOf(['formResponse'] as const)), info: required(v.objectOf({ automationStepId: required(v.id) })) }),
);

const delay: Shape = {
  automationStepId: required(v.id),
  delayInMS: required(v.nonNegativeNumber),
  delay: required(v.nonNegativeNumber),
  unit: required(v.oneOf(UNITS_OF_TIME)),
  cancelConditions: optional(cancelConditions),
  officeHoursOnly: optional(v.boolean),
  abTestCondition: optional(v.text()),
};

const EVENT_SHAPES: Record<(typeof AUTOMATION_EVENT_TYPES)[number], Shape> = {
  onJourneyStart: noInfo,
  afterAction: infoOf({
    ...delay,
    formCondition: optional(v.objectOf({ formId: required(v.id), formFieldId: required(v.id), before: optional(v.boolean) })),
    fieldCondition: optional(v.objectOf({ field: required(v.string()), before: optional(v.boolean) })),
    eventCondition: optional(v.objectOf({ before: optional(v.boolean) })),
  }),
  formResponse: infoOf({ automationStepId: required(v.id) }),
  formUnsubmitted: infoOf(delay),
  ticketCompleted: infoOf({ automationStepId: required(v.id), closedForReason: optional(v.string()) }),
  waitForTrigger: infoOf({ automationStepId: required(v.id), triggerId: required(v.id) }),
};

/** What starts a step: the journey starting, a delay after another step, a form answered ... */
export const automationEvent = byType(EVENT_SHAPES);
export const automationEvents = v.listOf(automationEvent);

/** Only in a journey state: [{ type: 'atJourneyState', info: { state, journeyId } }]. */
export const automationConditions = v.listOf(
  byType({ atJourneyState: infoOf({ state: required(v.string(100)), journeyId: required(v.id) }) }),
);

const senderAssignment = optional(byType({ 'Care Team Primary': noInfo, Default: noInfo }));
const message: Shape = {
  senderId: required(v.id),
  templateId: required(v.id),
  assignment: senderAssignment,
  sendToDestinationOfRelatedContactTypes: optional(v.listOf(v.string())),
};
const setFields = required(
  v.listOf(v.objectOf({ name: required(v.string()), type: required(v.string()), value: required(v.text()), increment: optional(v.number()) })),
);

const ACTION_SHAPES: Record<(typeof AUTOMATION_ACTION_TYPES)[number], Shape> = {
  sendEmail: infoOf({ ...message, fromEmailOverride: optional(v.email) }),
  sendSMS: infoOf(message),
  sendChat: infoOf({
    templateId: required(v.id),
    identifier: required(v.string(100)),
    includeCareTeam: optional(v.boolean),
    userIds: optional(v.listOf(v.id)),
  }),
  sendForm: infoOf({ senderId: required(v.id), formId: required(v.id), channel: optional(communicationChannel), assignment: senderAssignment }),
  notifyTeam: infoOf({
    templateId: required(v.id),
    forAssigned: required(v.boolean),
    roles: optional(v.listOf(v.string())),
    tags: optional(stringsWithQualifier),
  }),
  setEnduserStatus: infoOf({ status: required(v.string(250)) }),
  createTicket: infoOf({
    title: required(v.string()),
    description: optional(v.text()),
    htmlDescription: optional(v.text(100_000)),
    assignmentStrategy: required(
      byType({
        'care-team-random': noInfo,
        'care-team-primary': noInfo,
        'previous-owner': noInfo,
        'by-tags': { info: required(stringsWithQualifier) },
        queue: infoOf({ queueId: required(v.id), tags: optional(stringsWithQualifier) }),
        'Recently-Booked Appointment Host': noInfo,
        'Form Submitter for Journey Trigger': noInfo,
        default: noInfo,
      }),
    ),
    defaultAssignee: required(v.id),
    closeReasons: optional(v.listOf(v.string())),
    restrictByState: optional(v.boolean),
    restrictByCareTeam: optional(v.boolean),
    forCarePlan: optional(v.boolean),
    hiddenFromTickets: optional(v.boolean),
    actions: optional(v.listOf(v.jsonObject(5000))),
    dueDateOffsetInMS: optional(v.number()),
    skipDaysOfWeekForDueDate: optional(v.listOf(v.number(0, 6))),
    closeOnFinishedActions: optional(v.boolean),
    requireConfirmation: optional(v.boolean),
    reminders: optional(v.listOf(v.objectOf({ msBeforeDueDate: required(v.number()), didRemind: optional(v.boolean), queueId: optional(v.id) }))),
    priority: optional(v.number()),
    preserveContext: optional(v.boolean),
    tags: optional(v.listOf(v.string())),
    contextFormIds: optional(v.listOf(v.id)),
    contextEnduserFields: optional(v.listOf(v.string())),
  }),
  sendWebhook: infoOf({
    message: required(v.string(5000)),
    url: optional(v.url),
    secret: optional(v.string()),
    fields: optional(v.listOf(v.objectOf({ field: required(v.string(100)), value: required(v.text(5000)) }))),
  }),
  shareContent: infoOf({ managedContentRecordIds: required(v.listOf(v.id)) }),
  addEnduserTags: infoOf({ tags: required(v.listOf(v.string())), replaceExisting: optional(v.boolean) }),
  removeEnduserTags: infoOf({ tags: required(v.listOf(v.string())) }),
  setEnduserFields: infoOf({ fields: setFields }),
  addToJourney: infoOf({ journeyId: required(v.id) }),
  removeFromJourney: infoOf({ journeyId: required(v.id) }),
  removeFromAllJourneys: noInfo,
  createCarePlan: infoOf({
    title: required(v.string()),
    htmlDescription: required(v.text(100_000)),
    hideRemainingTicketsProgress: optional(v.boolean),
    highlightedEnduserFields: optional(v.listOf(v.string())),
    closeAutomaticallyByTicket: optional(v.boolean),
  }),
  completeCarePlan: noInfo,
  completeTickets: infoOf({ journeyIds: optional(v.listOf(v.id)) }),
  cancelFutureAppointments: noInfo,
};

/** What a step does: { type, info, continueOnError? }. */
export const automationAction = byType(ACTION_SHAPES, { continueOnError: optional(v.boolean) });

// ---------------------------------------------------------------------------------------------
// Automation triggers (organization-wide rules: when something happens to an enduser, do something)

export const AUTOMATION_TRIGGER_STATUSES = ['Active', 'Inactive'] as const;

/** Event types the reference client offers; those without a shape of their own take any `info`. */
export const AUTOMATION_TRIGGER_EVENT_TYPES = [
  'Form Submitted', 'Form Unsubmitted', 'Form Started', 'Purchase Made', 'Refund Issued', 'Subscription Ended',
  'Appointment No-Showed', 'Appointment Created', 'Appointment Cancelled', 'Appointment Completed', 'Appointment Rescheduled',
  'Field Equals', 'Contact Created', 'No Recent Appointment', 'Medication Added', 'On Birthday', 'Has Not Engaged',
  'Vital Count', 'Vital Update', 'SMS Reply', 'Order Status Equals', 'Missed Call', 'Order Created', 'Problem Created',
  'Message Delivery Failure', 'Incoming Message', 'Pregnancy Ended', 'Form Group Completed', 'Form Group Incomplete',
  'Left Voicemail', 'Message Opened', 'Message Link Clicked', 'Healthie Note Locked', 'Database Entry Added',
  'Eligibility Result Received',
] as const;

const TRIGGER_EVENT_SHAPES: Partial<Record<(typeof AUTOMATION_TRIGGER_EVENT_TYPES)[number], Shape>> = {
  'Form Submitted': infoOf({
    formId: required(v.id),
    otherFormIds: optional(v.listOf(v.id)),
    publicIdentifier: optional(v.text()),
    submitterType: optional(v.oneOf(['user', 'enduser', 'Anyone'] as const)),
    hasExpiredEvent: optional(v.boolean),
  }),
  'Form Unsubmitted': infoOf({ formId: required(v.id), intervalInMS: required(v.nonNegativeNumber) }),
  'Form Started': infoOf({ formIds: optional(v.listOf(v.id)) }),
  'Field Equals': infoOf({ field: required(v.string()), value: required(v.string()) }),
  'Contact Created': noInfo,
};

export const automationTriggerEvent = byType(
  Object.fromEntries(AUTOMATION_TRIGGER_EVENT_TYPES.map((type) => [type, TRIGGER_EVENT_SHAPES[type] ?? { info: optional(v.jsonObject(5000)) }])),
  { conditions: optional(v.jsonObject(5000)) },
);

const careTeamTags = { tags: required(stringsWithQualifier) };

export const automationTriggerAction = byType({
  'Add To Journey': infoOf({ journeyId: required(v.id), doNotRestart: optional(v.boolean) }),
  'Remove From Journey': infoOf({ journeyId: required(v.id) }),
  'Move To Step': noInfo,
  'Set Fields': infoOf({ fields: setFields }),
  'Add Tags': infoOf({ tags: required(v.listOf(v.string())), replaceExisting: optional(v.boolean) }),
  'Remove Tags': infoOf({ tags: required(v.listOf(v.string())) }),
  'Add Access Tags': infoOf({ tags: required(v.listOf(v.string())) }),
  'Assign Care Team': infoOf({ ...careTeamTags, limitToOneUser: optional(v.boolean) }),
  'Remove Care Team': infoOf(careTeamTags),
  'Remove From All Journeys': noInfo,
  'Canvas: Add Patient': noInfo,
  'Zus: Delete Enrollment': infoOf({ packageId: required(v.string(100)) }),
  'Require Form Followups': infoOf({ formIds: required(v.listOf(v.id)) }),
  'Add to Waitlist': infoOf({ waitlistId: required(v.id) }),
  'Grant Access From Waitlist': infoOf({ waitlistId: required(v.id), count: required(v.number()) }),
});
