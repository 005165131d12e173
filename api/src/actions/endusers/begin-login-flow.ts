import { IsEmail, IsMongoId, IsOptional, IsString } from 'class-validator';
import { resolvePublicBusiness } from '../../auth/public-tenant';
import { clientAddress } from '../../auth/request-info';
import { badRequest } from '../../errors';
import { defineAction } from '../action';
import { parseInput } from '../parse-input';

class BeginLoginInput {
  @IsMongoId({ message: 'Invalid id' })
  businessId!: string;

  @IsOptional()
  organizationIds?: string[];

  @IsOptional()
  @IsEmail({}, { message: 'Invalid email' })
  email?: string;

  @IsOptional()
  @IsString({ message: 'Invalid phone number' })
  phone?: string;
}

/**
 * POST /begin-enduser-login-flow. The answer never depends on whether an account exists, so the
 * flow cannot be used to find out who is a patient: every identifier continues to the password
 * step, and a wrong or missing account fails there with the same message as a wrong password.
 */
export const beginEnduserLoginFlow = defineAction({
  method: 'post',
  path: '/begin-enduser-login-flow',
  auth: 'public',
  handler: async ({ services, req }, raw) => {
    const input = parseInput(BeginLoginInput, raw);
    const businessId = await resolvePublicBusiness(services.dataSource, input.businessId);
    if (!input.email && !input.phone) throw badRequest('One of email or phone is required');
    const identity = `enduser:${businessId}:${(input.email ?? input.phone ?? '').trim().toLowerCase()}`;
    await services.throttle.attempt('begin-login', identity, clientAddress(req));
    return { result: 'continue-with-password', email: input.email?.trim().toLowerCase() };
  },
});
