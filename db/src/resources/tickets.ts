import { FieldError } from '../validation/field-error';
import * as v from '../validation/validators';
import { defineResource, field } from './define';

/**
 * Work items for the care team, often about an enduser. A ticket is closed when closedAt and closedBy
 * are set. Endusers may open tickets about themselves.
 */
export const tickets = defineResource({
  name: 'tickets',
  fields: {
    title: field.string({ required: true, max: 1000, searchable: true }),
    enduserId: field.id({ references: { resource: 'endusers', onDelete: 'cascade' } }),
    automationStepId: field.id(),
    message: field.text({ max: 5000 }),
    type: field.string({ max: 100, indexed: true }),
    skillsRequired: field.strings({ max: 100 }),
    priority: field.number(),
    // Closing
    closedForReason: field.string(),
    closeReasons: field.strings(),
    closedBy: field.id(),
    closedAt: field.custom('date', v.dateOrEmpty, { indexed: true }),
    dueDateInMS: field.nonNegative({ indexed: true }),
    // Links and ownership
    chatRoomId: field.id({ references: { resource: 'chat_rooms', onDelete: 'unset' } }),
    owner: field.id(),
    journeyId: field.id(),
    tags: field.strings({ max: 250 }),
  },
  check: (record, { actor, previous }) => {
    if (!previous && actor?.type === 'enduser' && record.enduserId !== actor.id) {
      throw new FieldError('enduserId does not match creator id for enduser session');
    }
  },
  // A ticket a journey step created, once closed, lets the enduser's run go on.
  automation: {
    signals: [
      {
        signal: 'ticketCompleted',
        when: { nowSet: 'closedAt' },
        requires: ['automationStepId', 'enduserId'],
        journey: { field: 'journeyId', viaStep: 'automationStepId' },
        enduser: 'enduserId',
        payload: { automationStepId: { field: 'automationStepId' }, ticketId: { id: true }, closedForReason: { field: 'closedForReason' } },
      },
    ],
  },
  access: { user: ['create', 'read', 'update', 'delete'], enduser: ['create', 'read'] },
  policy: {
    // Tickets by owner (and their creator), and those about an enduser assigned to the caller.
    // Without a configured role: assigned tickets only, and no deletes (docs/contract/access.md#permission-matrix: assigned-only create, read, update, no delete).
    staff: {
      assigned: { anyOf: [{ mine: 'owner' }, { mine: 'creator' }, { assignedEnduser: 'enduserId' }] },
      unconfigured: { levels: { read: 'Assigned', update: 'Assigned', delete: null } },
    },
  },
  example: { title: 'Follow up on lab results', enduserId: '000000000000000000000000', message: 'Results arrived today.' },
});
