import { isPortalLanguage, LANGUAGE_NAMES, type PortalLanguage } from '@carelane/automation';
import { callApi } from '../api.server';
import { formErrorIn } from '../i18n/form-error.server';
import { requestTexts } from '../i18n/request-texts.server';
import { sessionCookieWithEnduser, type Enduser } from '../session.server';

/** What the language chooser shows after a post. */
export type LanguageState = { intent: 'language'; saved?: boolean; formError?: string };

type LanguageResult = { state: LanguageState; setCookie?: string };

/**
 * The language chooser's save (Settings): the patient's `language` in the reference client's shape
 * ({ displayName, iso6391 }) through the same PATCH /v1/enduser/:id as the profile form, then the
 * session cookie's copy of the enduser with it, so the root's next answer (the form posts a field
 * named `language`, which revalidates it) is in the chosen language (i18n/language.server.ts).
 */
export const saveLanguage = async ({ authToken, enduser }: { authToken: string; enduser: Enduser }, request: Request, form: FormData): Promise<LanguageResult> => {
  const chosen = form.get('language');
  const { language: pageLanguage, t } = await requestTexts(request);
  // Only the portal's languages are offered; anything else posted changes nothing.
  if (!isPortalLanguage(chosen)) return { state: { intent: 'language', formError: t('chooseLanguage', { ns: 'settings' }) } };
  const language = { displayName: LANGUAGE_NAMES[chosen], iso6391: chosen satisfies PortalLanguage };
  try {
    const updated = await callApi<Enduser>(`/v1/enduser/${encodeURIComponent(enduser.id)}`, { method: 'PATCH', authToken, body: { updates: { language } } });
    const saved: Enduser = { ...enduser, ...updated, id: enduser.id, language };
    return { state: { intent: 'language', saved: true }, setCookie: await sessionCookieWithEnduser(request, saved) };
  } catch (error) {
    return { state: { intent: 'language', formError: formErrorIn(error, pageLanguage) } };
  }
};
