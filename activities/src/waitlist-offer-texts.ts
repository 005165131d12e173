import { createHmac, randomBytes } from 'node:crypto';

/**
 * The held link's token: an HMAC of the hold's id under a key derived from JWT_SECRET (the api's own
 * secret, which the worker also reads), so a retried offer sends the same link without the token
 * ever being stored (the hold keeps its SHA-256 hash). Without JWT_SECRET (tests, a bare worker) the
 * key is random per process: a retry in the same process still finds the same token.
 */
const WAITLIST_LINK_PURPOSE = 'carelane:waitlist-held-link';
const processKey = randomBytes(32).toString('base64url');
const linkKey = () => (process.env.JWT_SECRET ? createHmac('sha256', process.env.JWT_SECRET).update(WAITLIST_LINK_PURPOSE).digest('base64url') : processKey);

export const heldLinkToken = (holdId: string) => createHmac('sha256', linkKey()).update(holdId).digest('base64url');

/** Where the stored copy of an offer has the link: the copy staff read never carries it. */
const LINK_KEPT_OUT = '(the booking link is in the message the patient received)';

/** The offer's wording, by email and by text; the stored copies leave the link out. */
export const waitlistOfferTexts = (input: { title: string; when: string; until: string; staffName?: string; link: string }) => {
  const withWhom = input.staffName ? ` with ${input.staffName}` : '';
  const email = (link: string) =>
    [
      `A time you were waiting for is free: ${input.title}${withWhom} on ${input.when}.`,
      '',
      `It is held for you until ${input.until}. To book it, open this link:`,
      link,
      '',
      'After that time it is offered to the next person waiting.',
    ].join('\n');
  const sms = (link: string) => `A time you were waiting for is free: ${input.title} on ${input.when}. Held for you until ${input.until}. Book it: ${link}`;
  return {
    subject: `A time opened up: ${input.title}`,
    email: email(input.link),
    storedEmail: email(LINK_KEPT_OUT),
    sms: sms(input.link),
    storedSms: sms(LINK_KEPT_OUT),
  };
};
