import { defineResource, field } from './define';

/** Content assigned to one enduser ('Manual' assignment). */
export const managed_content_record_assignments = defineResource({
  name: 'managed_content_record_assignments',
  fields: {
    contentId: field.id({ required: true, references: { resource: 'managed_content_records', onDelete: 'cascade' } }),
    enduserId: field.id({ required: true, references: { resource: 'endusers', onDelete: 'cascade' } }),
  },
  access: { user: ['create', 'read', 'update', 'delete'], enduser: ['read'] },
  example: { contentId: '000000000000000000000000', enduserId: '000000000000000000000000' },
});
