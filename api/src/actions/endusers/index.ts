import type { Action } from '../action';
import { generateEnduserAuthToken, setEnduserPassword, unsubscribeEnduser, unsubscribeFromMarketing } from './account-calls';
import { beginEnduserLoginFlow } from './begin-login-flow';
import { enduserTags } from './enduser-tags';
import { importEndusers } from './import-endusers';
import { loginEnduser } from './login';
import { generateEnduserMfaChallenge, submitEnduserMfaChallenge } from './mfa-challenge';
import { requestEnduserPasswordReset, resetEnduserPassword } from './password-reset';
import { portalBootstrap } from './portal-bootstrap';
import { registerAsEnduser } from './register';
import { enduserIsAuthenticated, enduserSessionInfoCall, logoutEnduser, refreshEnduserSession } from './session-calls';

/** Enduser (patient) accounts: login and sessions, the second factor, registration, the portal's first load, password reset, unsubscribing, staff importing a file of them, the tags in use. */
export const ENDUSERS_ACTIONS: Action[] = [
  beginEnduserLoginFlow,
  loginEnduser,
  registerAsEnduser,
  enduserSessionInfoCall,
  portalBootstrap,
  logoutEnduser,
  refreshEnduserSession,
  enduserIsAuthenticated,
  generateEnduserAuthToken,
  setEnduserPassword,
  unsubscribeEnduser,
  unsubscribeFromMarketing,
  requestEnduserPasswordReset,
  resetEnduserPassword,
  importEndusers,
  generateEnduserMfaChallenge,
  submitEnduserMfaChallenge,
  enduserTags,
];
