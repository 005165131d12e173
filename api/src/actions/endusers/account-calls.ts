import { endusers, hashSecret, isId, validators } from '@carelane/db';
import { findAccount, parseAccountIdentifiers, visibleTo } from '../../auth/account-lookup';
import { isAdmin } from '../../auth/caller';
import { parseNewPassword } from '../../auth/request-info';
import { NEXT_SESSION_VERSION } from '../../auth/tokens';
import { ApiError, badRequest, fieldError, forbidden, notFound } from '../../errors';
import { ACCESS_MESSAGES, authorize } from '../../resources/access';
import { defineAction } from '../action';
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
  handler: async ({ services, caller }, raw) => {
    if (!isAdmin(caller)) throw new ApiError(403, ACCESS_MESSAGES.adminOnly);
    const ids = parseAccountIdentifiers(raw);
    const row = await findAccount(services.dataSource, 'endusers', caller, ids);
    if (!row) throw notFound(NO_ENDUSER);
    return { authToken: issueEnduserToken(services.config, row, ids.durationInSeconds), enduser: enduserSessionInfo(row) };
  },
});

/**
 * POST /set-enduser-password { id, password }. Staff who may update endusers set or replace any
 * enduser's password, which ends that enduser's sessions. An enduser may only set their own first
 * password (an account made by staff or by a public form); changing it later goes through reset.
 */
export const setEnduserPassword = defineAction({
  method: 'post',
  path: '/set-enduser-password',
  auth: 'any',
  handler: async ({ services, caller }, input) => {
    if (!isId(input.id)) throw badRequest('Error parsing field id: Invalid id', { field: 'id' });
    const id = input.id.toLowerCase();
    authorize(endusers, 'update', caller, { id });
    if (input.password === undefined || input.password === null) throw badRequest('Value not provided for required field: password', { field: 'password' });
    const password = parseNewPassword('password', input.password);
    const [row] = await services.engine.rows(endusers, caller, { filter: { _id: id }, limit: 1 });
    if (!row) throw notFound();
    if (!(await visibleTo(services.dataSource, 'endusers', caller, id, 'update'))) throw forbidden();
    if (caller.type === 'enduser' && row.hashedPassword) throw new ApiError(403, PASSWORD_ALREADY_SET);
    const hashedPassword = await hashSecret(password);
    // Setting a first password ends no session: there was no password whose holder could be shut out.
    await services.engine.touch(endusers, caller, id, caller.type === 'enduser' ? { hashedPassword } : { hashedPassword, sessionVersion: NEXT_SESSION_VERSION });
    return {};
  },
});

const parseUnsubscribeList = (value: unknown) => {
  if (value === undefined || value === null) throw badRequest('Value not provided for required field: unsubscribeFrom', { field: 'unsubscribeFrom' });
  try {
    return validators.listOf(validators.string(100))(value);
  } catch (error) {
    throw fieldError('unsubscribeFrom', error);
  }
};

/**
 * POST /unsubscribe-enduser { enduserId, unsubscribeFrom }: public, reached from a link in a
 * message. The answer is the same whether or not the id belongs to anyone.
 */
export const unsubscribeEnduser = defineAction({
  method: 'post',
  path: '/unsubscribe-enduser',
  auth: 'public',
  handler: async ({ services }, input) => {
    if (!isId(input.enduserId)) throw badRequest('Error parsing field enduserId: Invalid id', { field: 'enduserId' });
    const channels = parseUnsubscribeList(input.unsubscribeFrom);
    const id = input.enduserId.toLowerCase();
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
