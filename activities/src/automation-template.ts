/**
 * Renders a message template at send time: `{{enduser.fname}}`, `{{enduser.fields.Plan}}` (or a
 * custom field by name, `{{enduser.Plan}}`), `{{sender.fname}}`, `{{organization.name}}`,
 * `{{journeyContext.x}}`, `{{calendar_event.title}}` ... An unknown variable renders as empty
 * text. Values placed into HTML are escaped.
 */
export interface TemplateContext {
  enduser?: Record<string, any> | null;
  sender?: Record<string, any> | null;
  organization?: Record<string, any> | null;
  journeyContext?: Record<string, any> | null;
  calendar_event?: Record<string, any> | null;
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

const lookup = (context: TemplateContext, path: string): unknown => {
  const [root, ...rest] = path.split('.');
  let value: any = (context as Record<string, any>)[root];
  for (let index = 0; index < rest.length; index += 1) {
    if (value === null || value === undefined) return undefined;
    const key = rest[index];
    let next = value[key];
    // enduser.Plan: a custom field by its name.
    if (next === undefined && root === 'enduser' && index === 0 && value.fields && typeof value.fields === 'object') next = value.fields[key];
    value = next;
  }
  if (value && typeof value === 'object' && 'value' in value) return value.value;
  return value;
};

const display = (value: unknown) => {
  if (value === undefined || value === null) return '';
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
};

export const renderTemplate = (text: string | null | undefined, context: TemplateContext, options: { html?: boolean } = {}) =>
  (text ?? '').replace(/\{\{\s*([A-Za-z_][\w.]*)\s*\}\}/g, (_match, path: string) => {
    const value = display(lookup(context, path));
    return options.html ? escapeHtml(value) : value;
  });
