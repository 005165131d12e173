import type { PortalLanguage } from '@carelane/automation';
import i18next, { type i18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { catalogueInitOptions } from './init-options';
import type { Catalogue } from './types';

/**
 * One i18next instance per catalogue object, kept for as long as that object lives. On the server
 * the root's loader answers the same catalogue object for every request in a language
 * (catalogue.server.ts), so each language is initialised once per process instead of once per
 * render (a new instance per request cost ~0.6 ms of every page, bench/portal's profile); in the
 * browser the page's loader data holds one catalogue, replaced when the visitor changes language.
 * Nothing changes an instance after it starts (no changeLanguage: a language is a new catalogue).
 */
const instances = new WeakMap<Catalogue, i18n>();

/** An i18next instance holding one language's texts, ready at once (no loading on either side). */
const instanceFor = (language: PortalLanguage, messages: Catalogue): i18n => {
  const known = instances.get(messages);
  if (known && known.language === language) return known;
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init(catalogueInitOptions(language, messages));
  instances.set(messages, instance);
  return instance;
};

/** Gives the page its visitor's language (from the root's loader data) for useTranslation. */
export function I18nProvider({ language, messages, children }: { language: PortalLanguage; messages: Catalogue; children: ReactNode }) {
  return <I18nextProvider i18n={instanceFor(language, messages)}>{children}</I18nextProvider>;
}
