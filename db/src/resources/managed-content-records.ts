import { chatAttachments, contentBlocks, MANAGED_CONTENT_ASSIGNMENT_TYPES, MANAGED_CONTENT_TYPES, MESSAGE_TEMPLATE_MODES } from '../validation/content-validators';
import { defineResource, field } from './define';

/** Education content (articles, PDFs, videos) shown in the portal to the endusers it is assigned to. */
export const managed_content_records = defineResource({
  name: 'managed_content_records',
  fields: {
    // Identity
    slug: field.string({ max: 250, indexed: true }),
    title: field.string({ required: true, max: 1000, searchable: true }),
    category: field.string({ max: 100 }),
    description: field.text({ max: 5000 }),
    // Body
    textContent: field.text({ required: true, max: 25000 }),
    htmlContent: field.text({ max: 25000, html: true }),
    editorState: field.text({ max: 25000 }),
    mode: field.oneOf(MESSAGE_TEMPLATE_MODES),
    attachments: field.json(chatAttachments),
    files: field.strings(),
    headerPhoto: field.string({ max: 250 }),
    blocks: field.json(contentBlocks),
    type: field.oneOf(MANAGED_CONTENT_TYPES, { updatable: false }),
    // Who sees it
    assignmentType: field.oneOf(MANAGED_CONTENT_ASSIGNMENT_TYPES),
    /** Set only for 'Individual' content: removed with its enduser. */
    enduserId: field.id({ references: { resource: 'endusers', onDelete: 'cascade' } }),
    publicRead: field.boolean(),
    tags: field.strings({ max: 250 }),
    portalIndex: field.number(),
  },
  access: { user: ['create', 'read', 'update', 'delete'], enduser: ['create', 'read'] },
  policy: {
    // Public content and content assigned to everyone, to the enduser (by enduserId or an assignment record) or to one of their tags, and their own.
    enduser: {
      scope: {
        anyOf: [
          { flag: 'publicRead' },
          { equals: { field: 'assignmentType', value: 'All' } },
          { mine: 'enduserId' },
          { mine: 'creator' },
          { child: { resource: 'managed_content_record_assignments', via: 'contentId', where: { mine: 'enduserId' } } },
          { allOf: [{ equals: { field: 'assignmentType', value: 'By Tags' } }, { sharesMy: 'tags' }] },
        ],
      },
    },
  },
  example: {
    title: 'Preparing for your first visit',
    textContent: 'Bring a list of your medications.',
    type: 'Article',
    assignmentType: 'All',
    blocks: [
      { type: 'h1', info: { text: 'Preparing for your first visit' } },
      { type: 'youtube', info: { link: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' } },
    ],
  },
});
