/**
 * The rules of the portal's forms, shared by the browser (as react-hook-form resolvers, see route-form.ts)
 * and the route actions, which apply them again to whatever was posted. Messages follow docs/contract/portal.md#login,
 * #register and validation.md#portal-forms; each function returns the first problem per field, or an empty object.
 */
export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

export const MESSAGES = {
  email: 'Enter a valid email',
  password: 'Enter a password',
  passwordMin: 'Must be at least 8 characters',
  passwordMax: 'Must be at most 100 characters',
  lowercase: 'Must contain a lowercase letter',
  uppercase: 'Must contain an uppercase letter',
  numberOrSpecial: 'Must contain a number or special character',
  terms: 'You must agree to the Terms of Service and Privacy Policy',
} as const;

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

export const validateIdentifier = (values: Partial<Record<keyof IdentifierValues, unknown>>): FieldErrors<keyof IdentifierValues> =>
  parseIdentifier(text(values.identifier)) ? {} : { identifier: MESSAGES.email };

// Login, password step -----------------------------------------------------------------------------

export interface PasswordValues {
  password: string;
}

export const validatePassword = (values: Partial<Record<keyof PasswordValues, unknown>>): FieldErrors<keyof PasswordValues> =>
  text(values.password) ? {} : { password: MESSAGES.password };

// Register -----------------------------------------------------------------------------------------

export interface RegisterValues {
  email: string;
  password: string;
  acceptTerms: boolean;
  emailConsent: boolean;
}

/** The registration password rule (docs/contract/portal.md#register). */
export const newPasswordProblem = (password: string): string | undefined => {
  if (!password) return MESSAGES.password;
  if (password.length < PASSWORD_MIN) return MESSAGES.passwordMin;
  if (password.length > PASSWORD_MAX) return MESSAGES.passwordMax;
  if (!/[a-z]/.test(password)) return MESSAGES.lowercase;
  if (!/[A-Z]/.test(password)) return MESSAGES.uppercase;
  if (!/[^A-Za-z]/.test(password)) return MESSAGES.numberOrSpecial;
  return undefined;
};

export const validateRegistration = (values: Partial<Record<keyof RegisterValues, unknown>>): FieldErrors<keyof RegisterValues> => {
  const errors: FieldErrors<keyof RegisterValues> = {};
  if (!isEmail(text(values.email).trim())) errors.email = MESSAGES.email;
  const passwordProblem = newPasswordProblem(text(values.password));
  if (passwordProblem) errors.password = passwordProblem;
  if (!isChecked(values.acceptTerms)) errors.acceptTerms = MESSAGES.terms;
  return errors;
};

// Password reset (docs/contract/portal.md#reset-password) -------------------------------------------------------------------------

export interface ResetRequestValues {
  email: string;
}

export const validateResetRequest = (values: Partial<Record<keyof ResetRequestValues, unknown>>): FieldErrors<keyof ResetRequestValues> =>
  isEmail(text(values.email).trim()) ? {} : { email: MESSAGES.email };

export interface ResetPasswordValues {
  newPassword: string;
}

/**
 * The reset page only asks for 8 characters (docs/contract/portal.md#reset-password); the API applies the full password rule and
 * its message is shown when it refuses one.
 */
export const validateResetPassword = (values: Partial<Record<keyof ResetPasswordValues, unknown>>): FieldErrors<keyof ResetPasswordValues> => {
  const password = text(values.newPassword);
  if (!password) return { newPassword: MESSAGES.password };
  if (password.length < PASSWORD_MIN) return { newPassword: MESSAGES.passwordMin };
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
export const validateStaffRegistration = (values: Partial<Record<keyof StaffRegisterValues, unknown>>): FieldErrors<keyof StaffRegisterValues> => {
  const errors: FieldErrors<keyof StaffRegisterValues> = {};
  const passwordProblem = newPasswordProblem(text(values.password));
  if (passwordProblem) errors.password = passwordProblem;
  if (!isChecked(values.acceptTerms)) errors.acceptTerms = MESSAGES.terms;
  return errors;
};

// Profile (docs/contract/portal.md#settings) --------------------------------------------------------------------------------

export const PROFILE_MESSAGES = {
  fname: 'First name is required',
  lname: 'Last name is required',
  phone: 'Enter a valid phone number',
  setPasswordMin: MESSAGES.passwordMin,
  mixedCase: 'Must contain both uppercase and lowercase letters',
  lettersAndNumbers: 'Must contain both letters and numbers',
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
export const validateProfile = (values: Partial<Record<keyof ProfileValues, unknown>>): FieldErrors<keyof ProfileValues> => {
  const errors: FieldErrors<keyof ProfileValues> = {};
  if (!text(values.fname).trim()) errors.fname = PROFILE_MESSAGES.fname;
  if (!text(values.lname).trim()) errors.lname = PROFILE_MESSAGES.lname;
  if (!isEmail(text(values.email).trim())) errors.email = MESSAGES.email;
  if (!isProfilePhone(text(values.phone))) errors.phone = PROFILE_MESSAGES.phone;
  return errors;
};

export interface SetPasswordValues {
  password: string;
}

/** The set-password prompt's rule (docs/contract/portal.md#settings): at least 8 characters, mixed case, letters and numbers. */
export const setPasswordProblem = (password: string): string | undefined => {
  if (!password) return MESSAGES.password;
  if (password.length < PASSWORD_MIN) return PROFILE_MESSAGES.setPasswordMin;
  if (password.length > PASSWORD_MAX) return MESSAGES.passwordMax;
  if (!/[a-z]/.test(password) || !/[A-Z]/.test(password)) return PROFILE_MESSAGES.mixedCase;
  if (!/\d/.test(password)) return PROFILE_MESSAGES.lettersAndNumbers;
  return undefined;
};

export const validateSetPassword = (values: Partial<Record<keyof SetPasswordValues, unknown>>): FieldErrors<keyof SetPasswordValues> => {
  const problem = setPasswordProblem(text(values.password));
  return problem ? { password: problem } : {};
};

/** Whether a validation result has any problem. */
export const hasErrors = (errors: Record<string, string | undefined>) => Object.values(errors).some(Boolean);

/** The posted fields of a form, as the validators take them. */
export const formValues = <Field extends string>(form: FormData, fields: readonly Field[]) =>
  Object.fromEntries(fields.map((field) => [field, form.get(field) ?? undefined])) as Partial<Record<Field, unknown>>;
