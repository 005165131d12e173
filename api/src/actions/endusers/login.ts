import { IsEmail, IsInt, IsMongoId, IsOptional, IsString, Max, Min } from 'class-validator';
import { endusers, validators } from '@carelane/db';
import { ApiError, badRequest, fieldError } from '../../errors';
import { resolvePublicBusiness } from '../../auth/public-tenant';
import { checkPassword, clientAddress } from '../../auth/request-info';
import { defineAction } from '../action';
import { parseInput } from '../parse-input';
import { enduserSessionInfo, issueEnduserToken } from './enduser-session';
import { INVALID_LOGIN } from '../users/login';

const parsePhone = (value: string) => {
  try {
    return validators.phone(value);
  } catch (error) {
    throw fieldError('phone', error);
  }
};

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
  handler: async ({ services, req }, raw) => {
    const input = parseInput(EnduserLoginInput, raw);
    const businessId = await resolvePublicBusiness(services.dataSource, input.businessId);
    const where: Record<string, string> = {};
    if (input.id) where._id = input.id.toLowerCase();
    else if (input.email) where.email = input.email.trim().toLowerCase();
    else if (input.phone) where.phone = parsePhone(input.phone);
    else throw badRequest('One of id, email, or phone is required');
    const identity = `enduser:${businessId}:${where._id ?? where.email ?? where.phone}`;
    const address = clientAddress(req);
    await services.throttle.attempt('login', identity, address);
    const system = services.engine.system(businessId);
    const [row] = await system.rows(endusers, { filter: where, limit: 1, sort: 'oldFirst' });
    // Per account too: id, email and phone of one enduser share one allowance.
    const account = row ? `enduser:${String(row._id)}` : identity;
    await services.throttle.attemptAccount('login', account);
    const valid = await checkPassword(input.password, row?.hashedPassword);
    if (!row || !valid) throw new ApiError(401, INVALID_LOGIN);
    await services.throttle.succeeded('login', identity, address, account);
    await system.touch(endusers, String(row._id), { lastActive: new Date() });
    return { authToken: issueEnduserToken(services.config, row, input.durationInSeconds), enduser: enduserSessionInfo(row) };
  },
});
