import {
  JOURNEY_ACTIONS,
  JOURNEY_ACTION_TYPES,
  JOURNEY_EVENTS,
  JOURNEY_EVENT_TYPES,
  TRIGGER_ACTIONS,
  TRIGGER_EVENTS,
  TRIGGER_EVENT_TYPES,
  f,
} from '@carelane/automation';
import * as v from './validators';
import { catalogueField, catalogueValidator } from './catalogue-shapes';

/**
 * Validation of automation: journey steps and the actions they run, and organization-wide automation
 * triggers. What each event and action takes is the automation catalogue's (@carelane/automation);
 * this file only adds the record-level pieces around it. Every object rejects unknown keys, as
 * objectOf does.
 */

const { optional } = v;

/** { x, y } position in the flowchart editors (journey steps, form fields). */
export const flowchartUI = v.objectOf({ x: optional(v.number()), y: optional(v.number()) });

// ---------------------------------------------------------------------------------------------
// Automation steps and automated actions (journeys)

export const AUTOMATION_EVENT_TYPES = JOURNEY_EVENT_TYPES;
export const AUTOMATION_ACTION_TYPES = JOURNEY_ACTION_TYPES;
export const AUTOMATED_ACTION_STATUSES = ['active', 'finished', 'cancelled', 'error'] as const;

/** Cancel a pending step when the enduser answers the form sent by another step. */
export const cancelConditions = catalogueField(
  f.list(f.object({ type: f.req(f.oneOf(['formResponse'])), info: f.req(f.object({ automationStepId: f.req(f.id('step')) })) })),
);

/** What starts a step: the journey starting, a delay after another step, a form answered ... */
export const automationEvent = catalogueValidator(JOURNEY_EVENTS);
export const automationEvents = v.listOf(automationEvent);

/** Only in a journey state: [{ type: 'atJourneyState', info: { state, journeyId } }]. */
export const automationConditions = v.listOf(
  v.byType({ atJourneyState: v.infoOf({ state: v.required(v.string(100)), journeyId: v.required(v.id) }) }),
);

/** What a step does: { type, info, continueOnError? }. */
export const automationAction = catalogueValidator(JOURNEY_ACTIONS, { continueOnError: optional(v.boolean) });

// ---------------------------------------------------------------------------------------------
// Automation triggers (organization-wide rules: when something happens to an enduser, do something)

export const AUTOMATION_TRIGGER_STATUSES = ['Active', 'Inactive'] as const;
export const AUTOMATION_TRIGGER_EVENT_TYPES = TRIGGER_EVENT_TYPES;

export const automationTriggerEvent = catalogueValidator(TRIGGER_EVENTS, { conditions: optional(v.jsonObject(5000)) });
export const automationTriggerAction = catalogueValidator(TRIGGER_ACTIONS);
