import { endusers, hashSecret, validators } from '@carelane/db';
import { findAccount, visibleTo } from '../../auth/account-lookup';
import { isAdmin } from '../../auth/caller';
import { parseNewPassword } from '../../auth/request-info';
import { NEXT_SESSION_VERSION } from '../../auth/tokens';
import { ApiError, badRequest, forbidden, notFound } from '../../errors';
import { ACCESS_MESSAGES, authorize } from '@carelane/engine';
import { defineAction } from '../action';
import { CheckedByHandler, Required, S } from '../input';
import { AccountIdentifiersInput } from '../users/account-identifiers';
import { enduserSessionInfo, issueEnduserToken } from './enduser-session';

export const NO_ENDUSER = 'Could not find a corresponding enduser';
export const PASSWORD_ALREADY_SET = 'Password is already set: use password reset to change it';

/**
 * GET /generate-enduser-auth-token (Admin only): a session for an enduser found by id, externalId,
 * email or phone, for integrating another sign-in system. Minting a session is as strong as knowing
 * the patient's password, so staff without the Admin role cannot.
 */
export const generateEnduserAuthToken = defineAction({
  method: 'get',
  path: '/generate-enduser-auth-token',
  auth: 'user',
  input: AccountIdentifiersInput,
  authorize: ({ caller }) => {
    if (!isAdmin(caller)) throw new ApiError(403, ACCESS_MESSAGES.adminOnly);
  },
  handler: async ({ services, caller }, ids) => {
    const row = await findAccount(services.dataSource, 'endusers', caller, ids);
    if (!row) throw notFound(NO_ENDUSER);
    return { authToken: issueEnduserToken(services.config, row, ids.durationInSeconds), enduser: enduserSessionInfo(row) };
  },
});

class SetEnduserPasswordInput {
  @Required(validators.id, S.id)
  id!: string;

  // Checked after access (a caller who may not set this enduser's password hears 403 first).
  @CheckedByHandler(S.password, { required: true })
  password!: unknown;
}

/**
 * POST /set-enduser-password { id, password }. An Admin who may update the enduser sets or replaces
 * their password, which ends that enduser's sessions; other staff are refused as for
 * generate-enduser-auth-token, since choosing a patient's password is as strong as minting their
 * session (they send the patient a reset link instead: request-enduser-password-reset). An enduser
 * may only set their own first password (an account made by staff or by a public form); changing it
 * later goes through reset.
 */
export const setEnduserPassword = defineAction({
  method: 'post',
  path: '/set-enduser-password',
  auth: 'any',
  input: SetEnduserPasswordInput,
  handler: async ({ services, caller }, input) => {
    const { id } = input;
    authorize(endusers, 'update', caller, { id });
    const [row] = await services.engine.rows(endusers, caller, { filter: { _id: id }, limit: 1 });
    if (!row) throw notFound();
    if (!(await visibleTo(services.dataSource, 'endusers', caller, id, 'update'))) throw forbidden();
    if (caller.type === 'user' && !isAdmin(caller)) throw new ApiError(403, ACCESS_MESSAGES.adminOnly);
    if (input.password === undefined || input.password === null) throw badRequest('Value not provided for required field: password', { field: 'password' });
    const password = parseNewPassword('password', input.password);
    if (caller.type === 'enduser' && row.hashedPassword) throw new ApiError(403, PASSWORD_ALREADY_SET);
    const hashedPassword = await hashSecret(password);
    // Setting a first password ends no session: there was no password whose holder could be shut out.
    await services.engine.touch(endusers, caller, id, caller.type === 'enduser' ? { hashedPassword } : { hashedPassword, sessionVersion: NEXT_SESSION_VERSION });
    return {};
  },
});

class UnsubscribeInput {
  @Required(validators.id, S.id)
  enduserId!: string;

  @Required(validators.listOf(validators.string(100)), S.listOf(S.string(100)))
  unsubscribeFrom!: string[];
}

/**
 * POST /unsubscribe-enduser { enduserId, unsubscribeFrom }: public, reached from a link in a
 * message. The answer is the same whether or not the id belongs to anyone.
 */
export const unsubscribeEnduser = defineAction({
  method: 'post',
  path: '/unsubscribe-enduser',
  auth: 'public',
  input: UnsubscribeInput,
  handler: async ({ services }, { enduserId: id, unsubscribeFrom: channels }) => {
    // raw SQL: a public link names the enduser alone; their business is what this finds out (no tenant to scope to yet).
    const [found] = (await services.dataSource.query('SELECT "businessId" FROM endusers WHERE _id = $1', [id])) as { businessId: string }[];
    if (!found) return {};
    const system = services.engine.system(found.businessId);
    // Through the engine: staff, automations and webhooks see the change.
    await services.engine.transaction(async (tx) => {
      const row = await tx.row(endusers, system.caller, { _id: id }, { lock: true });
      if (!row) return;
      const current = Array.isArray(row.unsubscribedFrom) ? (row.unsubscribedFrom as string[]) : [];
      const merged = [...new Set([...current, ...channels])];
      if (merged.length !== current.length) await tx.updateOne(endusers, system.caller, id, {}, { serverFields: { unsubscribedFrom: merged } });
    });
    return {};
  },
});

class MarketingUnsubscribeInput {
  @Required(validators.id, S.id)
  enduserId!: string;
}

/**
 * GET /unsubscribe?enduserId=…: the marketing opt-out link (the reference client's
 * marketing_email_unsubscribe_tests call it): sets the enduser's unsubscribedFromMarketing. Public,
 * and the answer is the same whether or not the id belongs to anyone.
 */
export const unsubscribeFromMarketing = defineAction({
  method: 'get',
  path: '/unsubscribe',
  auth: 'public',
  input: MarketingUnsubscribeInput,
  handler: async ({ services }, { enduserId: id }) => {
    // raw SQL: a public link names the enduser alone; their business is what this finds out (no tenant to scope to yet).
    const [found] = (await services.dataSource.query('SELECT "businessId" FROM endusers WHERE _id = $1', [id])) as { businessId: string }[];
    if (!found) return {};
    const system = services.engine.system(found.businessId);
    // Through the engine: staff, automations and webhooks see the change.
    await system.updateOne(endusers, id, {}, { serverFields: { unsubscribedFromMarketing: true } });
    return {};
  },
});
