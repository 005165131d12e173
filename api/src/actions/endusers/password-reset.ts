import { endusers } from '@carelane/db';
import { completeReset, mailResetLink } from '../../auth/password-reset';
import { resolvePublicBusiness } from '../../auth/public-tenant';
import { clientAddress } from '../../auth/request-info';
import { defineAction } from '../action';
import { CheckedByHandler, S } from '../input';
import { ResetInput, ResetRequestInput } from '../users/password-reset';

class EnduserResetRequestInput extends ResetRequestInput {
  @CheckedByHandler(S.id, { required: true })
  businessId!: unknown;

  @CheckedByHandler(S.listOf(S.id))
  organizationIds?: unknown;
}

class EnduserResetInput extends ResetInput {
  @CheckedByHandler(S.id, { required: true })
  businessId!: unknown;
}

/**
 * POST /request-enduser-password-reset { email, businessId, organizationIds }: mails a reset link to
 * the business's enduser with that email, if there is one; the answer is the same either way.
 */
export const requestEnduserPasswordReset = defineAction({
  method: 'post',
  path: '/request-enduser-password-reset',
  auth: 'public',
  input: EnduserResetRequestInput,
  handler: async ({ services, req }, input) => {
    const businessId = await resolvePublicBusiness(services.dataSource, input.businessId);
    const { email } = input;
    await services.throttle.attempt('password-reset', `enduser:${businessId}:${email}`, clientAddress(req));
    const [enduser] = await services.engine.system(businessId).rows(endusers, { filter: { email }, limit: 1, sort: 'oldFirst' });
    if (enduser) mailResetLink(services, 'enduser', enduser);
    return {};
  },
});

/** POST /reset-enduser-password { resetToken, newPassword, businessId }: errors carry 'Error parsing field newPassword: '. */
export const resetEnduserPassword = defineAction({
  method: 'post',
  path: '/reset-enduser-password',
  auth: 'public',
  input: EnduserResetInput,
  handler: async ({ services }, input) => {
    const businessId = await resolvePublicBusiness(services.dataSource, input.businessId);
    await completeReset(services, 'enduser', { resetToken: input.resetToken, newPassword: input.newPassword }, businessId);
    return {};
  },
});
