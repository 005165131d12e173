import type { PortalLanguage } from '@carelane/automation';
import { formErrorMessage, UNKNOWN_ERROR } from '../api.server';
import { requireOrganization } from '../organization.server';
import { catalogueFor } from './catalogue.server';
import { requestLanguage } from './language.server';
import english from './catalogue/en/errors';
import englishRules from './catalogue/en/validation';

const portalLanguageOf = async (request: Request) => requestLanguage(request, await requireOrganization(request));

type ApiKey = keyof typeof english.api;
const API_KEYS = Object.keys(english.api) as ApiKey[];
type RuleKey = keyof typeof englishRules;
const RULE_KEYS = Object.keys(englishRules) as RuleKey[];

type RefusalKey = keyof typeof english.refusals;
/** The api's own English texts (each exactly as the api sends it) of the refusals the catalogue words plainly. */
const API_REFUSALS: Record<string, RefusalKey> = {
  'Could not find a record for the given id': 'notFound',
  'Could not find a related record for the given id(s)': 'relatedGone',
  'You do not have access to this resource': 'forbidden',
  'This action is not allowed': 'notAllowed',
  'Please try again with less data or a smaller file.': 'tooLarge',
  'The service is temporarily unavailable, please try again shortly': 'unavailable',
  'This meeting has ended': 'meetingEnded',
  'The meeting for this event has not started': 'meetingNotStarted',
};

/**
 * A message the api sent, in the page's language. The api answers in English; the answers a patient
 * meets on the sign-in and profile screens are in the catalogue (errors.api, each English text
 * exactly the api's; and the password rules, which the api words as the portal does), the refusals
 * other pages may meet in plain words (errors.refusals), and any other is shown as the api sent it.
 */
export const apiMessageIn = (message: string, language: PortalLanguage): string => {
  const { errors, validation } = catalogueFor(language);
  if (message === UNKNOWN_ERROR) return errors.unknownError;
  const key = API_KEYS.find((candidate) => english.api[candidate] === message);
  if (key) return errors.api[key];
  const refusal = API_REFUSALS[message];
  if (refusal) return errors.refusals[refusal];
  const rule = RULE_KEYS.find((candidate) => englishRules[candidate] === message);
  return rule ? validation[rule] : message;
};

/** formErrorMessage (the api's message, or 'An unknown error occurred') in the page's language. */
export const formErrorIn = (error: unknown, language: PortalLanguage) => apiMessageIn(formErrorMessage(error), language);

/** 'An unknown error occurred' in the page's language. */
export const unknownErrorIn = (language: PortalLanguage) => catalogueFor(language).errors.unknownError;

/** formErrorIn for a portal action: the language of the request (the patient's, else the organization's, else the browser's). */
export const portalFormError = async (request: Request, error: unknown) => formErrorIn(error, await portalLanguageOf(request));
