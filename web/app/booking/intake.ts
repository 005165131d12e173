import { isEmail, isProfilePhone, PROFILE_MESSAGES, type FieldErrors } from '../validation';
import type { IntakeValues } from './types';

/** The widget's intake messages (docs/contract/portal.md#booking-widget, validation.md#portal-forms). */
export const INTAKE_MESSAGES = {
  fname: 'First name is required',
  lname: 'Last name is required',
  emailRequired: 'Email is required',
  email: 'Must be a valid email',
  dateOfBirth: 'Date must be MM-DD-YYYY',
  phone: PROFILE_MESSAGES.phone,
} as const;

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
export const validateIntake = (values: Partial<IntakeValues>): FieldErrors<keyof IntakeValues> => {
  const errors: FieldErrors<keyof IntakeValues> = {};
  const value = (field: keyof IntakeValues) => (typeof values[field] === 'string' ? values[field]!.trim() : '');
  if (!value('fname')) errors.fname = INTAKE_MESSAGES.fname;
  if (!value('lname')) errors.lname = INTAKE_MESSAGES.lname;
  if (!value('email')) errors.email = INTAKE_MESSAGES.emailRequired;
  else if (!isEmail(value('email'))) errors.email = INTAKE_MESSAGES.email;
  if (value('phone') && !isProfilePhone(value('phone'))) errors.phone = INTAKE_MESSAGES.phone;
  if (value('dateOfBirth') && !isDateOfBirth(value('dateOfBirth'))) errors.dateOfBirth = INTAKE_MESSAGES.dateOfBirth;
  return errors;
};
