import { fail } from './field-error';
import * as v from './validators';
import type { Shape, Validator } from './validators';

/**
 * Nested shapes of the group A resources (keys, integrations, messaging, work items, files, forms,
 * webhooks, automation, logs and permissions): seeds 000 §3 and §5, with the details the spec leaves
 * out taken from the reference client's contract. Every object rejects unknown keys, as objectOf does.
 */

const { required, optional } = v;

const describe = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value) ?? String(value)).slice(0, 100);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every resource of the API (seeds 001 §1): the keys of webhook subscriptions and permission maps. */
export const API_RESOURCES = [
  'endusers', 'enduser_status_updates', 'api_keys', 'integrations', 'engagement_events', 'journeys', 'tasks', 'emails',
  'sms_messages', 'chat_rooms', 'chats', 'users', 'templates', 'files', 'tickets', 'meetings', 'notes', 'forms',
  'form_fields', 'form_responses', 'webhooks', 'calendar_events', 'calendar_event_templates', 'calendar_event_RSVPs',
  'automation_steps', 'automated_actions', 'automation_triggers', 'user_logs', 'user_notifications',
  'enduser_observations', 'managed_content_records', 'managed_content_record_assignments', 'forums', 'forum_posts',
  'post_comments', 'post_likes', 'comment_likes', 'organizations', 'databases', 'database_records',
  'portal_customizations', 'care_plans', 'enduser_tasks', 'role_based_access_permissions', 'appointment_booking_pages',
  'appointment_locations', 'products', 'purchases', 'purchase_credits', 'phone_calls', 'superbills',
  'superbill_providers', 'background_errors', 'enduser_views', 'availability_blocks', 'analytics_frames',
] as const;

// ---------------------------------------------------------------------------------------------
// Generic helpers

/**
 * An object whose `type` chooses its shape ({ type: 'sendEmail', info: {...} }): the type must be one
 * of the listed ones ('Value must match one of ...'), then the whole object is checked against that
 * type's shape plus the keys every type shares.
 */
export const byType = (shapes: Record<string, Shape>, shared: Shape = {}): Validator<Record<string, unknown>> => {
  const types = Object.keys(shapes);
  const validators = new Map(types.map((type) => [type, v.objectOf({ type: required(v.oneOf([type])), ...shared, ...shapes[type] })]));
  return (value) => {
    if (!isObject(value)) return fail(`Expected a non-null object by got ${describe(value)}`);
    if (value.type === undefined || value.type === null) return fail('missing value for type');
    return validators.get(v.oneOf(types)(value.type))!(value);
  };
};

/** `info: {}` for types that carry nothing. */
const noInfo = { info: optional(v.objectOf({})) };
const infoOf = (shape: Shape) => ({ info: required(v.objectOf(shape)) });

/** Stamps the reference client clears with '' (sendAt, acknowledgedAt, closedAt ...): '' is stored as null. */
export const dateOrEmpty: Validator<Date | null> = (value) => (value === '' ? null : v.date(value));

/** A map of user or enduser id to a stamp (readBy, hiddenBy). */
export const idToDate = v.idMap(dateOrEmpty);

export const idOrEmpty: Validator<string> = (value) => (value === '' ? '' : v.id(value));

/** { x, y } position in the flowchart editors. */
export const flowchartUI = v.objectOf({ x: optional(v.number()), y: optional(v.number()) });

export const COMMUNICATION_CHANNELS = ['Email', 'SMS', 'Chat'] as const;
export const communicationChannel = v.oneOf(COMMUNICATION_CHANNELS);

/** Context carried from an automation into the messages it sends (journeyContext). */
export const journeyContext = v.objectOf(
  Object.fromEntries(
    [
      'calendarEventId', 'formResponseId', 'purchaseId', 'templateId', 'orderId', 'observationId', 'phoneCallId', 'smsId',
      'chatId', 'emailId', 'formGroupId', 'databaseRecordId', 'databaseRecordCreator',
    ].map((key) => [key, optional(v.id)]),
  ),
);

export const relatedRecords = v.listOf(
  v.objectOf({ type: required(v.string(100)), id: required(v.string(100)), creator: optional(v.id) }),
);

/** { qualifier: 'One Of' | 'All Of', values } (care-team tags in automations). */
export const stringsWithQualifier = v.objectOf({
  qualifier: required(v.oneOf(['One Of', 'All Of'] as const)),
  values: required(v.listOf(v.string())),
});

// ---------------------------------------------------------------------------------------------
// Integrations

export const integrationAuthentication = v.objectOf({
  type: required(v.oneOf(['oauth2', 'apiKey'] as const)),
  info: required(
    v.objectOf({
      access_token: optional(v.string(250)),
      refresh_token: optional(v.string(250)),
      scope: optional(v.text(25000)),
      expiry_date: optional(v.nonNegativeNumber),
      token_type: optional(v.oneOf(['Bearer'] as const)),
      external_id: optional(v.string()),
      state: optional(v.string()),
      email: optional(v.email),
    }),
  ),
});

// ---------------------------------------------------------------------------------------------
// Messaging

