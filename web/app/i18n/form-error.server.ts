import type { PortalLanguage } from '@carelane/automation';
import { formErrorMessage, UNKNOWN_ERROR } from '../api.server';
import { catalogueFor } from './catalogue.server';
import english from './catalogue/en/errors';
import englishRules from './catalogue/en/validation';

type ApiKey = keyof typeof english.api;
const API_KEYS = Object.keys(english.api) as ApiKey[];
type RuleKey = keyof typeof englishRules;
const RULE_KEYS = Object.keys(englishRules) as RuleKey[];

/**
 * A message the api sent, in the page's language. The api answers in English; the answers a patient
 * meets on the sign-in and profile screens are in the catalogue (errors.api, each English text
 * exactly the api's; and the password rules, which the api words as the portal does), and any other
 * is shown as the api sent it.
 */
export const apiMessageIn = (message: string, language: PortalLanguage): string => {
  const { errors, validation } = catalogueFor(language);
  if (message === UNKNOWN_ERROR) return errors.unknownError;
  const key = API_KEYS.find((candidate) => english.api[candidate] === message);
  if (key) return errors.api[key];
  const rule = RULE_KEYS.find((candidate) => englishRules[candidate] === message);
  return rule ? validation[rule] : message;
};

/** formErrorMessage (the api's message, or 'An unknown error occurred') in the page's language. */
export const formErrorIn = (error: unknown, language: PortalLanguage) => apiMessageIn(formErrorMessage(error), language);

/** 'An unknown error occurred' in the page's language. */
export const unknownErrorIn = (language: PortalLanguage) => catalogueFor(language).errors.unknownError;
