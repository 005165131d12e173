import { callApi, formErrorMessage } from '../../api.server';
import type { StaffUser } from '../session.server';

export interface TeamMember {
  id: string;
  name: string;
  email: string;
  role: string;
  /** Invited and not signed up yet (no password chosen). */
  invited: boolean;
  you: boolean;
  /** They turned on the emailed code for themselves (users.mfa.email), which an Admin may reset. */
  secondFactor: boolean;
}

type UserRow = { id: string; fname?: string; lname?: string; email?: string; roles?: string[]; verifiedEmail?: boolean; organizationIds?: string[]; mfa?: { email?: boolean } };

/** The roles offered: Admin, the default Non-Admin, and every role the role matrix configures. */
export const roleChoices = (configured: string[]) => ['Admin', 'Non-Admin', ...configured.filter((role) => role !== 'Admin' && role !== 'Non-Admin').sort()];

/** The team as the caller sees it (their organization and those below), with the roles on offer. */
export const loadTeam = async (authToken: string, user: StaffUser) => {
  const [users, roleRecords] = await Promise.all([
    callApi<UserRow[]>('/v1/users', { authToken, query: { limit: '500', sort: 'oldFirst' } }),
    callApi<{ role: string }[]>('/v1/role-based-access-permissions', { authToken, query: { limit: '500' } }),
  ]);
  const members: TeamMember[] = users.map((row) => ({
    id: row.id,
    name: [row.fname, row.lname].filter(Boolean).join(' ') || row.email || 'Staff member',
    email: row.email ?? '',
    role: row.roles?.[0] ?? 'Non-Admin',
    invited: row.verifiedEmail === false,
    you: row.id === user.id,
    secondFactor: row.mfa?.email === true,
  }));
  return { members, roles: roleChoices(roleRecords.map((record) => record.role)) };
};

export type TeamState = { saved?: string; error?: string; fieldErrors?: Partial<Record<'fname' | 'lname' | 'email', string>> };

const text = (form: FormData, name: string) => String(form.get(name) ?? '').trim();

/** The organization a colleague is invited into: the caller's own (the last of their organizationIds). */
const ownOrganization = async (authToken: string, user: StaffUser) => {
  const me = await callApi<UserRow>(`/v1/user/${encodeURIComponent(user.id)}`, { authToken });
  return me.organizationIds?.at(-1) ?? user.businessId ?? '';
};

const FIELD_MESSAGES: Record<string, 'fname' | 'lname' | 'email'> = { fname: 'fname', lname: 'lname', email: 'email' };

/** Invites a colleague with a role (POST /invite-user-to-organization mails them a link to choose a password). */
export const inviteColleague = async (authToken: string, user: StaffUser, form: FormData): Promise<TeamState> => {
  const values = { fname: text(form, 'fname'), lname: text(form, 'lname'), email: text(form, 'email') };
  const missing = Object.entries(values).find(([, value]) => !value);
  if (missing) return { fieldErrors: { [missing[0]]: missing[0] === 'email' ? 'Enter their email address' : 'Enter their name' } };
  try {
    await callApi('/v1/invite-user-to-organization', {
      method: 'POST',
      authToken,
      body: { ...values, role: text(form, 'role') || 'Non-Admin', organizationId: await ownOrganization(authToken, user) },
    });
    return { saved: `${values.fname} ${values.lname} was invited: they get an email to choose a password.` };
  } catch (error) {
    const message = formErrorMessage(error);
    const field = /^Error parsing field (\w+)/.exec(message)?.[1];
    if (message === 'Uniqueness Violation') return { fieldErrors: { email: 'Someone already has an account with this email' } };
    return field && FIELD_MESSAGES[field] ? { fieldErrors: { [FIELD_MESSAGES[field]]: message } } : { error: message };
  }
};

/** Gives a colleague one role (their sessions end, so the new role applies at once). */
export const changeRole = async (authToken: string, form: FormData): Promise<TeamState> => {
  try {
    await callApi(`/v1/user/${encodeURIComponent(text(form, 'id'))}`, {
      method: 'PATCH',
      authToken,
      body: { updates: { roles: [text(form, 'role')] }, options: { replaceObjectFields: true } },
    });
    return { saved: `${text(form, 'name')} is now ${text(form, 'role')}.` };
  } catch (error) {
    return { error: formErrorMessage(error) };
  }
};

/** Removes a colleague's account: they can no longer sign in (the spec has no paused account; docs/decisions.md). */
export const removeColleague = async (authToken: string, form: FormData): Promise<TeamState> => {
  try {
    await callApi(`/v1/user/${encodeURIComponent(text(form, 'id'))}`, { method: 'DELETE', authToken });
    return { saved: `${text(form, 'name')} was removed from the team.` };
  } catch (error) {
    return { error: formErrorMessage(error) };
  }
};

/**
 * Resets a colleague's second factor (POST /users/reset-mfa, Admin only): their own emailed code is
 * turned off and their recovery codes stop working; user_logs records who did it.
 */
export const resetSecondFactor = async (authToken: string, form: FormData): Promise<TeamState> => {
  try {
    await callApi('/v1/users/reset-mfa', { method: 'POST', authToken, body: { userId: text(form, 'id') } });
    return { saved: `${text(form, 'name')}’s second factor was reset: they sign in with their password until they turn it on again.` };
  } catch (error) {
    return { error: formErrorMessage(error) };
  }
};
