import type { TFunction } from 'i18next';
import type { AnswerMessages } from './answers';

/** The form answers' problems (docs/contract/validation.md#form-answers) in the catalogue's language: the browser's and the server's checks say the same words. */
export const answerMessagesOf = (t: TFunction<'forms'>): AnswerMessages => ({
  valueNotProvided: t('validation.valueNotProvided'),
  fileNotProvided: t('validation.fileNotProvided'),
  responseRequired: t('validation.responseRequired'),
  mustCheck: t('validation.mustCheck'),
  fileRequired: t('validation.fileRequired'),
  fullName: t('validation.fullName'),
  phone: t('validation.phone'),
  addressLineOne: t('validation.addressLineOne'),
  city: t('validation.city'),
  state: t('validation.state'),
  zip: t('validation.zip'),
  zipInvalid: t('validation.zipInvalid'),
  email: t('validation.email'),
  tableValue: (label: string, row: number) => t('validation.tableValue', { label, row }),
  dateFormat: t('validation.dateFormat'),
  tableDateFormat: (label: string, row: number) => t('validation.tableDateFormat', { label, row }),
  number: t('validation.number'),
  numberBetween: (from: number, to: number) => t('validation.numberBetween', { from, to }),
  signatureTerms: t('validation.signatureTerms'),
  noTableChoices: t('validation.noTableChoices'),
  signatureHint: t('validation.signatureHint'),
});

