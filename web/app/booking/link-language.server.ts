import { portalLanguageOf, type PortalLanguage } from '@carelane/automation';
import { callApi } from '../api.server';

/** The pages a confirmation email's links open, and the purpose their link must have. */
const LINK_PAGES: Record<string, 'cancel' | 'reschedule'> = { '/appointment/cancel': 'cancel', '/appointment/reschedule': 'reschedule' };

const asked = new WeakMap<Request, Promise<PortalLanguage | undefined>>();

const ask = async (request: Request): Promise<PortalLanguage | undefined> => {
  const url = new URL(request.url);
  const purpose = LINK_PAGES[url.pathname.replace(/\/+$/, '')];
  const token = url.searchParams.get('link')?.trim();
  if (!purpose || !token) return undefined;
  try {
    const { appointment } = await callApi<{ appointment: { language?: string } }>('/v1/appointment-by-link', { query: { token, purpose } });
    return portalLanguageOf(appointment.language);
  } catch {
    // A link the api refuses names no patient: the page speaks as any public page does.
    return undefined;
  }
};

/**
 * The language of the patient a cancel or reschedule link names (GET /appointment-by-link answers
 * it), so the page the link opens speaks it, as the email that carried the link did: whoever opens
 * it, in whatever browser. Undefined on any other page, or for a link the api refuses. Asked once
 * per request however many loaders want it.
 */
export const linkPatientLanguage = (request: Request) => {
  let answer = asked.get(request);
  if (!answer) asked.set(request, (answer = ask(request)));
  return answer;
};
