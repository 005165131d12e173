import type { Translate } from '../i18n/translator';
import type ENGLISH_FORMS from '../i18n/catalogue/en/forms';

/** The form answers' problems (docs/contract/validation.md#form-answers), in one language. */
export interface AnswerMessages {
  valueNotProvided: string;
  fileNotProvided: string;
  responseRequired: string;
  mustCheck: string;
  fileRequired: string;
  fullName: string;
  phone: string;
  addressLineOne: string;
  city: string;
  state: string;
  zip: string;
  zipInvalid: string;
  email: string;
  tableValue: (label: string, row: number) => string;
  dateFormat: string;
  tableDateFormat: (label: string, row: number) => string;
  number: string;
  numberBetween: (from: number, to: number) => string;
  signatureTerms: string;
  noTableChoices: string;
  signatureHint: string;
}

type MessageKey = keyof (typeof ENGLISH_FORMS)['validation'];
type Lookup = (key: MessageKey, values?: Record<string, string | number>) => string;

/** The form answers' problems (docs/contract/validation.md#form-answers) through a lookup of the catalogue's `validation` texts. */
export const answerMessagesFrom = (t: Lookup): AnswerMessages => ({
  valueNotProvided: t('valueNotProvided'),
  fileNotProvided: t('fileNotProvided'),
  responseRequired: t('responseRequired'),
  mustCheck: t('mustCheck'),
  fileRequired: t('fileRequired'),
  fullName: t('fullName'),
  phone: t('phone'),
  addressLineOne: t('addressLineOne'),
  city: t('city'),
  state: t('state'),
  zip: t('zip'),
  zipInvalid: t('zipInvalid'),
  email: t('email'),
  tableValue: (label: string, row: number) => t('tableValue', { label, row }),
  dateFormat: t('dateFormat'),
  tableDateFormat: (label: string, row: number) => t('tableDateFormat', { label, row }),
  number: t('number'),
  numberBetween: (from: number, to: number) => t('numberBetween', { from, to }),
  signatureTerms: t('signatureTerms'),
  noTableChoices: t('noTableChoices'),
  signatureHint: t('signatureHint'),
});


/** In the catalogue's language: the browser's and the server's checks say the same words. */
// The catalogue's types cannot check a key built from a union; answerMessagesFrom's own keys are checked against the catalogue.
export const answerMessagesOf = (t: Translate<'forms'>): AnswerMessages => answerMessagesFrom((key, values) => (t as unknown as (key: string, values?: object) => string)(`validation.${key}`, values));
