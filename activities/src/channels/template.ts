import { TEMPLATE_NAMESPACES } from '@carelane/automation';
/**
 * The project's one template renderer and one HTML escaper, used by the api's templated-message call,
 * automation steps, reminders and the delivery path (footers, plain text as HTML).
 *
 * Variables: {{enduser.fname}}, {{enduser.custom.Plan}} / {{enduser.fields.Plan}} / {{enduser.Plan}}
 * (a custom field by name), {{user.fname}} or {{sender.fname}}, {{organization.name}},
 * {{journey.key}} or {{journeyContext.key}}, {{calendar_event.title}}. A known namespace whose value is
 * missing renders as empty text. Unknown namespaces (forms links handled elsewhere) stay as written,
 * or are dropped with `unknown: 'drop'` (automations, where nothing else will handle them).
 * The records given here must be serialized ones (secrets removed: @carelane/db `serialize`).
 */
export interface TemplateContext {
  enduser?: Record<string, unknown> | null;
  user?: Record<string, unknown> | null;
  organization?: Record<string, unknown> | null;
  journey?: Record<string, unknown> | null;
  calendar_event?: Record<string, unknown> | null;
}

/** The namespaces it resolves live with the staff editor's variable picker (automation/src/template-variables.ts). */
const NAMESPACES: Record<string, keyof TemplateContext> = TEMPLATE_NAMESPACES;

const VARIABLE = /\{\{\s*([A-Za-z_]+)\.([^{}]+?)\s*\}\}/g;

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Plain text as minimal HTML (paragraph breaks kept). */
export const textToHtml = (text: string) => `<p>${escapeHtml(text).replace(/\r?\n/g, '<br/>')}</p>`;

const display = (value: unknown): string => {
  if (value === undefined || value === null) return '';
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(display).join(', ');
  // A custom field stored as { value } shows its value.
  if (typeof value === 'object') return 'value' in value ? display((value as { value: unknown }).value) : '';
  return String(value);
};

const lookup = (record: Record<string, unknown> | null | undefined, path: string): unknown => {
  if (!record) return undefined;
  const [head, ...rest] = path.split('.');
  const fields = (record.fields as Record<string, unknown> | undefined) ?? {};
  if ((head === 'custom' || head === 'fields') && rest.length) return fields[rest.join('.')];
  if (rest.length === 0) return head in record ? record[head] : fields[head];
  let value: unknown = record[head];
  for (const segment of rest) value = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[segment] : undefined;
  return value;
};

export interface RenderOptions {
  /** Values placed into HTML are escaped. */
  html?: boolean;
  /** What happens to {{namespace.x}} of a namespace this renderer does not know. */
  unknown?: 'keep' | 'drop';
}

export const renderTemplate = (text: string | null | undefined, context: TemplateContext, options: RenderOptions = {}) =>
  (text ?? '').replace(VARIABLE, (whole, namespace: string, path: string) => {
    if (!(namespace in NAMESPACES)) return options.unknown === 'drop' ? '' : whole;
    const value = display(lookup(context[NAMESPACES[namespace]], path.trim()));
    return options.html ? escapeHtml(value) : value;
  });
