import * as v from '../validation/validators';
import { defineResource, field } from './define';

/**
 * Uploaded files. The storage name (secureName) and public visibility are set by the upload calls;
 * endusers upload, download, hide and delete their own files.
 */
export const files = defineResource({
  name: 'files',
  fields: {
    name: field.string({ required: true, max: 250, searchable: true }),
    size: field.custom('number', v.number(0, v.LIMITS.fileSize), { required: true }),
    type: field.custom('text', v.mimeType, { required: true }),
    enduserId: field.id({ references: { resource: 'endusers', onDelete: 'cascade' } }),
    secureName: field.server('text', { indexed: true }),
    // Visibility
    hideFromEnduserPortal: field.boolean(),
    pushedToClientPortal: field.boolean(),
    hiddenFromEnduser: field.boolean(),
    publicRead: field.server('boolean'),
    tags: field.strings({ max: 250 }),
    externalId: field.string({ max: 250, indexed: true }),
  },
  // An enduser's upload is theirs.
  onCreate: (_record, actor) => (actor.type === 'enduser' ? { enduserId: actor.id } : {}),
  access: { user: ['create', 'read', 'update', 'delete'], enduser: ['create', 'read', 'update', 'delete'] },
  policy: {
    enduser: {
      // Staff send images in chat and publish PDFs and videos as content: the patient opens them (reads only;
      // an enduser still updates, hides and deletes only their own files).
      readsAlso: {
        anyOf: [
          { attachedTo: { resource: 'chats', field: 'attachments', key: 'secureName' } },
          { attachedTo: { resource: 'managed_content_records', field: 'attachments', key: 'secureName' } },
          { attachedTo: { resource: 'managed_content_records', field: 'files' } },
        ],
      },
    },
  },
  example: { name: 'lab-results.pdf', size: 2048, type: 'application/pdf' },
});
