import type { HookRegistry } from '@carelane/engine';

const turnsEmailCodeOff = (changes: Record<string, unknown>) => {
  const mfa = changes.mfa as { email?: unknown } | null | undefined;
  return mfa === null || (typeof mfa === 'object' && mfa.email === false);
};

/**
 * Turning one's own emailed code off drops the recovery codes with it: otherwise, once the
 * organization asks for a second factor again, a set printed long ago would still open the account.
 * Turning it on again (configure-mfa) issues a new set.
 */
export const registerSecondFactorHooks = (hooks: HookRegistry) => {
  hooks.register('users', {
    beforeUpdate: async (changes) => (turnsEmailCodeOff(changes) ? { mfaRecoveryCodes: null } : undefined),
  });
};
