import type { PortalLanguage } from '@carelane/automation';
import i18next, { type i18n } from 'i18next';
import { useMemo, type ReactNode } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import type { Catalogue } from './types';

/** An i18next instance holding one language's texts, ready at once (no loading on either side). */
const instanceFor = (language: PortalLanguage, messages: Catalogue): i18n => {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: false,
    resources: { [language]: messages },
    ns: Object.keys(messages),
    defaultNS: 'common',
    initAsync: false,
    // React escapes what it renders; escaping here too would show '&amp;' in names.
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
};

/** Gives the page its visitor's language (from the root's loader data) for useTranslation. */
export function I18nProvider({ language, messages, children }: { language: PortalLanguage; messages: Catalogue; children: ReactNode }) {
  const instance = useMemo(() => instanceFor(language, messages), [language, messages]);
  return <I18nextProvider i18n={instance}>{children}</I18nextProvider>;
}
