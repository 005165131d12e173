import type { PortalLanguage } from '@carelane/automation';
import type { InitOptions } from 'i18next';
import type { Catalogue } from './types';

/** How every i18next instance of the portal starts: one language's texts, ready at once (no loading). */
export const catalogueInitOptions = (language: PortalLanguage, messages: Catalogue): InitOptions => ({
  lng: language,
  fallbackLng: false,
  resources: { [language]: messages },
  ns: Object.keys(messages),
  defaultNS: 'common',
  initAsync: false,
  // React escapes what it renders, and server texts are escaped where they go into HTML: escaping here too would show '&amp;' in names.
  interpolation: { escapeValue: false },
});
