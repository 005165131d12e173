import { TEMPLATE_MODES, TEMPLATE_TYPES } from '../validation/messaging-validators';
import { defineResource, field } from './define';

/** Message templates for emails, SMS and chats, for endusers or for the team. */
export const templates = defineResource({
  name: 'templates',
  fields: {
    title: field.string({ required: true, max: 100, searchable: true }),
    subject: field.string({ required: true, max: 250 }),
    message: field.text({ required: true, max: 100_000 }),
    html: field.text({ max: 100_000, html: true }),
    editorState: field.text({ max: 25_000 }),
    type: field.oneOf(TEMPLATE_TYPES, { default: () => 'enduser' }),
    mode: field.oneOf(TEMPLATE_MODES),
    tags: field.strings({ max: 250 }),
  },
  access: { user: ['create', 'read', 'update', 'delete'] },
  example: { title: 'Appointment reminder', subject: 'Your appointment', message: 'Hi {{enduser.fname}}, see you soon.' },
});
