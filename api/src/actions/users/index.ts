import type { Action } from '../action';
import { configureInbox } from './configure-inbox';
import { generateAuthToken } from './generate-auth-token';
import { inviteExistingUserToOrganization, inviteUserToOrganization } from './invitations';
import { userLogin } from './login';
import { requestPasswordReset, resetPassword } from './password-reset';
import { registerUser, submitEmailVerification } from './register';
import { logoutApi, refreshSession, userDisplayInfo } from './session-calls';

/** Staff accounts: login and sessions, password reset, registration, invitations, the inbox setting. */
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
];
