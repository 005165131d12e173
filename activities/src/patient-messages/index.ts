/**
 * The fixed parts of every email and text to a patient, in the patient's language (issue #38;
 * docs/decisions.md, "Languages"). Used by the api (confirmations, codes, links) and the worker
 * (reminders, journeys, waitlist offers) alike.
 */
export { patientTexts, PATIENT_LOCALES, type PatientTexts, type PatientTextKey } from './translator';
export { patientLanguageOf, patientLanguageWithin, patientTextsWithin } from './language';
export type { PatientCatalogue } from './types';
