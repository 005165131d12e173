import type { PatientChoice } from '../builders/patient-choices.server';

/** The content builder's values (shared by the page, its action and the preview). */
export const CONTENT_TYPES = ['Article', 'PDF', 'Video'] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];
export const ASSIGNMENT_TYPES = ['All', 'By Tags', 'Manual', 'Individual'] as const;
export type AssignmentType = (typeof ASSIGNMENT_TYPES)[number];
export const BLOCK_TYPES = ['h1', 'h2', 'html', 'image', 'pdf', 'youtube', 'iframe'] as const;
export type BlockType = (typeof BLOCK_TYPES)[number];

/** The blocks' names as staff read them. */
export const BLOCK_LABELS: Record<BlockType, string> = {
  h1: 'Heading',
  h2: 'Subheading',
  html: 'Text',
  image: 'Image',
  pdf: 'PDF',
  youtube: 'YouTube video',
  iframe: 'Embedded page',
};

export interface BlockValue {
  /** Only for the page: keeps each block's editor with its block when blocks move. */
  key: string;
  type: BlockType;
  /** h1, h2 */
  text: string;
  /** html */
  html: string;
  /** image, pdf, youtube, iframe: a web address, or an uploaded file's portal address. */
  link: string;
  /** The file's name or the media's description (alternative text for an image). */
  name: string;
}

export interface UploadedFile {
  /** The file record's id (content lists the files it shows by id). */
  id: string;
  secureName: string;
  name: string;
  type: string;
}

export interface ContentValues {
  title: string;
  category: string;
  description: string;
  type: ContentType;
  headerPhoto: string;
  blocks: BlockValue[];
  /** The PDF or the video of a PDF or Video item. */
  attachment: UploadedFile | null;
  assignmentType: AssignmentType;
  tags: string[];
  /** Manual: the patients it is assigned to (one assignment record each). */
  patients: PatientChoice[];
  /** Individual: the one patient it is for. */
  individual: PatientChoice | null;
}

const blockKey = () => `block-${Math.random().toString(36).slice(2, 10)}`;

export const emptyBlock = (type: BlockType): BlockValue => ({ key: blockKey(), type, text: '', html: '', link: '', name: '' });

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const oneOf = <T extends string>(list: readonly T[], value: unknown, fallback: T): T => (list.includes(value as T) ? (value as T) : fallback);

/** A stored record's blocks ({ type, info }) as the form's. */
export const blockValues = (blocks: unknown): BlockValue[] =>
  (Array.isArray(blocks) ? blocks : []).flatMap((block) => {
    const { type, info } = (block ?? {}) as { type?: unknown; info?: Record<string, unknown> };
    if (!BLOCK_TYPES.includes(type as BlockType)) return [];
    return [{ key: blockKey(), type: type as BlockType, text: text(info?.text), html: text(info?.html), link: text(info?.link), name: text(info?.name) }];
  });

/** The form's blocks as the record's ({ type, info }), empty ones left out. */
export interface BlockRecord {
  type: BlockType;
  info: { text?: string; html?: string; link?: string; name?: string };
}

export const blockRecords = (blocks: BlockValue[]): BlockRecord[] =>
  blocks.flatMap((block): BlockRecord[] => {
    if (block.type === 'h1' || block.type === 'h2') return block.text.trim() ? [{ type: block.type, info: { text: block.text.trim() } }] : [];
    if (block.type === 'html') return block.html.replace(/<[^>]*>/g, '').trim() ? [{ type: block.type, info: { html: block.html } }] : [];
    return block.link.trim() ? [{ type: block.type, info: { link: block.link.trim(), ...(block.name.trim() ? { name: block.name.trim() } : {}) } }] : [];
  });

export const contentValues = (record: Record<string, unknown> | undefined, assigned: PatientChoice[], individual: PatientChoice | null): ContentValues => {
  const attachment = (Array.isArray(record?.attachments) ? (record.attachments as Record<string, unknown>[]) : []).find((file) => typeof file?.secureName === 'string');
  return {
    title: text(record?.title),
    category: text(record?.category),
    description: text(record?.description),
    type: oneOf(CONTENT_TYPES, record?.type, 'Article'),
    headerPhoto: text(record?.headerPhoto),
    blocks: record ? blockValues(record.blocks) : [emptyBlock('html')],
    attachment: attachment ? { id: text(attachment.id), secureName: text(attachment.secureName), name: text(attachment.name) || 'file', type: text(attachment.type) } : null,
    assignmentType: oneOf(ASSIGNMENT_TYPES, record?.assignmentType, 'All'),
    tags: Array.isArray(record?.tags) ? (record.tags as unknown[]).map(text).filter(Boolean) : [],
    patients: assigned,
    individual,
  };
};

/** The spec's form rule ('Required') for what each kind of content and assignment needs; the api checks the rest. */
export const contentErrors = (values: ContentValues) => {
  const errors: Record<string, string> = {};
  if (!values.title.trim()) errors.title = 'Required';
  if (values.type !== 'Article' && !values.attachment) errors.attachment = 'Required';
  if (values.assignmentType === 'By Tags' && values.tags.length === 0) errors.tags = 'Required';
  if (values.assignmentType === 'Individual' && !values.individual) errors.individual = 'Required';
  return errors;
};
