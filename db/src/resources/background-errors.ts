import * as v from '../validation/validators';
import { defineResource, field } from './define';

/** Errors from background work (automations, sends) for staff to review and acknowledge. */
export const background_errors = defineResource({
  name: 'background_errors',
  fields: {
    title: field.string({ required: true, max: 100, searchable: true }),
    message: field.string({ required: true, max: 25_000 }),
    acknowledgedAt: field.custom('date', v.dateOrEmpty, { indexed: true }),
    journeyId: field.id(),
    enduserId: field.id(),
  },
  access: { user: ['create', 'read', 'update', 'delete'] },
  example: { title: 'Automation error', message: 'Could not send the email: the template was deleted.' },
});
