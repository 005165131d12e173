import * as v from '../validation/validators';
import * as a from '../validation/group-a-validators';
import { defineResource, field } from './define';

/** The steps of a journey: when (events, conditions) to do what (action). They go with their journey. */
export const automation_steps = defineResource({
  name: 'automation_steps',
  fields: {
    journeyId: field.id({ required: true, references: { resource: 'journeys', onDelete: 'cascade' } }),
    events: field.json(a.automationEvents, { required: true }),
    action: field.json(a.automationAction, { required: true }),
    conditions: field.json(a.automationConditions),
    flowchartUI: field.json(a.flowchartUI),
    continueOnError: field.boolean(),
    enduserConditions: field.json(v.jsonObject(25_000)),
    tags: field.strings({ max: 250 }),
  },
  access: { user: ['create', 'read', 'update', 'delete'] },
  example: {
    journeyId: '000000000000000000000000',
    events: [{ type: 'onJourneyStart', info: {} }],
    action: { type: 'setEnduserStatus', info: { status: 'Contacted' } },
  },
});
