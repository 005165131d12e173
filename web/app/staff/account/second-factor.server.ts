import { callApi, formErrorMessage } from '../../api.server';
import type { StaffUser } from '../session.server';

type OwnAccount = { id: string; email?: string; fname?: string; lname?: string; roles?: string[]; businessId?: string; organizationIds?: string[]; mfa?: { email?: boolean } };
type OrganizationRow = { id: string; enforceMFA?: boolean };

/** What the account page shows about the staff member's own second factor. */
export interface OwnSecondFactor {
  name: string;
  email: string;
  role: string;
  /** Their own setting (users.mfa.email). */
  own: boolean;
  /** The organization asks every staff sign-in for the code (enforceMFA), whatever their own setting. */
  enforced: boolean;
}

/**
 * The caller's own account and whether an organization asks for the code anyway: the api asks when
 * the business's root organization or one of the account's own enforces it
 * (docs/contract/access.md#second-factor). Only the organizations the caller may read count here; the
 * api still decides at sign-in.
 */
export const loadOwnSecondFactor = async (authToken: string, user: StaffUser): Promise<OwnSecondFactor> => {
  const me = await callApi<OwnAccount>(`/v1/user/${encodeURIComponent(user.id)}`, { authToken });
  const organizations = await callApi<OrganizationRow[]>('/v1/organizations', { authToken, query: { limit: '500' } }).catch(() => [] as OrganizationRow[]);
  const counted = new Set([me.businessId ?? user.businessId, ...(me.organizationIds ?? [])].filter(Boolean));
  return {
    name: [me.fname, me.lname].filter(Boolean).join(' ') || me.email || 'You',
    email: me.email ?? user.email ?? '',
    role: me.roles?.[0] ?? 'Non-Admin',
    own: me.mfa?.email === true,
    enforced: organizations.some((row) => counted.has(row.id) && row.enforceMFA === true),
  };
};

export type SecondFactorState = { recoveryCodes?: string[]; saved?: string; error?: string };

/**
 * Turns the emailed code on for the caller (POST /users/configure-mfa) and answers the ten recovery
 * codes the api gives this once; asking again gives a new set and the old one stops working.
 */
export const turnOnSecondFactor = async (authToken: string): Promise<SecondFactorState> => {
  try {
    const answer = await callApi<{ recoveryCodes: string[] }>('/v1/users/configure-mfa', { method: 'POST', authToken, body: {} });
    return { recoveryCodes: answer.recoveryCodes };
  } catch (error) {
    return { error: formErrorMessage(error) };
  }
};

/** Turns the caller's own emailed code off (their users.mfa; an organization that enforces it still asks). */
export const turnOffSecondFactor = async (authToken: string, user: StaffUser): Promise<SecondFactorState> => {
  try {
    await callApi(`/v1/user/${encodeURIComponent(user.id)}`, { method: 'PATCH', authToken, body: { updates: { mfa: { email: false } } } });
    return { saved: 'Second factor turned off: you sign in with your password only.' };
  } catch (error) {
    return { error: formErrorMessage(error) };
  }
};
