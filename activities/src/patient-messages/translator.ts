import { spokenTime, type PortalLanguage } from '@carelane/automation';
import i18next, { type TFunction } from 'i18next';
import en from './en';
import es from './es';
import type { PatientCatalogue } from './types';

/** The Intl locale of each language, for dates in messages (US clinics: US English, US Spanish), as the portal's web/app/i18n/locale.ts. */
export const PATIENT_LOCALES: Record<PortalLanguage, string> = { en: 'en-US', es: 'es-US' };

const catalogues: Record<PortalLanguage, PatientCatalogue> = { en, es: es as unknown as PatientCatalogue };

/** Every key of the catalogue, dotted: 'reminder.subject'. */
type Paths<T, P extends string = ''> = { [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Paths<T[K], `${P}${K}.`> }[keyof T & string];
export type PatientTextKey = Paths<PatientCatalogue>;

type At<T, P extends string> = P extends `${infer Head}.${infer Rest}` ? (Head extends keyof T ? At<T[Head], Rest> : never) : P extends keyof T ? T[P] : never;
/** The {{names}} an English text interpolates: the values a call must give. */
type Names<S> = S extends `${string}{{${infer Name}}}${infer Rest}` ? Name | Names<Rest> : never;
type ValuesOf<K extends PatientTextKey> = [Names<At<PatientCatalogue, K>>] extends [never] ? [] : [Record<Names<At<PatientCatalogue, K>>, string | number>];

const instances = new Map<PortalLanguage, TFunction>();

/** One i18next instance per language for the process (no HTML escaping: callers escape what goes into HTML). */
const translatorOf = (language: PortalLanguage): TFunction => {
  const known = instances.get(language);
  if (known) return known;
  const instance = i18next.createInstance();
  void instance.init({
    lng: language,
    fallbackLng: false,
    resources: { [language]: { patient: catalogues[language] } },
    ns: ['patient'],
    defaultNS: 'patient',
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  instances.set(language, instance.t);
  return instance.t;
};

/** What a message to a patient is written with: the language's fixed words and its way of saying a time. */
export interface PatientTexts {
  language: PortalLanguage;
  /** 'en-US' | 'es-US', for Intl. */
  locale: string;
  /** A fixed text of the catalogue, with the values its English text names. */
  t: <K extends PatientTextKey>(key: K, ...values: ValuesOf<K>) => string;
  /** A moment on the patient's clock, naming the zone, in the language's words ("Monday, November 30, 2026 at 9:30 AM PST"). */
  when: (at: number, timeZone: string) => string;
}

export const patientTexts = (language: PortalLanguage): PatientTexts => {
  const translate = translatorOf(language);
  const locale = PATIENT_LOCALES[language];
  return {
    language,
    locale,
    t: (key, ...values) => String(translate(key, values[0] as Record<string, unknown> | undefined)),
    when: (at, timeZone) => spokenTime(at, timeZone, locale),
  };
};