export const SMS_MAX_LENGTH = 630;
export const EMAIL_MAX_LENGTH = 100_000;
export const EMAIL_ENCODINGS = ['', 'base64'] as const;
export const CHAT_ROOM_TYPES = ['internal', 'external', 'Group Chat'] as const;
export const CHAT_ATTACHMENT_TYPES = ['image', 'video', 'file'] as const;
export const TEMPLATE_TYPES = ['enduser', 'team'] as const;
export const TEMPLATE_MODES = ['richtext', 'html'] as const;

export const chatAttachments = v.listOf(
  v.objectOf({
    type: required(v.oneOf(CHAT_ATTACHMENT_TYPES)),
    secureName: required(v.string(250)),
    name: optional(v.string()),
  }),
);

// ---------------------------------------------------------------------------------------------
// Meetings

export const MEETING_STATUSES = ['scheduled', 'live', 'ended'] as const;

// ---------------------------------------------------------------------------------------------
// Forms

export const FORM_TYPES = ['note', 'enduserFacing'] as const;
export const INTAKE_PHONE_OPTIONS = ['optional', 'required'] as const;
export const FORM_FIELD_TYPES = [
  'email', 'file', 'multiple_choice', 'number', 'phone', 'signature', 'string', 'stringLong', 'ranking', 'rating', 'date',
  'dateString', 'Question Group', 'Table Input', 'description', 'Address',
] as const;
export const TABLE_INPUT_TYPES = ['Text', 'Date', 'Select'] as const;

export const formScoring = v.listOf(
  v.objectOf({
    title: required(v.string(100)),
    fieldId: required(v.id),
    response: optional(v.string()),
    score: required((value) => (typeof value === 'number' ? v.number()(value) : v.string()(value))),
  }),
);

/** Options of a form field; which keys apply depends on the field's type (seeds 000 §3, Forms). */
export const formFieldOptions = v.objectOf({
  // multiple_choice and ranking
  choices: optional(v.listOf(v.string())),
  radio: optional(v.boolean),
  other: optional(v.boolean),
  // Table Input
  tableChoices: optional(
    v.listOf(
      v.objectOf({
        label: required(v.string()),
        type: required(v.oneOf(TABLE_INPUT_TYPES)),
        info: optional(v.objectOf({ choices: optional(v.listOf(v.string())) })),
      }),
    ),
  ),
  // Question Group
  subFields: optional(v.listOf(v.objectOf({ id: required(v.id) }))),
  // signature
  pdfAttachment: optional(v.text(5000)),
  signatureUrl: optional(v.text(5000)),
  // rating
  from: optional(v.number()),
  to: optional(v.number()),
  // others the reference client sends
  default: optional(v.text()),
  validFileTypes: optional(v.listOf(v.string(100))),
  maxLength: optional(v.nonNegativeNumber),
  minLength: optional(v.nonNegativeNumber),
  repeat: optional(v.boolean),
  useDatePicker: optional(v.boolean),
});

/** Where a field sits in the form's flow: the first field ('root'), after another, or on a condition. */
export const previousFields = v.listOf(
  byType({
    root: noInfo,
    after: infoOf({ fieldId: required(v.id) }),
    previousEquals: infoOf({ fieldId: required(v.id), equals: required(v.string(250)) }),
    compoundLogic: infoOf({
      fieldId: required(v.id),
      priority: required(v.number()),
      label: optional(v.text()),
      condition: required(v.jsonObject()),
    }),
  }),
);

const responseText = (max: number): Validator<string> => (value) => {
  if (typeof value !== 'string') return fail(`Expecting string but got ${describe(value)}`);
  if (value.length > max) return fail(`Response must not exceed ${max} characters`);
  return value;
};

const responseNumber: Validator<number> = (value) => {
  const parsed = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof parsed !== 'number' || !Number.isFinite(parsed)) return fail('Response must be a number');
  return parsed;
};

/** Unanswered optional questions arrive as ''. */
const orEmpty = <T>(validate: Validator<T>): Validator<T | ''> => (value) => (value === '' ? '' : validate(value));

const MM_DD_YYYY = /^\d{2}-\d{2}-\d{4}$/;
const dateString: Validator<string> = (value) => {
  if (value === '') return '';
  if (typeof value !== 'string' || !MM_DD_YYYY.test(value)) return fail('Enter a date in MM-DD-YYYY format');
  return value;
};

/** A single choice arrives as a string from some clients: stored as a one-item list. */
const choiceList: Validator<string[]> = (value) => v.listOf(v.text(1000))(typeof value === 'string' ? [value] : value);

