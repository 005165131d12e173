import { renderTemplate as render, type RenderOptions } from './channels/template';

/**
 * Automation steps' view of the one template renderer (channels/template.ts): the context names the
 * sender and journeyContext as steps know them, and variables of unknown namespaces render as
 * nothing (no later stage fills them in). The records must be serialized ones (see templateContext).
 */
export interface TemplateContext {
  enduser?: Record<string, any> | null;
  sender?: Record<string, any> | null;
  organization?: Record<string, any> | null;
  journeyContext?: Record<string, any> | null;
  calendar_event?: Record<string, any> | null;
}

export const renderTemplate = (text: string | null | undefined, context: TemplateContext, options: Pick<RenderOptions, 'html'> = {}) =>
  render(
    text,
    { enduser: context.enduser, user: context.sender, organization: context.organization, journey: context.journeyContext, calendar_event: context.calendar_event },
    { ...options, unknown: 'drop' },
  );
