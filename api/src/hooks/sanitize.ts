import sanitizeHtml from 'sanitize-html';

/**
 * The one HTML policy for content written by staff or endusers (email bodies, chat messages,
 * templates): formatting, links, images, tables and inline styles stay; scripts, event handlers,
 * javascript: and other active URLs, forms, and iframes other than plain https embeds (never srcdoc)
 * are removed. Applied when the HTML is stored, so every later reader gets the clean version.
 */
const POLICY: sanitizeHtml.IOptions = {
  allowedTags: [
    ...sanitizeHtml.defaults.allowedTags,
    'img', 'span', 'font', 'center', 'u', 's', 'del', 'ins', 'small', 'big', 'sub', 'sup', 'hr', 'br', 'iframe',
  ],
  allowedAttributes: {
    '*': ['style', 'class', 'align', 'valign', 'width', 'height', 'dir', 'lang', 'title', 'bgcolor', 'color'],
    a: ['href', 'name', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height', 'border'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan', 'scope'],
    table: ['cellpadding', 'cellspacing', 'border'],
    font: ['face', 'size', 'color'],
    iframe: ['src', 'width', 'height', 'allow', 'allowfullscreen', 'frameborder'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https', 'data', 'cid'], iframe: ['https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite', 'action', 'background'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
};

export const sanitizeUserHtml = (html: string) => sanitizeHtml(html, POLICY);

/** Sanitises the named HTML fields of a record or of update changes, in place; answers what changed. */
export const sanitizeFields = (values: Record<string, unknown>, fields: string[]) => {
  const changes: Record<string, unknown> = {};
  for (const field of fields) {
    const value = values[field];
    if (typeof value === 'string') changes[field] = sanitizeUserHtml(value);
  }
  return Object.keys(changes).length ? changes : undefined;
};
