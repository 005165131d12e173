import * as v from '../validation/validators';
import { defineResource, field } from './define';

/**
 * History of journey state changes, written when an enduser enters or moves within a journey. Creating
 * one through the generic calls moves the enduser (their journeys map), as a status change does
 * (api/src/hooks/journey-status.ts).
 */
export const enduser_status_updates = defineResource({
  name: 'enduser_status_updates',
  fields: {
    journeyId: field.id({ required: true, references: { resource: 'journeys', onDelete: 'cascade' } }),
    enduserId: field.id({ required: true, references: { resource: 'endusers', onDelete: 'cascade' } }),
    status: field.custom('text', v.journeyStateName, { required: true }),
  },
  access: { user: ['create', 'read', 'update', 'delete'] },
  example: { journeyId: '000000000000000000000000', enduserId: '000000000000000000000000', status: 'New' },
});
