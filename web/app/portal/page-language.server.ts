import type { PortalLanguage } from '@carelane/automation';
import { requestLanguage } from '../i18n/language.server';
import { intlLocale } from '../i18n/locale';
import { namespaceTexts } from '../i18n/translate.server';
import type { Namespace } from '../i18n/types';
import { requireOrganization } from '../organization.server';

/**
 * The language of a portal request (the patient's own, else the organization's default, else the
 * browser's), for texts a loader or action writes itself (error messages, dates formatted on the
 * server): one namespace's t(), as useTranslation(namespace) gives a component, and the Intl locale.
 */
export const pageLanguage = async <N extends Namespace>(request: Request, namespace: N) => {
  const language = await requestLanguage(request, await requireOrganization(request));
  return { language, locale: intlLocale(language), t: namespaceTexts(language, namespace) };
};

export { namespaceTexts };
