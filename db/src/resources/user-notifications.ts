import { relatedRecords } from '../validation/messaging-validators';
import { defineResource, field } from './define';

/** Notifications for a staff member (a ticket assigned, a message received ...). */
export const user_notifications = defineResource({
  name: 'user_notifications',
  fields: {
    userId: field.id({ required: true }),
    type: field.string({ required: true, max: 100, indexed: true }),
    message: field.string({ required: true, max: 5000 }),
    read: field.boolean({ default: () => false }),
    relatedRecords: field.json(relatedRecords),
  },
  access: { user: ['create', 'read', 'update', 'delete'] },
  example: { userId: '000000000000000000000000', type: 'newTicket', message: 'A ticket was assigned to you' },
});
