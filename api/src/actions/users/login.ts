import { IsEmail, IsInt, IsOptional, IsString, Max, Min } from 'class-validator';
import { verifySecret } from '@carelane/db';
import { ApiError } from '../../errors';
import { defineAction } from '../action';
import { parseInput } from '../parse-input';
import { signSessionToken } from '../../auth/tokens';
import { serialize } from '../../resources/serialize';
import { users } from '@carelane/db';

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

/** The same answer for an unknown email and a wrong password, so nobody learns which accounts exist. */
export const INVALID_LOGIN = 'Invalid email or password';

/** POST /users/login: staff sign-in, answering { authToken, user }. */
export const userLogin = defineAction({
  method: 'post',
  path: '/users/login',
  auth: 'public',
  handler: async ({ services }, raw) => {
    const input = parseInput(LoginInput, raw);
    const row = await services.dataSource.getRepository('users').findOne({ where: { email: input.email.trim().toLowerCase() } });
    const valid = await verifySecret(input.password, row?.hashedPassword as string | undefined);
    if (!row || !valid) throw new ApiError(401, INVALID_LOGIN);
    const authToken = signSessionToken(
      services.config.jwtSecret,
      { sub: row._id as string, type: 'user', businessId: row.businessId as string, v: Number(row.sessionVersion ?? 0) },
      input.expirationInSeconds ?? services.config.sessionSeconds,
    );
    await services.dataSource.getRepository('users').update({ _id: row._id }, { lastActive: new Date() });
    return { authToken, user: serialize(users, row) };
  },
});
