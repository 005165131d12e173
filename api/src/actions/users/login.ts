import { IsEmail, IsInt, IsOptional, IsString, Max, Min } from 'class-validator';
import { users, serialize } from '@carelane/db';
import { ApiError } from '../../errors';
import { defineAction } from '../action';
import { requiresSecondFactor } from '../../auth/mfa-challenge';
import { issueMfaPendingToken, issueUserToken } from '../../auth/tokens';
import { checkPassword, clientAddress } from '../../auth/request-info';

class LoginInput {
  @IsEmail({}, { message: 'Invalid email' })
  email!: string;

  @IsString({ message: 'Value not provided for required field: password' })
  password!: string;

  @IsOptional()
  @IsInt({ message: 'Not a valid number' })
  @Min(60, { message: 'Not a valid number' })
  @Max(30 * 24 * 60 * 60, { message: 'Not a valid number' })
  expirationInSeconds?: number;
}

/** The same answer for an unknown email, a wrong password and an account without one, so nobody learns which accounts exist. */
export const INVALID_LOGIN = 'Invalid email or password';

/**
 * POST /users/login: staff sign-in, answering { authToken, user }; rate limited per email and per address.
 * An account asking for a second factor gets an MFA-pending token and `user.requiresMFA`.
 */
export const userLogin = defineAction({
  method: 'post',
  path: '/users/login',
  auth: 'public',
  input: LoginInput,
  handler: async ({ services, req }, input) => {
    const email = input.email.trim().toLowerCase();
    const identity = `user:${email}`;
    const address = clientAddress(req);
    await services.throttle.attempt('login', identity, address);
    // raw SQL: staff sign in by email alone; which business the account belongs to is what this finds out.
    const row = await services.dataSource.getRepository('users').findOne({ where: { email } });
    const valid = await checkPassword(input.password, row?.hashedPassword);
    if (!row || !valid) throw new ApiError(401, INVALID_LOGIN);
    await services.throttle.succeeded('login', identity, address);
    // The password is a first factor only: the token opens just the code's calls (docs/contract/access.md#second-factor).
    if (await requiresSecondFactor(services, 'user', row)) {
      return { authToken: issueMfaPendingToken(services.config, 'user', row), user: { ...serialize(users, row), requiresMFA: true } };
    }
    const authToken = issueUserToken(services.config, row, input.expirationInSeconds);
    await services.engine.system(String(row.businessId)).touch(users, String(row._id), { lastActive: new Date() });
    return { authToken, user: serialize(users, row) };
  },
});
