import * as v from '../validation/validators';
import { AUTOMATION_TRIGGER_STATUSES, automationTriggerAction, automationTriggerEvent } from '../validation/automation-validators';
import { defineResource, field } from './define';

/** Business-wide rules: when an event happens for an enduser (a form submitted ...), take an action (add to a journey ...). */
export const automation_triggers = defineResource({
  name: 'automation_triggers',
  fields: {
    title: field.string({ required: true, max: 100, searchable: true }),
    event: field.json(automationTriggerEvent, { required: true }),
    action: field.json(automationTriggerAction, { required: true }),
    status: field.oneOf(AUTOMATION_TRIGGER_STATUSES, { required: true, indexed: true }),
    enduserCondition: field.json(v.jsonObject(25_000)),
    journeyId: field.id({ references: { resource: 'journeys', onDelete: 'cascade' } }),
    oncePerEnduser: field.boolean(),
    tags: field.strings({ max: 250 }),
  },
  unique: [['title']],
  access: { user: ['create', 'read', 'update', 'delete'] },
  example: {
    title: 'Intake submitted: start onboarding',
    event: { type: 'Form Submitted', info: { formId: '000000000000000000000000' } },
    action: { type: 'Add To Journey', info: { journeyId: '000000000000000000000000' } },
    status: 'Inactive',
  },
});
