import { randomBytes } from 'node:crypto';
import { escapeHtml, renderTemplate, textToHtml, type TemplateContext } from '@carelane/activities/channels/template';
import { sanitizeUserHtml } from '../../hooks/sanitize';

export type { TemplateContext };

const LINK = /https?:\/\/[^\s<>"')]+/g;

/** One tracking id per distinct link in the message, in order of appearance. */
export const linkTrackingIds = (texts: string[]) => {
  const links = new Set<string>();
  for (const text of texts) for (const match of text.match(LINK) ?? []) links.add(match);
  return [...links].map(() => randomBytes(12).toString('hex'));
};

/**
 * The templated-message call's rendering, through the project's one renderer: unknown namespaces
 * (forms links and the like, handled elsewhere) stay as written; HTML comes back sanitised.
 */
export const renderTemplatedMessage = (input: { message: string; html?: string; subject?: string }, context: TemplateContext) => {
  const plaintext = renderTemplate(input.message, context);
  const html = input.html ? sanitizeUserHtml(renderTemplate(input.html, context, { html: true })) : textToHtml(plaintext);
  const subject = input.subject === undefined ? undefined : renderTemplate(input.subject, context);
  return { plaintext, html, subject, linkOpenTrackingIds: linkTrackingIds([plaintext]) };
};

export { escapeHtml };
