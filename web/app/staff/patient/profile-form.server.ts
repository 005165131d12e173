import { callApi } from '../../api.server';
import { apiProblem } from '../api-fields.server';
import type { Enduser } from './patient.server';

/** The profile's fields, as the form names them (the enduser's own field names: docs/contract/entities.md, "People and access"). */
export const PROFILE_FIELDS = ['fname', 'lname', 'email', 'phone', 'dateOfBirth', 'gender', 'preference', 'timezone', 'tags', 'addressLineOne', 'city', 'state', 'zipCode'] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];
export type ProfileValues = Record<ProfileField, string>;

export const profileValues = (enduser: Enduser): ProfileValues =>
  Object.fromEntries(
    PROFILE_FIELDS.map((field) => {
      const value = (enduser as unknown as Record<string, unknown>)[field];
      return [field, Array.isArray(value) ? value.join(', ') : typeof value === 'string' ? value : ''];
    }),
  ) as ProfileValues;

/** The api words a refusal 'Error parsing field email: Invalid email: x'; the form shows the rule under the field the label already names. */
const FIELD_PREFIX = /^Error parsing field [\w.]+: /;

export type ProfileState = { intent: 'profile'; saved?: boolean; values?: ProfileValues; fieldErrors?: Partial<Record<ProfileField, string>>; formError?: string };

/**
 * Saves the profile with the api's own rules and nothing of ours (ARCHITECTURE.md, "a form ... with the
 * api's own validation messages on the field"): only changed fields are sent, a cleared field is
 * removed (null), tags are a comma-separated list. A refusal changes nothing and comes back on the field it names.
 */
export const saveProfile = async (authToken: string, enduser: Enduser, form: FormData): Promise<ProfileState> => {
  const before = profileValues(enduser);
  const values = Object.fromEntries(PROFILE_FIELDS.map((field) => [field, String(form.get(field) ?? '').trim()])) as ProfileValues;
  const updates: Record<string, unknown> = {};
  for (const field of PROFILE_FIELDS) {
    if (values[field] === before[field]) continue;
    if (field === 'tags') updates.tags = values.tags.split(',').map((tag) => tag.trim()).filter(Boolean);
    else updates[field] = values[field] === '' ? null : values[field];
  }
  if (Object.keys(updates).length === 0) return { intent: 'profile', saved: true };
  try {
    // replaceObjectFields: the tags given are the tags, rather than added to the stored ones.
    await callApi(`/v1/enduser/${encodeURIComponent(enduser.id)}`, { method: 'PATCH', authToken, body: { updates, options: { replaceObjectFields: true } } });
    return { intent: 'profile', saved: true };
  } catch (error) {
    const problem = apiProblem(error, PROFILE_FIELDS);
    return problem.field
      ? { intent: 'profile', values, fieldErrors: { [problem.field]: problem.message.replace(FIELD_PREFIX, '') } }
      : { intent: 'profile', values, formError: problem.message };
  }
};
