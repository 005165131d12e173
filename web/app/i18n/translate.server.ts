import type { PortalLanguage } from '@carelane/automation';
import i18next, { type TFunction } from 'i18next';
import { catalogueFor } from './catalogue.server';

const translators = new Map<PortalLanguage, TFunction>();

/**
 * The catalogue's t() for server code (loader and action messages, emails the portal sends), one
 * i18next instance per language for the process.
 */
export const translatorFor = (language: PortalLanguage): TFunction => {
  const known = translators.get(language);
  if (known) return known;
  const messages = catalogueFor(language);
  const instance = i18next.createInstance();
  void instance.init({
    lng: language,
    fallbackLng: false,
    resources: { [language]: messages },
    ns: Object.keys(messages),
    defaultNS: 'common',
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  translators.set(language, instance.t);
  return instance.t;
};
