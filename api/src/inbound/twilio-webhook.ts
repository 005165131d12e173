import type { Request } from 'express';
import { ApiError } from '../errors';
import type { Services } from '../actions/action';
import { publicUrlOf, twilioSignatureMatches } from './twilio-signature';

export const INCOMING_TEXTS_NOT_CONFIGURED = 'Incoming texts are not configured: set TWILIO_AUTH_TOKEN';
export const TWILIO_SIGNATURE_INVALID = 'Twilio signature missing or invalid';

/** Twilio's form as express.urlencoded read it. */
export type TwilioForm = Record<string, string | string[] | undefined>;

export const formValue = (form: TwilioForm, name: string) => {
  const value = form[name];
  return typeof value === 'string' ? value : undefined;
};

/**
 * Only Twilio, signing with the account's auth token over the URL it was given, gets past here;
 * anything else is answered 403 before a single record is read or written.
 */
export const verifiedTwilioForm = (services: Services, req: Request): TwilioForm => {
  const authToken = services.config.inbound.twilioAuthToken;
  if (!authToken) throw new ApiError(403, INCOMING_TEXTS_NOT_CONFIGURED);
  const form = (req.body && typeof req.body === 'object' ? req.body : {}) as TwilioForm;
  if (!twilioSignatureMatches(authToken, publicUrlOf(req, services.config.publicUrl), form, req.get('x-twilio-signature'))) throw new ApiError(403, TWILIO_SIGNATURE_INVALID);
  return form;
};
