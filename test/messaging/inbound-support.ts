import { randomBytes } from 'node:crypto';
import twilio from 'twilio';
import type { Session } from '@tellescope/sdk';

/** The auth token the inbound suites give the api; the tests sign with it as Twilio would. */
export const TWILIO_TEST_TOKEN = 'inbound-test-auth-token';

/** A Twilio MessageSid no other test uses. */
export const messageSid = () => `SM${randomBytes(16).toString('hex')}`;

/**
 * Posts a form to the api as Twilio does: form-encoded, signed with the auth token over the URL
 * (Twilio's own package computes the signature, so the api's check is held to Twilio's rule).
 * `signature: false` leaves it unsigned; a string sends that signature instead.
 */
export const postAsTwilio = async (host: string, path: string, form: Record<string, string>, options: { signature?: string | false; token?: string } = {}) => {
  const url = `${host}${path}`;
  const signature = options.signature ?? twilio.getExpectedTwilioSignature(options.token ?? TWILIO_TEST_TOKEN, url, form);
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(signature === false ? {} : { 'x-twilio-signature': signature }) },
    body: new URLSearchParams(form).toString(),
  });
  return { status: response.status, text: await response.text() };
};

/** An incoming text as Twilio's incoming-message webhook posts it. */
export const incomingText = (from: string, to: string, body: string, sid = messageSid()) => ({
  MessageSid: sid,
  SmsSid: sid,
  AccountSid: 'AC00000000000000000000000000000001',
  From: from,
  To: to,
  Body: body,
  NumMedia: '0',
  SmsStatus: 'received',
});

/** The clinic's own number, listed in its settings so incoming texts to it are its (api/src/inbound/phone-owner.ts). */
export const claimNumber = async (sdk: Session, businessId: string, number: string, sms: Record<string, unknown> = {}) => {
  await sdk.api.organizations.updateOne(businessId, { settings: { sms: { phoneNumbers: [number], ...sms } } } as never);
};

/** The <Message> texts of a TwiML answer. */
export const twimlMessages = (xml: string) => [...xml.matchAll(/<Message>([\s\S]*?)<\/Message>/g)].map((match) => match[1].replace(/&apos;/g, "'").replace(/&amp;/g, '&'));
