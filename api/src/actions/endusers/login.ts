import { IsEmail, IsInt, IsMongoId, IsOptional, IsString, Max, Min } from 'class-validator';
import { validators, verifySecret } from '@carelane/db';
import { ApiError, badRequest } from '../../errors';
import { resolvePublicBusiness } from '../../auth/public-tenant';
import { defineAction } from '../action';
import { parseInput } from '../parse-input';
import { enduserSessionInfo, issueEnduserToken } from './enduser-session';
import { INVALID_LOGIN } from '../users/login';

class EnduserLoginInput {
  @IsMongoId({ message: 'Invalid id' })
  businessId!: string;

  @IsOptional()
  organizationIds?: string[];

  @IsOptional()
  @IsMongoId({ message: 'Invalid id' })
  id?: string;

  @IsOptional()
  @IsEmail({}, { message: 'Invalid email' })
  email?: string;

  @IsOptional()
  @IsString({ message: 'Invalid phone number' })
  phone?: string;

  @IsString({ message: 'Value not provided for required field: password' })
  password!: string;

  @IsOptional()
  @IsInt({ message: 'Not a valid number' })
  @Min(60, { message: 'Not a valid number' })
  @Max(30 * 24 * 60 * 60, { message: 'Not a valid number' })
  durationInSeconds?: number;
}

/**
 * POST /login-enduser: by id, email or phone. A wrong password, an unknown account and an account
 * without a password all get the same 401 answer.
 */
export const loginEnduser = defineAction({
  method: 'post',
  path: '/login-enduser',
  auth: 'public',
  handler: async ({ services }, raw) => {
    const input = parseInput(EnduserLoginInput, raw);
    const businessId = await resolvePublicBusiness(services.dataSource, input.businessId);
    const where: Record<string, string> = { businessId };
    if (input.id) where._id = input.id.toLowerCase();
    else if (input.email) where.email = input.email.trim().toLowerCase();
    else if (input.phone) where.phone = validators.phone(input.phone);
    else throw badRequest('One of id, email, or phone is required');
    const row = await services.dataSource.getRepository('endusers').findOne({ where });
    const valid = await verifySecret(input.password, row?.hashedPassword as string | undefined);
    if (!row || !valid) throw new ApiError(401, INVALID_LOGIN);
    await services.dataSource.getRepository('endusers').update({ _id: row._id }, { lastActive: new Date() });
    return { authToken: issueEnduserToken(services.config, row, input.durationInSeconds), enduser: enduserSessionInfo(row) };
  },
});
