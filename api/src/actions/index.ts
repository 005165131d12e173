import { Router, type Request } from 'express';
import { unauthenticated, forbidden } from '../errors';
import { FileAnswer, RedirectAnswer, type Action, type Services } from './action';
import { parseInput } from './parse-input';
import { apiStatus, testAuthenticated } from './system/status';
import { userLogin } from './users/login';
import { organizationInfo, organizationTheme } from './organizations/theme';
import { addEndusersToJourney } from './journeys/add-endusers-to-journey';
import { removeEndusersFromJourney } from './journeys/remove-endusers-from-journey';
import { dryRunJourney } from './journeys/dry-run-journey';
import { deleteJourneyStates } from './journeys/delete-journey-states';
import { retryAutomatedAction } from './journeys/retry-automated-action';
import { beginEnduserLoginFlow } from './endusers/begin-login-flow';
import { loginEnduser } from './endusers/login';
import { registerAsEnduser } from './endusers/register';
import { enduserIsAuthenticated, enduserSessionInfoCall, logoutEnduser, refreshEnduserSession } from './endusers/session-calls';
import { generateEnduserAuthToken, setEnduserPassword, unsubscribeEnduser, unsubscribeFromMarketing } from './endusers/account-calls';
import { portalBootstrap } from './endusers/portal-bootstrap';
import { requestEnduserPasswordReset, resetEnduserPassword } from './endusers/password-reset';
import { generateAuthToken } from './users/generate-auth-token';
import { requestPasswordReset, resetPassword } from './users/password-reset';
import { logoutApi, refreshSession, userDisplayInfo } from './users/session-calls';
import { createApiKey } from './api-keys/create';
import { createSubOrganization } from './organizations/sub-organization';
import { createAndJoinOrganization } from './organizations/create-and-join';
import { registerUser, submitEmailVerification } from './users/register';
import { inviteExistingUserToOrganization, inviteUserToOrganization } from './users/invitations';
import { configureInbox } from './users/configure-inbox';
import { resetDemo } from './system/reset-demo';
import { bulkRead } from './system/bulk-read';
import { FORM_ACTIONS } from './forms';
import { FILE_ACTIONS } from './files';
import { MESSAGING_ACTIONS } from './messaging';
import { WEBHOOK_ACTIONS } from './webhooks';
import { COMMUNITY_ACTIONS } from './community';
import { ANALYTICS_ACTIONS } from './analytics';
import { CALENDAR_ACTIONS } from './calendar';
import { MEETING_ACTIONS } from './meetings';
import { INTEGRATION_ACTIONS } from './integrations';

/** Every named call. Adding one: a file in its domain folder, then a line here. */
export const ACTIONS: Action[] = [
  apiStatus,
  testAuthenticated,
  userLogin,
  organizationTheme,
  organizationInfo,
  addEndusersToJourney,
  removeEndusersFromJourney,
  dryRunJourney,
  deleteJourneyStates,
  retryAutomatedAction,
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
  refreshSession,
  logoutApi,
  generateAuthToken,
  userDisplayInfo,
  requestPasswordReset,
  resetPassword,
  createApiKey,
  createSubOrganization,
  createAndJoinOrganization,
  registerUser,
  submitEmailVerification,
  inviteUserToOrganization,
  inviteExistingUserToOrganization,
  configureInbox,
  resetDemo,
  bulkRead,
  ...FORM_ACTIONS,
  ...FILE_ACTIONS,
  ...MESSAGING_ACTIONS,
  ...WEBHOOK_ACTIONS,
  ...COMMUNITY_ACTIONS,
  ...ANALYTICS_ACTIONS,
  ...CALENDAR_ACTIONS,
  ...MEETING_ACTIONS,
  ...INTEGRATION_ACTIONS,
];

const callerFor = (action: Action, req: Request) => {
  if (action.auth === 'public') return req.caller;
  if (!req.caller) throw unauthenticated();
  if (action.auth !== 'any' && req.caller.type !== action.auth) throw forbidden();
  if (req.caller.type === 'enduser' && req.caller.formResponseId && !action.formSession) throw forbidden();
  return req.caller;
};

export const actionRouter = (services: Services) => {
  const router = Router();
  for (const action of ACTIONS) {
    router[action.method](
      action.path,
      async (req, res) => {
        const caller = callerFor(action, req);
        const context = { services, caller: caller as never, req };
        if (action.authorize) await action.authorize(context);
        const input = parseInput(action.input, (action.method === 'get' ? req.query : req.body) ?? {});
        const answer = await action.handler(context, input);
        if (answer instanceof RedirectAnswer) return void res.redirect(302, answer.location);
        if (answer instanceof FileAnswer) {
          res.type(answer.contentType).attachment(answer.filename).send(answer.body);
          return;
        }
        res.json(answer);
      },
    );
  }
  return router;
};
