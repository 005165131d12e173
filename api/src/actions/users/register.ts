import { hashSecret, users, validators, serialize } from '@carelane/db';
import { INVALID_INVITATION } from '../../auth/invitations';
import { readOneTimeToken, tokenMatchesAccount } from '../../auth/one-time-tokens';
import { clientAddress, parseNewPassword } from '../../auth/request-info';
import { issueUserToken } from '../../auth/tokens';
import { ApiError, badRequest } from '../../errors';
import { Optional, Required, S } from '../input';
import { defineAction, type Services } from '../action';

export const INVITATION_REQUIRED = 'Registration requires an invitation';

/**
 * The invited account an invite code names, locked for update inside the caller's transaction, if
 * the code is genuine, unexpired, unused (the account's credentials have not changed since) and
 * the email is the account's own. Every failure is the same message, so codes reveal nothing.
 */
const consumeInvitation = async (services: Services, email: string, code: unknown, apply: (row: Record<string, unknown>) => Record<string, unknown>) => {
  const token = readOneTimeToken(services.config.jwtSecret, 'invite', 'user', code);
  if (!token) throw badRequest(INVALID_INVITATION);
  return services.dataSource.transaction(async (manager) => {
    // raw SQL: the invitation names the account alone, before any session or tenant; it sets the password hash and session version (secrets no engine write takes from a request).
    const repository = manager.getRepository('users');
    const row = await repository.findOne({ where: { _id: token.id }, lock: { mode: 'pessimistic_write' } });
    if (!row || row.email !== email || !tokenMatchesAccount(token, row)) throw badRequest(INVALID_INVITATION);
    const changes = { ...apply(row), verifiedEmail: true, sessionVersion: Number(row.sessionVersion ?? 0) + 1, updatedAt: new Date() };
    await repository.update({ _id: row._id, businessId: row.businessId }, changes);
    return { ...row, ...changes } as Record<string, unknown>;
  });
};

const newPassword = (value: unknown) => parseNewPassword('password', value);

class RegisterUserInput {
  @Required(validators.email, S.email)
  email!: string;

  @Required(newPassword, S.password)
  password!: string;

  @Required(validators.string(100), S.string(100))
  termsVersion!: string;

  @Optional(validators.string(1000), S.string(1000))
  inviteCode?: string;
}

class EmailVerificationInput {
  @Required(validators.email, S.email)
  email!: string;

  @Required(validators.string(1000), S.string(1000))
  code!: string;
}

/**
 * POST /users/register { email, password, termsVersion, inviteCode }: an invited staff member
 * chooses a password. Staff accounts exist only by invitation (an Admin's invite-user-to-organization),
 * so there is no open sign-up; the invite code works once. The accepted termsVersion is stored with
 * termsSigned (now). Answers {} (the client then logs in).
 */
export const registerUser = defineAction({
  method: 'post',
  path: '/users/register',
  auth: 'public',
  input: RegisterUserInput,
  handler: async ({ services, req }, { email, password, termsVersion, inviteCode }) => {
    if (!inviteCode) throw new ApiError(403, INVITATION_REQUIRED);
    await services.throttle.attempt('password-reset', `user:${email}`, clientAddress(req));
    const hashedPassword = await hashSecret(password);
    await consumeInvitation(services, email, inviteCode, () => ({ hashedPassword, termsVersion, termsSigned: new Date() }));
    return {};
  },
});

/**
 * POST /users/submit-email-verification { email, code } → { authToken, user }: the code mailed with
 * an invitation proves the address; it is used up and the staff member is signed in (without a
 * password yet: one is chosen later through request-password-reset, or with users/register before
 * the code is used).
 */
export const submitEmailVerification = defineAction({
  method: 'post',
  path: '/users/submit-email-verification',
  auth: 'public',
  input: EmailVerificationInput,
  handler: async ({ services, req }, { email, code }) => {
    await services.throttle.attempt('password-reset', `user:${email}`, clientAddress(req));
    const row = await consumeInvitation(services, email, code, () => ({ lastActive: new Date() }));
    return { authToken: issueUserToken(services.config, row), user: serialize(users, row) };
  },
});
