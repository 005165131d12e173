import type { PortalLanguage } from '@carelane/automation';
import i18next, { type TFunction } from 'i18next';
import { catalogueFor } from './catalogue.server';
import { catalogueInitOptions } from './init-options';

const translators = new Map<PortalLanguage, TFunction>();

/**
 * The catalogue's t() for server code (loader and action messages, emails the portal sends), one
 * i18next instance per language for the process.
 */
export const translatorFor = (language: PortalLanguage): TFunction => {
  const known = translators.get(language);
  if (known) return known;
  const instance = i18next.createInstance();
  void instance.init(catalogueInitOptions(language, catalogueFor(language)));
  translators.set(language, instance.t);
  return instance.t;
};
