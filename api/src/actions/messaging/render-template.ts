import { randomBytes } from 'node:crypto';
import { textToHtml } from '@carelane/activities/src/channels/delivery';
import { sanitizeUserHtml } from '../../hooks/sanitize';

/**
 * Template variables: {{enduser.fname}}, {{enduser.custom.Field}} (or {{enduser.Field}} for a custom
 * field), {{user.fname}}, {{organization.name}}, {{journey.key}} from journeyContext ... A known
 * namespace whose value is missing renders as empty text; unknown namespaces (forms links and the
 * like, handled elsewhere) stay as written. Pure functions: the call loads the records.
 */
export interface TemplateContext {
  enduser?: Record<string, unknown>;
  user?: Record<string, unknown>;
  organization?: Record<string, unknown>;
  journey?: Record<string, unknown>;
}

const VARIABLE = /\{\{\s*([A-Za-z]+)\.([^{}]+?)\s*\}\}/g;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const display = (value: unknown): string => {
  if (value === undefined || value === null) return '';
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(display).join(', ');
  if (typeof value === 'object') return '';
  return String(value);
};

const lookup = (record: Record<string, unknown> | undefined, path: string): unknown => {
  if (!record) return undefined;
  const [head, ...rest] = path.split('.');
  if ((head === 'custom' || head === 'fields') && rest.length) {
    return ((record.fields as Record<string, unknown> | undefined) ?? {})[rest.join('.')];
  }
  if (rest.length === 0 && head in record) return record[head];
  if (rest.length === 0) return ((record.fields as Record<string, unknown> | undefined) ?? {})[head];
  let value: unknown = record[head];
  for (const segment of rest) value = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[segment] : undefined;
  return value;
};

export const renderVariables = (text: string, context: TemplateContext, escape: (value: string) => string = (value) => value) =>
  text.replace(VARIABLE, (whole, namespace: string, path: string) => {
    if (!(namespace in NAMESPACES)) return whole;
    return escape(display(lookup(context[NAMESPACES[namespace]], path.trim())));
  });

const NAMESPACES: Record<string, keyof TemplateContext> = {
  enduser: 'enduser',
  user: 'user',
  sender: 'user',
  organization: 'organization',
  journey: 'journey',
};

const LINK = /https?:\/\/[^\s<>"')]+/g;

/** One tracking id per distinct link in the message, in order of appearance. */
export const linkTrackingIds = (texts: string[]) => {
  const links = new Set<string>();
  for (const text of texts) for (const match of text.match(LINK) ?? []) links.add(match);
  return [...links].map(() => randomBytes(12).toString('hex'));
};

export const renderTemplatedMessage = (input: { message: string; html?: string; subject?: string }, context: TemplateContext) => {
  const plaintext = renderVariables(input.message, context);
  const html = input.html ? sanitizeUserHtml(renderVariables(input.html, context, escapeHtml)) : textToHtml(plaintext);
  const subject = input.subject === undefined ? undefined : renderVariables(input.subject, context);
  return { plaintext, html, subject, linkOpenTrackingIds: linkTrackingIds([plaintext]) };
};
