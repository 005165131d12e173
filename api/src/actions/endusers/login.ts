import { IsEmail, IsInt, IsMongoId, IsOptional, IsString, Max, Min } from 'class-validator';
import type { DataSource } from 'typeorm';
import { endusers, validators } from '@carelane/db';
import { ApiError, badRequest, fieldError } from '../../errors';
import { resolvePublicBusiness } from '../../auth/public-tenant';
import { checkPassword, clientAddress } from '../../auth/request-info';
import { defineAction } from '../action';
import { enduserSessionInfo, issueEnduserToken } from './enduser-session';
import { pendingSecondFactor } from './pending-second-factor';
import { INVALID_LOGIN } from '../users/login';

const parsePhone = (value: string) => {
  try {
    return validators.phone(value);
  } catch (error) {
    throw fieldError('phone', error);
  }
};

class EnduserLoginInput {
  // Optional with an id (ids are unique across businesses, so the id names the business too), as
  // the reference client's login_enduser({ id, password }) calls it; required with email or phone.
  @IsOptional()
  @IsMongoId({ message: 'Invalid id' })
  businessId?: string;

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

  /** The portal's remembered-device token (mfa-device.ts): when it fits, the code step is skipped. */
  @IsOptional()
  @IsString({ message: 'Error parsing field mfaDeviceToken: Invalid string' })
  mfaDeviceToken?: string;
}

/**
 * The business an enduser id belongs to, or undefined: raw SQL
 * because no tenant is known yet; it reads only the business, never the record.
 */
const businessOfEnduser = async (dataSource: DataSource, id: string): Promise<string | undefined> => {
  // raw SQL: the engine scopes every read to a known business; this finds which business that is.
  const rows = (await dataSource.query(`SELECT "businessId" FROM endusers WHERE _id = $1 LIMIT 1`, [id.toLowerCase()])) as { businessId: string }[];
  return rows[0]?.businessId;
};

/**
 * POST /login-enduser: by id, email or phone. A wrong password, an unknown account and an account
 * without a password all get the same 401 answer. A patient asked for a second factor gets an
 * MFA-pending token and `enduser.requiresMFA` unless the portal hands back a remembered device.
 */
export const loginEnduser = defineAction({
  method: 'post',
  path: '/login-enduser',
  auth: 'public',
  input: EnduserLoginInput,
  handler: async ({ services, req }, input) => {
    let named = input.businessId;
    if (!named && input.id) {
      named = await businessOfEnduser(services.dataSource, input.id);
      // An unknown id answers like a wrong password (nobody learns which ids exist), counted against
      // the caller's address like any failed login.
      if (!named) {
        await services.throttle.attempt('login', `enduser:unknown:${input.id.toLowerCase()}`, clientAddress(req));
        throw new ApiError(401, INVALID_LOGIN);
      }
    }
    const businessId = await resolvePublicBusiness(services.dataSource, named);
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
    const pending = await pendingSecondFactor(services, row, input.mfaDeviceToken);
    if (pending) return pending;
    await system.touch(endusers, String(row._id), { lastActive: new Date() });
    return { authToken: issueEnduserToken(services.config, row, input.durationInSeconds), enduser: enduserSessionInfo(row) };
  },
});
