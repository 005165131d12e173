import booking from '../i18n/catalogue/en/booking';
import { isEmail, isProfilePhone, type FieldErrors } from '../validation';
import type { IntakeValues } from './types';

/**
 * The widget's intake messages (docs/contract/portal.md#booking-widget, validation.md#portal-forms),
 * English by default; the widget passes its page's language's (useBookingMessages).
 */
export const INTAKE_MESSAGES = booking.intake;
export type IntakeMessages = Record<keyof typeof INTAKE_MESSAGES, string>;

const DATE_OF_BIRTH = /^(\d{2})-(\d{2})-(\d{4})$/;

/** MM-DD-YYYY naming a real calendar day. */
export const isDateOfBirth = (value: string) => {
  const match = DATE_OF_BIRTH.exec(value);
  if (!match) return false;
  const [month, day, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
};

/** First problem per field; names and email required, phone and date of birth optional but valid. */
export const validateIntake = (values: Partial<IntakeValues>, messages: IntakeMessages = INTAKE_MESSAGES): FieldErrors<keyof IntakeValues> => {
  const errors: FieldErrors<keyof IntakeValues> = {};
  const value = (field: keyof IntakeValues) => (typeof values[field] === 'string' ? values[field]!.trim() : '');
  if (!value('fname')) errors.fname = messages.fname;
  if (!value('lname')) errors.lname = messages.lname;
  if (!value('email')) errors.email = messages.emailRequired;
  else if (!isEmail(value('email'))) errors.email = messages.email;
  if (value('phone') && !isProfilePhone(value('phone'))) errors.phone = messages.phone;
  if (value('dateOfBirth') && !isDateOfBirth(value('dateOfBirth'))) errors.dateOfBirth = messages.dateOfBirth;
  return errors;
};
