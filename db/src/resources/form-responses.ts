import { formResponses } from '../validation/forms-validators';
import { COMMUNICATION_CHANNELS } from '../validation/messaging-validators';
import { defineResource, field } from './define';

/**
 * An enduser's (or staff member's) answers to a form. Outstanding until submitted (no submittedAt);
 * the access code that lets an enduser fill it in is issued by the server.
 */
export const form_responses = defineResource({
  name: 'form_responses',
  fields: {
    // Links and access
    formId: field.id({ required: true, updatable: false, references: { resource: 'forms', onDelete: 'cascade' } }),
    enduserId: field.id({ references: { resource: 'endusers', onDelete: 'cascade' } }),
    accessCode: field.server('text', { indexed: true }),
    userEmail: field.email(),
    formTitle: field.string({ max: 250, searchable: true }),
    submittedBy: field.string({ max: 250 }),
    // Lifecycle stamps
    submissionExpiresAt: field.nonNegative({ updatable: false }),
    openedAt: field.date(),
    submittedAt: field.date({ indexed: true }),
    draftSavedAt: field.date(),
    // Flags
    publicSubmit: field.boolean(),
    hideFromEnduserPortal: field.boolean(),
    isInternalNote: field.boolean(),
    sharedVia: field.oneOf(COMMUNICATION_CHANNELS),
    responses: field.json(formResponses),
    automationStepId: field.id(),
    tags: field.strings({ max: 250 }),
  },
  triggers: [{ type: 'Form Submitted', when: { set: ['submittedAt'], alsoOnCreate: true }, enduser: { field: 'enduserId' }, source: { record: true }, matches: 'formSubmitted' }],
  // A response a journey step sent, once submitted, lets the enduser's run go on.
  automation: {
    signals: [
      {
        signal: 'formSubmitted',
        when: { set: ['submittedAt'], alsoOnCreate: true },
        requires: ['automationStepId', 'enduserId'],
        journey: { viaStep: 'automationStepId' },
        enduser: 'enduserId',
        payload: { automationStepId: { field: 'automationStepId' }, formResponseId: { id: true } },
      },
    ],
  },
  access: { user: ['create', 'read', 'update', 'delete'], enduser: ['read', 'update'] },
  example: {
    formId: '000000000000000000000000',
    enduserId: '000000000000000000000000',
    formTitle: 'Intake questionnaire',
    sharedVia: 'Email',
    responses: [
      { fieldId: '000000000000000000000000', fieldTitle: 'How are you feeling today?', answer: { type: 'multiple_choice', value: ['Great'] } },
    ],
  },
});
