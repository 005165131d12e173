import { FORM_TYPES, formScoring, INTAKE_PHONE_OPTIONS } from '../validation/forms-validators';
import { counter, defineResource, field } from './define';

/** Forms sent to endusers (intake, questionnaires) or filled by staff as notes; numFields counts their fields. */
export const forms = defineResource({
  name: 'forms',
  fields: {
    // Display
    title: field.string({ required: true, max: 250, searchable: true }),
    numFields: counter(),
    displayTitle: field.string({ max: 1000 }),
    description: field.text({ max: 5000 }),
    customGreeting: field.text({ max: 5000 }),
    customSignature: field.text({ max: 5000 }),
    customSubject: field.text({ max: 5000 }),
    // Access
    allowPublicURL: field.boolean(),
    intakePhone: field.oneOf(INTAKE_PHONE_OPTIONS),
    type: field.oneOf(FORM_TYPES),
    // Archived: kept with its responses, no longer offered to send (the reference client's `disabled`).
    disabled: field.boolean(),
    // Completion
    thanksMessage: field.text({ max: 5000 }),
    htmlThanksMessage: field.text({ max: 5000, html: true }),
    scoring: field.json(formScoring),
    tags: field.strings({ max: 250 }),
  },
  access: { user: ['create', 'read', 'update', 'delete'], enduser: ['read'] },
  example: { title: 'Intake questionnaire', type: 'enduserFacing', description: 'A few questions before your first visit.' },
});
