import { CONTENT_FILES_PATH_PREFIX } from './content-links';
import { blockRecords, type ContentValues } from './content-values';

const stripTags = (html: string) =>
  html
    .replace(/<\/(p|h[1-6]|li|div)>/gi, '\n')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

/** The files an item shows (uploaded header photo, images and PDFs), by the record id in their portal address. */
const referencedFiles = (values: ContentValues) =>
  [values.headerPhoto, ...values.blocks.map((block) => block.link)]
    .filter((link) => link.startsWith(CONTENT_FILES_PATH_PREFIX))
    .map((link) => decodeURIComponent(link.slice(CONTENT_FILES_PATH_PREFIX.length).split('?')[0] ?? ''))
    .filter(Boolean);

/**
 * The record's fields from the form. textContent (required by the api, and what the portal's search
 * reads) is the blocks' words, else the description, else the title. Uploaded files the item shows are
 * listed in `files`, which is what lets its patients open them.
 */
export const contentPayload = (values: ContentValues) => {
  const blocks = values.type === 'Article' ? blockRecords(values.blocks) : [];
  const words = blocks
    .map((block) => block.info.text ?? (block.info.html ? stripTags(block.info.html) : ''))
    .filter(Boolean)
    .join('\n\n');
  return {
    title: values.title.trim(),
    category: values.category.trim() || null,
    description: values.description.trim() || null,
    type: values.type,
    headerPhoto: values.headerPhoto.trim() || null,
    blocks,
    textContent: (words || values.description.trim() || values.title.trim()).slice(0, 25000),
    attachments: values.type !== 'Article' && values.attachment ? [{ type: values.attachment.type, secureName: values.attachment.secureName, name: values.attachment.name }] : [],
    files: referencedFiles(values),
    assignmentType: values.assignmentType,
    tags: values.assignmentType === 'By Tags' ? values.tags : [],
    enduserId: values.assignmentType === 'Individual' ? (values.individual?.id ?? null) : null,
  };
};
