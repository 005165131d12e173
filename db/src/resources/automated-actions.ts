import { AUTOMATED_ACTION_STATUSES, automationAction, automationEvent, cancelConditions } from '../validation/automation-validators';
import { defineResource, field } from './define';
import { checkWebhookStepSecret, WEBHOOK_STEP_SECRET_PARTS } from '../validation/webhook-step-secret';

/** One run of an automation step for one enduser: pending (active) until processAfter, then finished, cancelled or error. */
export const automated_actions = defineResource({
  name: 'automated_actions',
  fields: {
    cancelConditions: field.json(cancelConditions),
    automationStepId: field.id({ required: true, references: { resource: 'automation_steps', onDelete: 'cascade' } }),
    enduserId: field.id({ required: true, references: { resource: 'endusers', onDelete: 'cascade' } }),
    journeyId: field.id({ required: true, references: { resource: 'journeys', onDelete: 'cascade' } }),
    event: field.json(automationEvent, { required: true }),
    // Its sendWebhook secret is write-only (docs/decisions.md, issue 29).
    action: field.json(automationAction, { required: true, secretParts: WEBHOOK_STEP_SECRET_PARTS }),
    status: field.oneOf(AUTOMATED_ACTION_STATUSES, { required: true, indexed: true }),
    processAfter: field.nonNegative({ required: true, indexed: true }),
    // Written by the worker: what the step has done so far (records it created, whether a send began),
    // so a retried or replayed activity never sends twice.
    progress: field.server('json'),
  },
  // Staff cancelling a pending action through the api tells the enduser's run of the journey.
  automation: {
    signals: [
      {
        signal: 'automatedActionCancelled',
        when: { transition: { field: 'status', from: 'active', to: 'cancelled' } },
        journey: { field: 'journeyId' },
        enduser: 'enduserId',
        payload: { automatedActionId: { id: true } },
      },
    ],
  },
  // A webhook step's own url needs its own secret (docs/decisions.md, issue 29).
  check: (record, context) => checkWebhookStepSecret(record, context.previous),
  access: { user: ['create', 'read', 'update', 'delete'] },
  example: {
    automationStepId: '000000000000000000000000',
    enduserId: '000000000000000000000000',
    journeyId: '000000000000000000000000',
    event: { type: 'onJourneyStart', info: {} },
    action: { type: 'setEnduserStatus', info: { status: 'Contacted' } },
    status: 'finished',
    processAfter: 0,
  },
});
