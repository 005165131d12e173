/**
 * The rules of the portal's forms, shared by the browser (as react-hook-form resolvers, see route-form.ts)
 * and the route actions, which apply them again to whatever was posted, in the page's language. Messages follow docs/contract/portal.md#login,
 * #register and validation.md#portal-forms; each function returns the first problem per field, or an empty object.
 */
import englishMessages from './i18n/catalogue/en/validation';
import type { Translation } from './i18n/types';

export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

/**
 * The rules' messages in one language: the validation namespace of the catalogue (web/app/i18n).
 * Every validator takes them as its last argument, English by default; the browser passes the page's
 * (route-form.ts), a route action the request's (validationMessagesFor in i18n/validation.server.ts).
 */
export type ValidationMessages = Translation<typeof englishMessages>;

export const MESSAGES: ValidationMessages = englishMessages;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 100;
const EMAIL_MAX = 250;
const PHONE_MIN_DIGITS = 10;
const PHONE_MAX_DIGITS = 15;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;
const PHONE_CHARACTERS = /^\+?[\d\s().-]+$/;

export const isEmail = (value: string) => value.length <= EMAIL_MAX && EMAIL_PATTERN.test(value);

/**
 * The login identifier: an email if it looks like one (it has an @), otherwise a phone number of
 * 10 to 15 digits, written with any of spaces, dots, dashes, parentheses and a leading +.
 * Anything else is not an identifier. A phone is passed on as its digits (with the + if given);
 * the API normalises it.
 */
export type Identifier = { email: string } | { phone: string };

export const parseIdentifier = (raw: string): Identifier | null => {
  const value = raw.trim();
  if (value.includes('@')) return isEmail(value) ? { email: value.toLowerCase() } : null;
  if (!PHONE_CHARACTERS.test(value)) return null;
  const digits = value.replace(/\D/g, '');
  if (digits.length < PHONE_MIN_DIGITS || digits.length > PHONE_MAX_DIGITS) return null;
  return { phone: `${value.startsWith('+') ? '+' : ''}${digits}` };
};

/** Checkbox values as they arrive: true from react-hook-form, 'on' from a posted form. */
export const isChecked = (value: unknown) => value === true || value === 'on' || value === 'true';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

// Login, step 1 ------------------------------------------------------------------------------------

export interface IdentifierValues {
  identifier: string;
}

export const validateIdentifier = (values: Partial<Record<keyof IdentifierValues, unknown>>, messages = MESSAGES): FieldErrors<keyof IdentifierValues> =>
  parseIdentifier(text(values.identifier)) ? {} : { identifier: messages.email };

// Login, password step -----------------------------------------------------------------------------

export interface PasswordValues {
  password: string;
}

export const validatePassword = (values: Partial<Record<keyof PasswordValues, unknown>>, messages = MESSAGES): FieldErrors<keyof PasswordValues> =>
  text(values.password) ? {} : { password: messages.password };

// Register -----------------------------------------------------------------------------------------

export interface RegisterValues {
  email: string;
  password: string;
  acceptTerms: boolean;
  emailConsent: boolean;
}

/** The registration password rule (docs/contract/portal.md#register). */
export const newPasswordProblem = (password: string, messages = MESSAGES): string | undefined => {
  if (!password) return messages.password;
  if (password.length < PASSWORD_MIN) return messages.passwordMin;
  if (password.length > PASSWORD_MAX) return messages.passwordMax;
  if (!/[a-z]/.test(password)) return messages.lowercase;
  if (!/[A-Z]/.test(password)) return messages.uppercase;
  if (!/[^A-Za-z]/.test(password)) return messages.numberOrSpecial;
  return undefined;
};

export const validateRegistration = (values: Partial<Record<keyof RegisterValues, unknown>>, messages = MESSAGES): FieldErrors<keyof RegisterValues> => {
  const errors: FieldErrors<keyof RegisterValues> = {};
  if (!isEmail(text(values.email).trim())) errors.email = messages.email;
  const passwordProblem = newPasswordProblem(text(values.password), messages);
  if (passwordProblem) errors.password = passwordProblem;
  if (!isChecked(values.acceptTerms)) errors.acceptTerms = messages.terms;
  return errors;
};

// Password reset (docs/contract/portal.md#reset-password) -------------------------------------------------------------------------

export interface ResetRequestValues {
  email: string;
}

export const validateResetRequest = (values: Partial<Record<keyof ResetRequestValues, unknown>>, messages = MESSAGES): FieldErrors<keyof ResetRequestValues> =>
  isEmail(text(values.email).trim()) ? {} : { email: messages.email };

export interface ResetPasswordValues {
  newPassword: string;
}

