import { IsString, MaxLength } from 'class-validator';
import { users, serialize } from '@carelane/db';
import { MFA_MESSAGES, startChallenge, submitCode } from '../../auth/mfa-challenge';
import { issueUserToken } from '../../auth/tokens';
import { badRequest } from '../../errors';
import { defineAction } from '../action';

class ChallengeInput {
  @IsString({ message: 'Value not provided for required field: method' })
  @MaxLength(100, { message: 'Error parsing field method: Value must be at most 100 characters' })
  method!: string;
}

/**
 * POST /users/generate-mfa-challenge { method: 'email' } → {}: mails a new six-digit code to the
 * signed-in account (the only calls an MFA-pending token opens are this one and the next).
 */
export const generateMfaChallenge = defineAction({
  method: 'post',
  path: '/users/generate-mfa-challenge',
  auth: 'user',
  input: ChallengeInput,
  handler: async ({ services, caller }, { method }) => {
    if (method !== 'email') throw badRequest(MFA_MESSAGES.method, { field: 'method' });
    await startChallenge(services, 'user', caller.record, 'email');
    return {};
  },
});

class SubmitInput {
  @IsString({ message: 'Value not provided for required field: code' })
  @MaxLength(100, { message: 'Error parsing field code: Value must be at most 100 characters' })
  code!: string;
}

/** POST /users/submit-mfa-challenge { code } → { authToken, user }: the emailed code, or a recovery code, trades the pending token for a full session. */
export const submitMfaChallenge = defineAction({
  method: 'post',
  path: '/users/submit-mfa-challenge',
  auth: 'user',
  input: SubmitInput,
  handler: async ({ services, caller }, { code }) => {
    const row = await submitCode(services, 'user', caller, code);
    await services.engine.system(caller.businessId).touch(users, caller.id, { lastActive: new Date() });
    return { authToken: issueUserToken(services.config, row), user: serialize(users, row) };
  },
});
