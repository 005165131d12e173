import sanitizeHtml from 'sanitize-html';
import { ApiError } from '../api.server';
import { CONTENT_FILES_PATH, type ContentSummary } from './content';
import { getRecord, listRecords, optionalText, text, type ApiRecord } from './resources.server';

/**
 * The content the enduser may see (docs/contract/portal.md#content): the API answers only records assigned to them (All,
 * By Tags, Manual, Individual), so the portal lists what it gets, in the clinic's portal order.
 */
export const yourContent = async (authToken: string): Promise<ContentSummary[]> => {
  const records = await listRecords(authToken, 'managed-content-records', { limit: 1000 });
  return records
    .filter((record) => record.forInternalUse !== true)
    .map((record, index) => ({ record, index }))
    .sort((a, b) => orderOf(a.record, a.index) - orderOf(b.record, b.index))
    .map(({ record }) => ({
      id: record.id,
      title: text(record.title),
      category: optionalText(record.category),
      type: optionalText(record.type),
      headerPhoto: safeURL(record.headerPhoto),
      description: text(record.description),
      textContent: text(record.textContent).slice(0, 2000),
    }));
};

const orderOf = (record: ApiRecord, fallback: number) => (typeof record.portalIndex === 'number' ? record.portalIndex : typeof record.index === 'number' ? record.index : 10_000 + fallback);

/** Only http(s) links, and the portal's own content files, reach an src or href. */
export const safeURL = (value: unknown) => {
  if (typeof value !== 'string' || !value.trim()) return undefined;
  if (value.startsWith(CONTENT_FILES_PATH) && !/[\\/]{2}|\.\./.test(value.slice(CONTENT_FILES_PATH.length))) return value;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : undefined;
  } catch {
    return undefined;
  }
};

/** HTML written by the clinic, cleaned: scripts, event handlers and javascript: links never reach the page. */
export const sanitizeContentHtml = (html: string) =>
  sanitizeHtml(html, {
    allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'span', 'u', 's', 'br', 'hr', 'h1', 'h2'],
    allowedAttributes: { '*': ['style', 'class'], a: ['href', 'target', 'rel'], img: ['src', 'alt', 'width', 'height'] },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
  });

export type ContentBlock =
  | { type: 'h1' | 'h2'; text: string }
  | { type: 'html'; html: string }
  | { type: 'image' | 'youtube' | 'iframe' | 'pdf'; link: string; name?: string; width?: number; height?: number; maxWidth?: number; maxHeight?: number };

const numberOr = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : undefined);

/** YouTube links as their embeddable form. */
const youtubeEmbed = (link: string) => {
  try {
    const url = new URL(link);
    if (url.pathname.startsWith('/embed/')) return link;
    const id = url.hostname.includes('youtu.be') ? url.pathname.slice(1) : url.searchParams.get('v');
    return id ? `https://www.youtube.com/embed/${encodeURIComponent(id)}` : link;
  } catch {
    return link;
  }
};

const toBlock = (value: unknown): ContentBlock | undefined => {
  if (!value || typeof value !== 'object') return undefined;
  const { type, info } = value as { type?: unknown; info?: Record<string, unknown> };
  if (!info || typeof info !== 'object') return undefined;
  if (type === 'h1' || type === 'h2') return { type, text: text(info.text) };
  if (type === 'html') return { type, html: sanitizeContentHtml(text(info.html)) };
  if (type === 'image' || type === 'youtube' || type === 'iframe' || type === 'pdf') {
    const link = safeURL(info.link);
    if (!link) return undefined;
    return {
      type,
      link: type === 'youtube' ? youtubeEmbed(link) : link,
      name: optionalText(info.name),
      width: numberOr(info.width),
      height: numberOr(info.height),
      maxWidth: numberOr(info.maxWidth),
      maxHeight: numberOr(info.maxHeight),
    };
  }
  return undefined;
};

export interface ContentItem {
  id: string;
  title: string;
  type: 'PDF' | 'Video' | 'Article' | 'HTML';
  headerPhoto?: string;
  blocks: ContentBlock[];
  html: string;
  /** The PDF or video attachment, served through the portal. */
  attachment?: { url: string; name: string };
}

/** One item, or undefined when it is gone (deleted, or no longer assigned to the enduser). */
export const contentItem = async (authToken: string, id: string): Promise<ContentItem | undefined> => {
  let record: ApiRecord;
  try {
    record = await getRecord(authToken, 'managed-content-record', id);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400 || error.status === 403)) return undefined;
    throw error;
  }
  return contentItemOf(record, (file) => `/content/${encodeURIComponent(record.id)}/attachment?secureName=${encodeURIComponent(file.secureName)}&name=${encodeURIComponent(file.name)}`);
};

/**
 * A content record as the patient sees it: blocks and HTML sanitised, links checked. `attachmentURL`
 * says where its PDF or video is served from (the portal for the patient, the staff app in a preview).
 */
export const contentItemOf = (record: ApiRecord, attachmentURL: (file: { secureName: string; name: string }) => string): ContentItem => {
  const type = record.type === 'PDF' || record.type === 'Video' || record.type === 'Article' ? record.type : 'HTML';
  const attachments = Array.isArray(record.attachments) ? (record.attachments as { secureName?: unknown; name?: unknown }[]) : [];
  const first = attachments.find((item) => typeof item?.secureName === 'string');
  const html = optionalText(record.htmlContent);
  const title = text(record.title);
  return {
    id: record.id,
    title,
    type,
    headerPhoto: safeURL(record.headerPhoto),
    blocks: (Array.isArray(record.blocks) ? record.blocks : []).map(toBlock).filter((block): block is ContentBlock => !!block),
    html: html ? sanitizeContentHtml(html) : sanitizeContentHtml(escapeText(text(record.textContent))),
    attachment: first ? { url: attachmentURL({ secureName: String(first.secureName), name: text(first.name) || 'file' }), name: text(first.name) || title } : undefined,
  };
};

const escapeText = (value: string) =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${paragraph.replace(/\n/g, '<br>')}</p>`)
    .join('');
