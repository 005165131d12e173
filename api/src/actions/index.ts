import { Router, type Request, type Response } from 'express';
import { unauthenticated, forbidden } from '../errors';
import { FileAnswer, JsonAnswer, RedirectAnswer, type Action, type Services } from './action';
import { parseInput } from './parse-input';
import type { RequestFence } from '../auth/account-cache';
import { SYSTEM_ACTIONS } from './system';
import { USERS_ACTIONS } from './users';
import { ENDUSERS_ACTIONS } from './endusers';
import { ORGANIZATIONS_ACTIONS } from './organizations';
import { API_KEYS_ACTIONS } from './api-keys';
import { JOURNEYS_ACTIONS } from './journeys';
import { FORM_ACTIONS } from './forms';
import { FILE_ACTIONS } from './files';
import { MESSAGING_ACTIONS } from './messaging';
import { WEBHOOK_ACTIONS } from './webhooks';
import { COMMUNITY_ACTIONS } from './community';
import { ANALYTICS_ACTIONS } from './analytics';
import { CALENDAR_ACTIONS } from './calendar';
import { MEETING_ACTIONS } from './meetings';
import { INTEGRATION_ACTIONS } from './integrations';
import { SUPERBILLS_ACTIONS } from './superbills';
import { LISTS_ACTIONS } from './lists';
import { OUTBOX_ACTIONS } from './outbox';

/**
 * Every named call: each domain folder's list, concatenated (README.md in this folder gives the
 * recipe for adding one). They are routed before the resources' generic routes, so a literal path
 * such as /journey/:id/states is never taken for a record id.
 */
export const ACTIONS: Action[] = [
  ...SYSTEM_ACTIONS,
  ...USERS_ACTIONS,
  ...ENDUSERS_ACTIONS,
  ...ORGANIZATIONS_ACTIONS,
  ...API_KEYS_ACTIONS,
  ...JOURNEYS_ACTIONS,
  ...FORM_ACTIONS,
  ...FILE_ACTIONS,
  ...MESSAGING_ACTIONS,
  ...WEBHOOK_ACTIONS,
  ...COMMUNITY_ACTIONS,
  ...ANALYTICS_ACTIONS,
  ...CALENDAR_ACTIONS,
  ...MEETING_ACTIONS,
  ...INTEGRATION_ACTIONS,
  ...SUPERBILLS_ACTIONS,
  ...LISTS_ACTIONS,
  ...OUTBOX_ACTIONS,
];

const callerFor = (action: Action, req: Request) => {
  if (action.auth === 'public') return req.caller;
  if (!req.caller) throw unauthenticated();
  if (action.auth !== 'any' && req.caller.type !== action.auth) throw forbidden();
  if (req.caller.type === 'enduser' && req.caller.formResponseId && !action.formSession) throw forbidden();
  return req.caller;
};

/** Runs one named call for the request's caller: its authorization, its input, its handler. */
export const answerAction = async (action: Action, services: Services, req: Request, readFence?: RequestFence) => {
  const caller = callerFor(action, req);
  const context = { services, caller: caller as never, req, readFence };
  if (action.authorize) await action.authorize(context);
  const input = parseInput(action.input, (action.method === 'get' ? req.query : req.body) ?? {});
  return action.handler(context, input);
};

/** Sends a named call's answer as its kind says. */
export const sendAnswer = (res: Response, answer: unknown) => {
  if (answer instanceof RedirectAnswer) return void res.redirect(302, answer.location);
  if (answer instanceof FileAnswer) {
    res.type(answer.contentType).attachment(answer.filename).send(answer.body);
    return;
  }
  if (answer instanceof JsonAnswer) return void res.type('json').send(answer.text);
  res.json(answer);
};

export const actionRouter = (services: Services) => {
  const router = Router();
  for (const action of ACTIONS) {
    router[action.method](action.path, async (req, res) => sendAnswer(res, await answerAction(action, services, req)));
  }
  return router;
};
