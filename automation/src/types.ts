/**
 * The shapes workflows and automation activities exchange. Workflows import this module as types
 * only; events and actions keep the wire format of the reference client (AutomationEvent,
 * AutomationAction: `{ type, info }`).
 */

export interface AutomationEventShape {
  type: string;
  info: Record<string, any>;
}

export interface AutomationActionShape {
  type: string;
  info: Record<string, any>;
  continueOnError?: boolean;
}

/** Events that follow another step; onJourneyStart follows the journey's start. */
export type FollowEventType = 'afterAction' | 'formUnsubmitted' | 'formResponse' | 'ticketCompleted' | 'waitForTrigger';

/** A step and the one of its events that matched. */
export interface StepMatch {
  stepId: string;
  event: AutomationEventShape;
}

export interface ScheduledStep {
  action: AutomationActionShape;
  continueOnError: boolean;
  /** Steps whose sent form, once submitted, cancels this one (cancelConditions of type formResponse). */
  cancelOnFormsOf: string[];
  /** Set when the organization's quiet hours hold the step: when it may run (its automated action's processAfter says the same). */
  heldUntil?: number;
}

/** Work only a workflow can do (start, cancel or signal other workflows), asked for by an activity. */
export interface AutomationEffects {
  /** Journeys to add the enduser to. */
  startJourneys?: string[];
  /** Journeys the enduser left (their runs are cancelled). */
  cancelJourneys?: string[];
  /** Calendar events whose reminders must be re-read (cancelled, moved). */
  remindersChanged?: string[];
  /** Tickets the step closed that automation steps may wait on (ticketCompleted). */
  ticketsClosed?: { ticketId: string; automationStepId: string; journeyId: string; closedForReason?: string }[];
}

export interface RunStepResult {
  /** finished: done; skipped: conditions not met (cancelled); gone: the action, step, enduser or membership no longer exists. */
  status: 'finished' | 'skipped' | 'gone';
  effects?: AutomationEffects;
}

export interface JourneyRef {
  businessId: string;
  journeyId: string;
  enduserId: string;
}

export interface ReminderPlan {
  /** False when the event is gone or cancelled: nothing more will be sent. */
  active: boolean;
  startTimeInMS: number;
  reminders: { index: number; type: string; dueAt: number; didRemind: boolean; dontSendIfPassed: boolean }[];
}

export interface TriggerResult {
  status: 'applied' | 'inactive' | 'conditions-not-met' | 'gone';
  effects?: AutomationEffects;
  /** The enduser's journeys, whose runs may wait for this trigger (waitForTrigger). */
  enduserJourneys?: string[];
}
