import { IsEmail, IsMongoId, IsOptional, IsString } from 'class-validator';
import { resolvePublicBusiness } from '../../auth/public-tenant';
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
  handler: async ({ services }, raw) => {
    const input = parseInput(BeginLoginInput, raw);
    await resolvePublicBusiness(services.dataSource, input.businessId);
    if (!input.email && !input.phone) throw badRequest('One of email or phone is required');
    return { result: 'continue-with-password', email: input.email?.trim().toLowerCase() };
  },
});
