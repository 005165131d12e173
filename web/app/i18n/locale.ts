import type { PortalLanguage } from '@carelane/automation';

/** The Intl locale of each portal language, for dates and numbers (US clinics: US English, US Spanish). */
export const INTL_LOCALES: Record<PortalLanguage, string> = { en: 'en-US', es: 'es-US' };

export const intlLocale = (language: PortalLanguage | undefined) => INTL_LOCALES[language ?? 'en'];
