import * as v from '../validation/validators';
import { automationAction, automationConditions, automationEvents, flowchartUI } from '../validation/automation-validators';
import { defineResource, field } from './define';
import { checkWebhookStepSecret, WEBHOOK_STEP_SECRET_PARTS } from '../validation/webhook-step-secret';

/** The steps of a journey: when (events, conditions) to do what (action). They go with their journey. */
export const automation_steps = defineResource({
  name: 'automation_steps',
  fields: {
    journeyId: field.id({ required: true, references: { resource: 'journeys', onDelete: 'cascade' } }),
    events: field.json(automationEvents, { required: true }),
    // Its sendWebhook secret is write-only (docs/decisions.md, issue 29).
    action: field.json(automationAction, { required: true, secretParts: WEBHOOK_STEP_SECRET_PARTS }),
    conditions: field.json(automationConditions),
    flowchartUI: field.json(flowchartUI),
    continueOnError: field.boolean(),
    enduserConditions: field.json(v.jsonObject(25_000)),
    tags: field.strings({ max: 250 }),
  },
  // Runs of the journey drop what was pending for a deleted step.
  automation: { signals: [{ signal: 'stepsDeleted', when: { deleted: true }, journey: { field: 'journeyId' }, payload: { stepIds: { idList: true } } }] },
  // A webhook step's own url needs its own secret (docs/decisions.md, issue 29).
  check: (record, context) => checkWebhookStepSecret(record, context.previous),
  access: { user: ['create', 'read', 'update', 'delete'] },
  example: {
    journeyId: '000000000000000000000000',
    events: [{ type: 'onJourneyStart', info: {} }],
    action: { type: 'setEnduserStatus', info: { status: 'Contacted' } },
  },
});
