import { IsBoolean, IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { endusers } from '@carelane/db';
import { enduserChannel, startChallenge, submitCode } from '../../auth/mfa-challenge';
import { rememberDevice } from '../../auth/mfa-device';
import { defineAction } from '../action';
import { enduserSessionInfo, issueEnduserToken } from './enduser-session';

class ChallengeInput {
  @IsOptional()
  @IsIn(['email', 'sms'], { message: 'Error parsing field method: Value must be one of email, sms' })
  method?: 'email' | 'sms';
}

/**
 * POST /endusers/generate-mfa-challenge { method? } → { channel }: sends a new six-digit code to the
 * patient signing in, by SMS when they have a phone and prefer texts, else by email (the portal's code
 * step; docs/contract/access.md#second-factor). Our call: the reference client has none for endusers.
 */
export const generateEnduserMfaChallenge = defineAction({
  method: 'post',
  path: '/endusers/generate-mfa-challenge',
  auth: 'enduser',
  input: ChallengeInput,
  handler: async ({ services, caller }, { method }) => {
    const channel = enduserChannel(caller.record, method);
    await startChallenge(services, 'enduser', caller.record, channel);
    return { channel };
  },
});

class SubmitInput {
  @IsString({ message: 'Value not provided for required field: code' })
  @MaxLength(100, { message: 'Error parsing field code: Value must be at most 100 characters' })
  code!: string;

  @IsOptional()
  @IsBoolean({ message: 'Error parsing field rememberDevice: Invalid boolean' })
  rememberDevice?: boolean;
}

/**
 * POST /endusers/submit-mfa-challenge { code, rememberDevice? } → { authToken, enduser, deviceToken? }:
 * the code trades the pending token for a portal session; with rememberDevice, also a 30-day token
 * the portal keeps in a cookie so this device skips the code next time (mfa-device.ts).
 */
export const submitEnduserMfaChallenge = defineAction({
  method: 'post',
  path: '/endusers/submit-mfa-challenge',
  auth: 'enduser',
  input: SubmitInput,
  handler: async ({ services, caller }, input) => {
    const row = await submitCode(services, 'enduser', caller, input.code);
    await services.engine.system(caller.businessId).touch(endusers, caller.id, { lastActive: new Date() });
    return {
      authToken: issueEnduserToken(services.config, row),
      enduser: enduserSessionInfo(row),
      ...(input.rememberDevice ? { deviceToken: rememberDevice(services.config.jwtSecret, row) } : {}),
    };
  },
});
