import type { Action } from '../action';
import { configureInbox } from './configure-inbox';
import { configureMfa } from './configure-mfa';
import { generateAuthToken } from './generate-auth-token';
import { inviteExistingUserToOrganization, inviteUserToOrganization } from './invitations';
import { userLogin } from './login';
import { requestPasswordReset, resetPassword } from './password-reset';
import { registerUser, submitEmailVerification } from './register';
import { generateMfaChallenge, submitMfaChallenge } from './mfa-challenge';
import { resetMfa } from './reset-mfa';
import { secondFactorStatus } from './second-factor-status';
import { logoutApi, refreshSession, userDisplayInfo } from './session-calls';

/** Staff accounts: login and sessions, the second factor, password reset, registration, invitations, the inbox setting. */
export const USERS_ACTIONS: Action[] = [
  userLogin,
  refreshSession,
  logoutApi,
  generateAuthToken,
  userDisplayInfo,
  requestPasswordReset,
  resetPassword,
  registerUser,
  submitEmailVerification,
  inviteUserToOrganization,
  inviteExistingUserToOrganization,
  configureInbox,
  configureMfa,
  generateMfaChallenge,
  submitMfaChallenge,
  resetMfa,
  secondFactorStatus,
];
