import express, { type Request, type Response } from 'express';
import type { Services } from '../actions/action';
import { receiveMailgunEmail } from './inbound-email/mailgun-webhook';
import { receiveTwilioSms } from './twilio-sms';
import { receiveTwilioStatus } from './twilio-status';

/** Twilio's forms are small (a text is at most 1,600 characters); anything far larger is not Twilio's (413). */
export const TWILIO_BODY_LIMIT = '64kb';

/**
 * What comes back from outside (docs/decisions.md, issue 33), mounted at /webhooks before any
 * session is read: each route checks its sender's signature itself and answers 403 to anything else.
 * Form bodies only, with their own limits.
 */
export const inboundRouter = (services: Services) => {
  const router = express.Router();
  const twilioForm = express.urlencoded({ extended: false, limit: TWILIO_BODY_LIMIT });
  const handle = (handler: (services: Services, req: Request, res: Response) => Promise<void>) => (req: Request, res: Response) => handler(services, req, res);
  router.post('/twilio/sms', twilioForm, handle(receiveTwilioSms));
  router.post('/twilio/status', twilioForm, handle(receiveTwilioStatus));
  router.post('/mailgun/email', express.urlencoded({ extended: false, limit: services.config.inbound.maxEmailBytes }), handle(receiveMailgunEmail));
  return router;
};
