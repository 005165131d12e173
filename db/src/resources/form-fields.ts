import { flowchartUI } from '../validation/automation-validators';
import { FORM_FIELD_TYPES, formFieldOptions, groupShowCondition, previousFields } from '../validation/forms-validators';
import { defineResource, field } from './define';

/** The questions of a form; each one counts into the form's numFields and goes with the form. */
export const form_fields = defineResource({
  name: 'form_fields',
  fields: {
    formId: field.id({ required: true, updatable: false, references: { resource: 'forms', onDelete: 'cascade' } }),
    title: field.text({ required: true, max: 1000, default: () => '' }),
    headerText: field.string({ max: 250 }),
    description: field.text({ max: 25_000 }),
    htmlDescription: field.text({ max: 25_000, html: true }),
    placeholder: field.string(),
    type: field.oneOf(FORM_FIELD_TYPES),
    options: field.json(formFieldOptions),
    isOptional: field.boolean(),
    isInGroup: field.boolean(),
    intakeField: field.text({ max: 5000 }),
    // Ordering
    previousFields: field.json(previousFields),
    flowchartUI: field.json(flowchartUI),
    // A Question Group's sub-question shows only while the answers meet it (the reference client's field).
    groupShowCondition: field.json(groupShowCondition),
  },
  countsInto: [{ via: 'formId', resource: 'forms', counter: 'numFields' }],
  access: { user: ['create', 'read', 'update', 'delete'], enduser: ['read'] },
  example: {
    formId: '000000000000000000000000',
    title: 'How are you feeling today?',
    type: 'multiple_choice',
    options: { choices: ['Great', 'Okay', 'Not well'], radio: true },
    previousFields: [{ type: 'root', info: {} }],
  },
});
