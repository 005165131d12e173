import { validators } from '@carelane/db';
import { mailResetLink, completeReset } from '../../auth/password-reset';
import { clientAddress } from '../../auth/request-info';
import { defineAction } from '../action';
import { CheckedByHandler, Required, S } from '../input';

/** { email } of a reset request ('' is absent). */
export class ResetRequestInput {
  @Required(validators.email, S.email, { emptyIsAbsent: true })
  email!: string;
}

/** { resetToken, newPassword }: both checked by completeReset (the token against the account). */
export class ResetInput {
  @CheckedByHandler({ type: 'string' }, { required: true })
  resetToken!: unknown;

  @CheckedByHandler(S.password, { required: true })
  newPassword!: unknown;
}

/** POST /request-password-reset { email }: mails a reset link if a staff account has that email; the answer never says. */
export const requestPasswordReset = defineAction({
  method: 'post',
  path: '/request-password-reset',
  auth: 'public',
  input: ResetRequestInput,
  handler: async ({ services, req }, { email }) => {
    await services.throttle.attempt('password-reset', `user:${email}`, clientAddress(req));
    // raw SQL: a reset is requested by email alone; which business the account belongs to is what this finds out.
    const user = await services.dataSource.getRepository('users').findOne({ where: { email } });
    if (user) mailResetLink(services, 'user', user);
    return {};
  },
});

/** POST /reset-password { resetToken, newPassword }: single-use, expiring; ends every session of the account. */
export const resetPassword = defineAction({
  method: 'post',
  path: '/reset-password',
  auth: 'public',
  input: ResetInput,
  handler: async ({ services }, input) => {
    await completeReset(services, 'user', { resetToken: input.resetToken, newPassword: input.newPassword });
    return {};
  },
});
