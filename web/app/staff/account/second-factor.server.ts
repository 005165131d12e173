import { callApi, formErrorMessage } from '../../api.server';
import type { StaffUser } from '../session.server';

type OwnAccount = { id: string; email?: string; fname?: string; lname?: string; roles?: string[] };

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
 * The caller's own account and whether an organization asks for the code anyway, as sign-in decides
 * it (GET /users/second-factor: the business's root organization or one of the account's own,
 * docs/contract/access.md#second-factor), including an organization the caller may not read.
 */
export const loadOwnSecondFactor = async (authToken: string, user: StaffUser): Promise<OwnSecondFactor> => {
  const [me, status] = await Promise.all([
    callApi<OwnAccount>(`/v1/user/${encodeURIComponent(user.id)}`, { authToken }),
    callApi<{ own: boolean; enforced: boolean }>('/v1/users/second-factor', { authToken }),
  ]);
  return {
    name: [me.fname, me.lname].filter(Boolean).join(' ') || me.email || 'You',
    email: me.email ?? user.email ?? '',
    role: me.roles?.[0] ?? 'Non-Admin',
    own: status.own,
    enforced: status.enforced,
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
