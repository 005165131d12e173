import { validators } from '@carelane/db';
import { mailResetLink, completeReset } from '../../auth/password-reset';
import { clientAddress } from '../../auth/request-info';
import { badRequest, fieldError } from '../../errors';
import { defineAction } from '../action';

export const parseEmail = (value: unknown) => {
  if (value === undefined || value === null || value === '') throw badRequest('Value not provided for required field: email', { field: 'email' });
  try {
    return validators.email(value);
  } catch (error) {
    throw fieldError('email', error);
  }
};

/** POST /request-password-reset { email }: mails a reset link if a staff account has that email; the answer never says. */
export const requestPasswordReset = defineAction({
  method: 'post',
  path: '/request-password-reset',
  auth: 'public',
  handler: async ({ services, req }, input) => {
    const email = parseEmail(input.email);
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
  handler: async ({ services }, input) => {
    await completeReset(services, 'user', { resetToken: input.resetToken, newPassword: input.newPassword });
    return {};
  },
});
