import { Router } from 'express';
import type { DataSource } from 'typeorm';
import { identifyCaller, identifyForRead, type AppPassport } from '../auth/passport';
import type { Services } from './action';
import { ACTIONS, answerAction, sendAnswer } from './index';

type Outcome = { answer: unknown } | { error: unknown };

const settle = (work: () => Promise<unknown>): Promise<Outcome> => work().then((answer) => ({ answer }), (error: unknown) => ({ error }));

/**
 * The named calls that only read (Action.readOnly), routed before the token check of every other
 * call: each identifies its caller itself with the fence round trip in flight beside its own work
 * instead of before it (one round trip fewer on the way of a staff list, bench/README.md issue 37).
 * Nothing is answered, not even an error, before the round trip is back; if the account or role
 * matrix used changed meanwhile, the caller is identified again behind a fence of its own and the
 * answer computed again (without the fence, so from no cache of the call's own), so a token ended
 * before the request arrived never reads, as before.
 * Mounted under both /v1 and /, as the action router is; any other path passes through untouched.
 */
export const speculativeReadRouter = (services: Services, passport: AppPassport, dataSource: DataSource) => {
  const router = Router();
  for (const action of ACTIONS) {
    if (!action.readOnly) continue;
    router[action.method](action.path, async (req, res) => {
      const { fence, confirmed } = await identifyForRead(passport, dataSource, req, res);
      let outcome = await settle(() => answerAction(action, services, req, fence));
      if (!(await confirmed())) {
        req.caller = undefined;
        await new Promise<void>((resolve, reject) => identifyCaller(passport, dataSource)(req, res, (error?: unknown) => (error ? reject(error) : resolve())));
        outcome = await settle(() => answerAction(action, services, req));
      }
      if ('error' in outcome) throw outcome.error;
      sendAnswer(res, outcome.answer);
    });
  }
  return router;
};