/** Answer values by field type (seeds 000 §3, Answer values by field type; §5 Form answers). */
export const formAnswer = byType({
  email: { value: optional(orEmpty(v.email)) },
  file: {
    value: optional(v.objectOf({ name: required(v.text(5000)), secureName: required(v.string(250)), type: optional(v.text()) })),
  },
  multiple_choice: { value: optional(choiceList) },
  number: { value: optional(orEmpty(responseNumber)) },
  phone: { value: optional(orEmpty(v.phone)) },
  signature: {
    value: optional(
      v.objectOf({
        signed: optional(v.boolean),
        fullName: optional(v.text()),
        pdfAttachment: optional(v.text()),
        url: optional(v.text()),
      }),
    ),
  },
  string: { value: optional(responseText(1000)) },
  stringLong: { value: optional(responseText(10000)) },
  ranking: { value: optional(v.listOf(v.text(1000))) },
  rating: { value: optional(orEmpty(responseNumber)) },
  date: { value: optional(orEmpty(v.date)) },
  dateString: { value: optional(dateString) },
  'Question Group': { value: optional(v.listOf(v.objectOf({ id: required(v.id) }))) },
  'Table Input': {
    value: optional(v.listOf(v.listOf(v.objectOf({ label: required(v.string()), entry: optional(v.text()) })))),
  },
  description: { value: optional(v.text(25000)) },
  Address: {
    value: optional(
      v.objectOf({
        addressLineOne: optional(v.text()),
        addressLineTwo: optional(v.text()),
        city: optional(v.text()),
        state: optional(v.text(100)),
        zipCode: optional(v.text(100)),
        zipPlusFour: optional(v.text(100)),
      }),
    ),
  },
});

export const formResponses = v.listOf(
  v.objectOf({
    fieldId: required(idOrEmpty),
    fieldTitle: required(v.text(5000)),
    fieldDescription: optional(v.text(5000)),
    fieldHtmlDescription: optional(v.text(25000)),
    answer: required(formAnswer),
    touched: optional(v.boolean),
    // sent by the reference client's form filler
    answerIsHTML: optional(v.boolean),
    externalId: optional(v.text()),
    sharedWithEnduser: optional(v.boolean),
    isCalledOut: optional(v.boolean),
    isHighlightedOnTimeline: optional(v.boolean),
    computedValueKey: optional(v.text()),
    disabled: optional(v.boolean),
    intakeField: optional(v.text(5000)),
  }),
);

// ---------------------------------------------------------------------------------------------
// Webhooks

export const WEBHOOK_SECRET_MIN_EXCLUSIVE = 15;

/** Seeds 000 §5: 'Webhook secret must be longer than 15 characters' (the reference gives no wording). */
export const webhookSecret: Validator<string> = (value) => {
  if (typeof value !== 'string' || value.length <= WEBHOOK_SECRET_MIN_EXCLUSIVE) {
    return fail(`Webhook secret must be longer than ${WEBHOOK_SECRET_MIN_EXCLUSIVE} characters`);
  }
  if (value.length > 250) return fail('String must not exceed 250 characters');
  return value;
};

/** Resources a webhook can subscribe to: every resource but API keys and integrations (as the reference). */
export const WEBHOOK_RESOURCES = API_RESOURCES.filter((name) => name !== 'api_keys' && name !== 'integrations');

const createUpdateDelete = v.objectOf({ create: optional(v.boolean), update: optional(v.boolean), delete: optional(v.boolean) });

/** { endusers: { create: true, ... }, ... }: an unknown resource is 'Got unexpected field(s) [name]'. */
export const webhookSubscriptions = v.objectOf(Object.fromEntries(WEBHOOK_RESOURCES.map((name) => [name, optional(createUpdateDelete)])));

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

// ---------------------------------------------------------------------------------------------
// Logs

export const USER_LOG_ACTIONS = ['create', 'update', 'delete'] as const;

// ---------------------------------------------------------------------------------------------
// Role-based access permissions

export const ACCESS_LEVELS = ['All', 'Assigned', 'Default'] as const;
export const ADMIN_ROLE = 'Admin';

/** 'All', 'Assigned', 'Default', or null for no access; the key must be present. */
const accessLevel = (operation: string, value: unknown) => {
  if (value === undefined) return fail(`missing value for ${operation}`);
  if (value === null) return null;
  return v.oneOf(ACCESS_LEVELS)(value);
};

const OPERATIONS = ['create', 'read', 'update', 'delete'] as const;

const FLAGS = ['showInSidebar', 'creatorOnly'];

/**
 * One resource's entry: { create, read, update, delete, showInSidebar?, creatorOnly? }. creatorOnly
 * limits the role's updates and deletes to records its holder created.
 */
const resourcePermission: Validator<Record<string, unknown>> = (value) => {
  if (!isObject(value)) return fail(`Expected a non-null object by got ${describe(value)}`);
  const unknown = Object.keys(value).filter((key) => !(OPERATIONS as readonly string[]).includes(key) && !FLAGS.includes(key));
  if (unknown.length) return fail(`Got unexpected field(s) [${unknown.join(', ')}]`);
  const output: Record<string, unknown> = {};
  for (const operation of OPERATIONS) output[operation] = accessLevel(operation, value[operation]);
  for (const flag of FLAGS) if (value[flag] !== undefined && value[flag] !== null) output[flag] = v.boolean(value[flag]);
  return output;
};

/** Per resource name, its access levels (seeds 000 §3 and §6, Permission matrix). */
export const accessPermissions = v.objectOf(Object.fromEntries(API_RESOURCES.map((name) => [name, optional(resourcePermission)])));
