import type { PortalLanguage } from '@carelane/automation';
import i18next, { type i18n } from 'i18next';
import { useMemo, type ReactNode } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { catalogueInitOptions } from './init-options';
import type { Catalogue } from './types';

/** An i18next instance holding one language's texts, ready at once (no loading on either side). */
const instanceFor = (language: PortalLanguage, messages: Catalogue): i18n => {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init(catalogueInitOptions(language, messages));
  return instance;
};

/** Gives the page its visitor's language (from the root's loader data) for useTranslation. */
export function I18nProvider({ language, messages, children }: { language: PortalLanguage; messages: Catalogue; children: ReactNode }) {
  const instance = useMemo(() => instanceFor(language, messages), [language, messages]);
  return <I18nextProvider i18n={instance}>{children}</I18nextProvider>;
}
