import { createHmac, randomBytes } from 'node:crypto';
import type { PatientTexts } from './patient-messages';

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

/**
 * The offer's wording, by email and by text, in the patient's language (`texts`); the stored copies
 * leave the link out.
 */
export const waitlistOfferTexts = (texts: PatientTexts, input: { title: string; when: string; until: string; staffName?: string; link: string }) => {
  const { title, when, until } = input;
  // Where the stored copy has the link: the copy staff read never carries it.
  const keptOut = texts.t('waitlistOffer.linkKeptOut');
  const email = (link: string) =>
    [
      input.staffName ? texts.t('waitlistOffer.freeWith', { title, staffName: input.staffName, when }) : texts.t('waitlistOffer.free', { title, when }),
      '',
      texts.t('waitlistOffer.held', { until }),
      link,
      '',
      texts.t('waitlistOffer.after'),
    ].join('\n');
  const sms = (link: string) => texts.t('waitlistOffer.sms', { title, when, until, link });
  return {
    subject: texts.t('waitlistOffer.subject', { title }),
    email: email(input.link),
    storedEmail: email(keptOut),
    sms: sms(input.link),
    storedSms: sms(keptOut),
  };
};
