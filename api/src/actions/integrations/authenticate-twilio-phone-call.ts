import twilio from 'twilio';
import { ApiError } from '../../errors';
import { defineAction } from '../action';
import { missingSettings } from './config';
import { fail } from '@carelane/db';
import { Optional, S } from '../input';

/** A Voice token lives one hour (Twilio's default); the app asks for a new one per call session. */
const TOKEN_SECONDS = 60 * 60;

export const twilioNotConfigured = (missing: string[]) => `Twilio calling is not configured: set ${missing.join(', ')}`;

class TwilioCallInput {
  @Optional((value) => (value === 'ios' || value === 'android' ? value : fail('Value must be one of ios, android')), S.oneOf(['ios', 'android']))
  os?: 'ios' | 'android';
}

/**
 * POST /authenticate-twilio-phone-call (os: ios or android): a Twilio Voice access token for the
 * calling user, whose identity is the user's id (so incoming calls route to them).
 */
export const authenticateTwilioPhoneCall = defineAction({
  method: 'post',
  path: '/authenticate-twilio-phone-call',
  auth: 'user',
  input: TwilioCallInput,
  handler: async ({ services, caller }, input) => {
    const settings = services.config.integrations.twilioVoice;
    const missing = missingSettings({
      TWILIO_ACCOUNT_SID: settings.accountSid,
      TWILIO_API_KEY_SID: settings.apiKeySid,
      TWILIO_API_KEY_SECRET: settings.apiKeySecret,
    });
    if (missing.length) throw new ApiError(400, twilioNotConfigured(missing));
    const identity = caller.id;
    const token = new twilio.jwt.AccessToken(settings.accountSid!, settings.apiKeySid!, settings.apiKeySecret!, { identity, ttl: TOKEN_SECONDS });
    token.addGrant(new twilio.jwt.AccessToken.VoiceGrant({ outgoingApplicationSid: settings.twimlAppSid, incomingAllow: true }));
    return { accessToken: token.toJwt(), identity };
  },
});
