import { callApi, formErrorMessage } from './api.server';
import { apiMessageIn, formErrorIn } from './i18n/form-error.server';
import { requestTexts } from './i18n/request-texts.server';
import { sessionCookieWithEnduser, type Enduser } from './session.server';
import { formValues, hasErrors, PROFILE_FIELDS, validateProfile, validateSetPassword, type FieldErrors, type ProfileValues, type SetPasswordValues } from './validation';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The profile form's values for an enduser (missing fields as empty strings). */
export const profileValuesOf = (enduser: Enduser): ProfileValues => ({
  fname: text(enduser.fname),
  lname: text(enduser.lname),
  email: text(enduser.email),
  phone: text(enduser.phone),
});

/** What the profile form shows after a failed save: the posted values and the problem. */
export type ProfileState = { intent: 'profile'; values: ProfileValues; fieldErrors?: FieldErrors<keyof ProfileValues>; formError?: string; saved?: boolean };

type SaveResult = { ok: true; setCookie: string; profile: ProfileValues } | { ok: false; state: ProfileState };

/**
 * The profile form's save (docs/contract/portal.md#settings), shared by /onboarding and /settings: the same rules as the
 * browser, then PATCH /v1/enduser/:id with the enduser's own token, then the session cookie's copy
 * of the enduser updated from the answer. A cleared phone is removed (null); email and names are
 * required. displayName and avatar are not on the form and are left as they are.
 */
export const saveProfile = async ({ authToken, enduser }: { authToken: string; enduser: Enduser }, request: Request, form: FormData): Promise<SaveResult> => {
  const posted = formValues(form, PROFILE_FIELDS);
  const values: ProfileValues = { fname: text(posted.fname), lname: text(posted.lname), email: text(posted.email), phone: text(posted.phone) };
  const { language, validation } = await requestTexts(request);
  const fieldErrors = validateProfile(values, validation);
  if (hasErrors(fieldErrors)) return { ok: false, state: { intent: 'profile', values, fieldErrors } };
  const phone = values.phone.trim();
  const updates: Record<string, unknown> = {
    fname: values.fname.trim(),
    lname: values.lname.trim(),
    email: values.email.trim().toLowerCase(),
  };
  if (phone) updates.phone = phone;
  else if (enduser.phone) updates.phone = null;
  try {
    const updated = await callApi<Enduser>(`/v1/enduser/${encodeURIComponent(enduser.id)}`, { method: 'PATCH', authToken, body: { updates } });
    const saved: Enduser = { ...enduser, phone: undefined, ...updated, id: enduser.id };
    return { ok: true, setCookie: await sessionCookieWithEnduser(request, saved), profile: profileValuesOf(saved) };
  } catch (error) {
    return { ok: false, state: { intent: 'profile', values, formError: formErrorIn(error, language) } };
  }
};

/** What the set-password prompt shows after a post. */
export type SetPasswordState = { intent: 'password'; fieldErrors?: FieldErrors<keyof SetPasswordValues>; formError?: string; passwordSet?: boolean };

/** The API prefixes password rule failures with the field; the prompt shows the rule alone. */
const PASSWORD_PREFIX = 'Error parsing field password: ';

/** The set-password prompt's save (docs/contract/portal.md#settings): set-enduser-password with the enduser's id, allowed while no password is set. */
export const setFirstPassword = async ({ authToken, enduser }: { authToken: string; enduser: Enduser }, request: Request, form: FormData): Promise<SetPasswordState> => {
  const values = formValues(form, ['password'] as const);
  const { language, validation } = await requestTexts(request);
  const fieldErrors = validateSetPassword(values, validation);
  if (hasErrors(fieldErrors)) return { intent: 'password', fieldErrors };
  try {
    await callApi('/v1/set-enduser-password', { method: 'POST', authToken, body: { id: enduser.id, password: text(values.password) } });
    return { intent: 'password', passwordSet: true };
  } catch (error) {
    const message = formErrorMessage(error);
    return { intent: 'password', formError: apiMessageIn(message.startsWith(PASSWORD_PREFIX) ? message.slice(PASSWORD_PREFIX.length) : message, language) };
  }
};
