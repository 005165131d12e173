import { IsEmail, IsMongoId, IsOptional, IsString } from 'class-validator';
import { resolvePublicBusiness } from '../../auth/public-tenant';
import { clientAddress } from '../../auth/request-info';
import { endusers, validators } from '@carelane/db';
import { portalBase } from '../../auth/password-reset';
import { issueLoginLinkToken, LOGIN_LINK_SECONDS } from '../../auth/tokens';
import { badRequest, fieldError } from '../../errors';
import { linkMessage } from '../../messaging';
import type { Services } from '../action';
import { defineAction } from '../action';
import { patientTexts, patientTextsWithin } from '@carelane/activities/patient-messages';

const parsePhone = (value: string) => {
  try {
    return validators.phone(value);
  } catch (error) {
    throw fieldError('phone', error);
  }
};

/** The English subject (tests and docs quote it); a patient reads it in their language (patient-messages). */
export const LOGIN_LINK_SUBJECT = patientTexts('en').t('loginLink.subject');

/**
 * Sends the link through the mailer's background queue (an SMS, too, so shutdown waits for it): the
 * caller's answer and its timing never depend on it.
 */
const sendLoginLink = (services: Services, account: Record<string, unknown>, namedBy: 'email' | 'phone') => {
  const byEmail = typeof account.email === 'string' && account.email !== '';
  const bySms = !byEmail && namedBy === 'phone' && typeof account.phone === 'string';
  if (!byEmail && !bySms) return;
  services.mailer.sendLater(`login link for enduser ${account._id}`, async () => {
    const token = issueLoginLinkToken(services.config, account);
    const link = `${await portalBase(services, account.businessId as string)}/login?token=${encodeURIComponent(token)}`;
    const minutes = Math.round(LOGIN_LINK_SECONDS / 60);
    const texts = await patientTextsWithin(services.dataSource.manager, account);
    if (bySms) {
      await services.messaging.channels.sms.send({ to: account.phone as string, body: texts.t('loginLink.sms', { minutes, link }), businessId: account.businessId as string });
      return undefined;
    }
    return {
      to: account.email as string,
      subject: texts.t('loginLink.subject'),
      businessId: account.businessId as string,
      enduserId: account._id as string,
      ...linkMessage({
        intro: texts.t('loginLink.intro'),
        linkText: texts.t('loginLink.linkText'),
        link,
        outro: texts.t('loginLink.outro', { minutes }),
      }),
    };
  });
};

class BeginLoginInput {
  @IsMongoId({ message: 'Invalid id' })
  businessId!: string;

  @IsOptional()
  organizationIds?: string[];

  @IsOptional()
  @IsEmail({}, { message: 'Invalid email' })
  email?: string;

  @IsOptional()
  @IsString({ message: 'Invalid phone number' })
  phone?: string;
}

/**
 * POST /begin-enduser-login-flow, three answers (docs/contract/portal.md#login, docs/decisions.md):
 * - an account with a password: `continue-with-password`;
 * - an account without one (made by staff or a public form): `sent-email`, or `sent-sms` when it was
 *   named by phone and has no email, and a one-time login link is sent in the background (its token
 *   is good only for refresh-enduser-session, works once and lasts 15 minutes);
 * - an unknown identifier: the answer an account without a password would get (`sent-email` for an
 *   email, `sent-sms` for a phone), and nothing is sent, so an unknown person cannot be told from a
 *   known one who has no password.
 */
export const beginEnduserLoginFlow = defineAction({
  method: 'post',
  path: '/begin-enduser-login-flow',
  auth: 'public',
  input: BeginLoginInput,
  handler: async ({ services, req }, input) => {
    const businessId = await resolvePublicBusiness(services.dataSource, input.businessId);
    if (!input.email && !input.phone) throw badRequest('One of email or phone is required');
    const identity = `enduser:${businessId}:${(input.email ?? input.phone ?? '').trim().toLowerCase()}`;
    await services.throttle.attempt('begin-login', identity, clientAddress(req));
    const email = input.email?.trim().toLowerCase();
    const filter = email ? { email } : { phone: parsePhone(input.phone!) };
    const [account] = await services.engine.system(businessId).rows(endusers, { filter, limit: 1, sort: 'oldFirst' });
    if (account?.hashedPassword) return { result: 'continue-with-password', email };
    if (account) sendLoginLink(services, account, email ? 'email' : 'phone');
    const byEmail = email !== undefined || (typeof account?.email === 'string' && account.email !== '');
    return { result: byEmail ? 'sent-email' : 'sent-sms', email };
  },
});