/**
 * The reset page only asks for 8 characters (docs/contract/portal.md#reset-password); the API applies the full password rule and
 * its message is shown when it refuses one.
 */
export const validateResetPassword = (values: Partial<Record<keyof ResetPasswordValues, unknown>>, messages = MESSAGES): FieldErrors<keyof ResetPasswordValues> => {
  const password = text(values.newPassword);
  if (!password) return { newPassword: messages.password };
  if (password.length < PASSWORD_MIN) return { newPassword: messages.passwordMin };
  return {};
};

/** The single-use code of a mailed link (a reset token, an invite code), trimmed; undefined when missing or implausibly long. */
const MAX_LINK_TOKEN_LENGTH = 4096;

export const linkToken = (value: unknown) => {
  const token = text(value).trim();
  return token && token.length <= MAX_LINK_TOKEN_LENGTH ? token : undefined;
};

// Staff registration (an invitation's link) ----------------------------------------------------------

export interface StaffRegisterValues {
  password: string;
  acceptTerms: boolean;
}

/** The enduser registration's password and terms rules; the email comes from the invitation link. */
export const validateStaffRegistration = (values: Partial<Record<keyof StaffRegisterValues, unknown>>, messages = MESSAGES): FieldErrors<keyof StaffRegisterValues> => {
  const errors: FieldErrors<keyof StaffRegisterValues> = {};
  const passwordProblem = newPasswordProblem(text(values.password), messages);
  if (passwordProblem) errors.password = passwordProblem;
  if (!isChecked(values.acceptTerms)) errors.acceptTerms = messages.terms;
  return errors;
};

// Profile (docs/contract/portal.md#settings) --------------------------------------------------------------------------------

/** The profile rules' English messages (the booking widget's intake shares the phone rule's). */
export const PROFILE_MESSAGES = {
  fname: MESSAGES.fname,
  lname: MESSAGES.lname,
  phone: MESSAGES.phone,
  setPasswordMin: MESSAGES.passwordMin,
  mixedCase: MESSAGES.mixedCase,
  lettersAndNumbers: MESSAGES.lettersAndNumbers,
} as const;

export interface ProfileValues {
  fname: string;
  lname: string;
  email: string;
  phone: string;
}

export const PROFILE_FIELDS = ['fname', 'lname', 'email', 'phone'] as const;

/** An optional phone is valid once its non-digits are stripped: empty, or 10 to 15 digits. */
export const isProfilePhone = (raw: string) => {
  const digits = raw.replace(/\D/g, '');
  return raw.trim() === '' || (digits.length >= PHONE_MIN_DIGITS && digits.length <= PHONE_MAX_DIGITS);
};

/**
 * The profile form of /onboarding and /settings: email required and valid, phone optional but
 * valid, and both names required (in onboarding by docs/contract/validation.md#portal-forms; in settings too, see docs/decisions.md).
 */
export const validateProfile = (values: Partial<Record<keyof ProfileValues, unknown>>, messages = MESSAGES): FieldErrors<keyof ProfileValues> => {
  const errors: FieldErrors<keyof ProfileValues> = {};
  if (!text(values.fname).trim()) errors.fname = messages.fname;
  if (!text(values.lname).trim()) errors.lname = messages.lname;
  if (!isEmail(text(values.email).trim())) errors.email = messages.email;
  if (!isProfilePhone(text(values.phone))) errors.phone = messages.phone;
  return errors;
};

export interface SetPasswordValues {
  password: string;
}

/** The set-password prompt's rule (docs/contract/portal.md#settings): at least 8 characters, mixed case, letters and numbers. */
export const setPasswordProblem = (password: string, messages = MESSAGES): string | undefined => {
  if (!password) return messages.password;
  if (password.length < PASSWORD_MIN) return messages.passwordMin;
  if (password.length > PASSWORD_MAX) return messages.passwordMax;
  if (!/[a-z]/.test(password) || !/[A-Z]/.test(password)) return messages.mixedCase;
  if (!/\d/.test(password)) return messages.lettersAndNumbers;
  return undefined;
};

export const validateSetPassword = (values: Partial<Record<keyof SetPasswordValues, unknown>>, messages = MESSAGES): FieldErrors<keyof SetPasswordValues> => {
  const problem = setPasswordProblem(text(values.password), messages);
  return problem ? { password: problem } : {};
};

/** Whether a validation result has any problem. */
export const hasErrors = (errors: Record<string, string | undefined>) => Object.values(errors).some(Boolean);

/** The posted fields of a form, as the validators take them. */
export const formValues = <Field extends string>(form: FormData, fields: readonly Field[]) =>
  Object.fromEntries(fields.map((field) => [field, form.get(field) ?? undefined])) as Partial<Record<Field, unknown>>;
