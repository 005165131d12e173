import { Router, type Request } from 'express';
import { unauthenticated, forbidden } from '../errors';
import type { Action, Services } from './action';
import { apiStatus, testAuthenticated } from './system/status';
import { userLogin } from './users/login';
import { organizationInfo, organizationTheme } from './organizations/theme';
import { addEndusersToJourney } from './journeys/add-endusers-to-journey';
import { beginEnduserLoginFlow } from './endusers/begin-login-flow';
import { loginEnduser } from './endusers/login';
import { registerAsEnduser } from './endusers/register';
import { enduserSessionInfoCall, logoutEnduser } from './endusers/session-calls';

/** Every named call. Adding one: a file in its domain folder, then a line here. */
export const ACTIONS: Action[] = [
  apiStatus,
  testAuthenticated,
  userLogin,
  organizationTheme,
  organizationInfo,
  addEndusersToJourney,
  beginEnduserLoginFlow,
  loginEnduser,
  registerAsEnduser,
  enduserSessionInfoCall,
  logoutEnduser,
];

const callerFor = (action: Action, req: Request) => {
  if (action.auth === 'public') return req.caller;
  if (!req.caller) throw unauthenticated();
  if (action.auth !== 'any' && req.caller.type !== action.auth) throw forbidden();
  return req.caller;
};

export const actionRouter = (services: Services) => {
  const router = Router();
  for (const action of ACTIONS) {
    router[action.method](
      action.path,
      async (req, res) => {
        const caller = callerFor(action, req);
        const input = (action.method === 'get' ? req.query : req.body) ?? {};
        res.json(await action.handler({ services, caller: caller as never, req }, input as Record<string, unknown>));
      },
    );
  }
  return router;
};
