import { spokenTime, type PortalLanguage } from '@carelane/automation';
import rosetta, { type Rosetta } from 'rosetta';
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

const translators = new Map<PortalLanguage, Rosetta<PatientCatalogue>>();

/**
 * One translator per language for the process: a dotted key's text with its `{{names}}` filled in,
 * as is (callers escape what goes into HTML). rosetta, as the portal's own texts (web/app/i18n/translator.ts).
 */
const translatorOf = (language: PortalLanguage): Rosetta<PatientCatalogue> => {
  let known = translators.get(language);
  if (!known) {
    known = rosetta({ [language]: catalogues[language] });
    known.locale(language);
    translators.set(language, known);
  }
  return known;
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
    t: (key, ...values) => String(translate.t(key, values[0] ?? {})),
    when: (at, timeZone) => spokenTime(at, timeZone, locale),
  };
};
