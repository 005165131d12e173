/** Names shared by the api (which starts workflows) and the worker (which hosts them). */
export const DEFAULT_TASK_QUEUE = 'carelane';

/** One journey run per enduser and journey: adding twice finds the running workflow instead of starting another. */
export const journeyWorkflowId = (businessId: string, journeyId: string, enduserId: string) => `journey-${businessId}-${journeyId}-${enduserId}`;

/** Every journey run of one journey in one business starts with this (list and cancel them all when the journey goes). */
export const journeyWorkflowIdPrefix = (businessId: string, journeyId: string) => `journey-${businessId}-${journeyId}-`;

/** One reminder workflow per calendar event: created, rescheduled and cancelled events signal the same run. */
/** One workflow per message: a message is scheduled once however often its start is retried. */
export const scheduledMessageWorkflowId = (resource: string, id: string) => `scheduled-message-${resource}-${id}`;

export const scheduledChatWorkflowId = (id: string) => `scheduled-chat-${id}`;

export const remindersWorkflowId = (businessId: string, calendarEventId: string) => `reminders-${businessId}-${calendarEventId}`;

/** One waitlist offer run per freed time: a change delivered twice offers the time once. */
export const waitlistWorkflowId = (businessId: string, calendarEventId: string, startTimeInMS: number) => `waitlist-${businessId}-${calendarEventId}-${startTimeInMS}`;

/**
 * One trigger run per trigger, enduser and the record that fired it (a form response, the enduser
 * itself ...): the same event delivered twice runs the trigger's action once. With `oncePerEnduser`
 * the source is left out, so the trigger runs once per enduser, ever.
 */
export const triggerWorkflowId = (businessId: string, triggerId: string, enduserId: string, sourceId?: string) =>
  `trigger-${businessId}-${triggerId}-${enduserId}${sourceId ? `-${sourceId}` : ''}`;

/**
 * Search attributes (registered on the namespace when the api first connects; Keyword values) that
 * let an operator find an enduser's automation history in the Temporal UI. Memo carries the same.
 */
export const SEARCH_ATTRIBUTES = {
  businessId: 'CarelaneBusinessId',
  enduserId: 'CarelaneEnduserId',
  journeyId: 'CarelaneJourneyId',
  /** Keyword list: the automation steps this run has taken. */
  stepIds: 'CarelaneStepIds',
} as const;

/** Workflow type names, as the api starts them by name (it never imports workflow code). */
export const WORKFLOW_TYPES = {
  journey: 'journeyWorkflow',
  reminders: 'calendarRemindersWorkflow',
  trigger: 'automationTriggerWorkflow',
  resourceWebhook: 'resourceWebhookWorkflow',
  waitlistOffer: 'waitlistOfferWorkflow',
} as const;

/**
 * Signal and query names. Each is defined (typed) beside the workflow that handles it; the api and
 * other workflows signal by these names.
 */
export const SIGNALS = {
  /** Journey: a form response sent by a step was submitted ({ automationStepId, formResponseId }). */
  formSubmitted: 'formSubmitted',
  /** Journey: a ticket created by a step was closed ({ automationStepId, ticketId, closedForReason }). */
  ticketCompleted: 'ticketCompleted',
  /** Journey: an automation trigger fired for the enduser ({ triggerId }). */
  triggerFired: 'triggerFired',
  /** Journey: steps were deleted ({ stepIds }); what was pending for them is dropped. */
  stepsDeleted: 'stepsDeleted',
  /** Journey: staff cancelled a pending automated action through the api ({ automatedActionId }). */
  automatedActionCancelled: 'automatedActionCancelled',
  /** Journey: staff retry a failed automated action through the api ({ automatedActionId }); the run takes the step again. */
  automatedActionRetried: 'automatedActionRetried',
  /** Journey: staff applied a change to a live journey that moves a pending step ({ automatedActionId, processAfter }). */
  automatedActionMoved: 'automatedActionMoved',
  /** Reminders: the calendar event changed (moved, cancelled, reminders edited, deleted). */
  remindersChanged: 'remindersChanged',
} as const;

export const QUERIES = {
  journeyStatus: 'journeyStatus',
  remindersStatus: 'remindersStatus',
} as const;
