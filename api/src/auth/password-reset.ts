import { hashSecret } from '@carelane/db';
import type { Services } from '../actions/action';
import { badRequest } from '../errors';
import { linkMessage } from '../messaging';
import { patientTexts, patientTextsWithin } from '@carelane/activities/patient-messages';
import { createOneTimeToken, readOneTimeToken, tokenMatchesAccount, type AccountKind } from './one-time-tokens';
import { parseNewPassword } from './request-info';

export const INVALID_RESET_LINK = 'This link is invalid or has expired';
/** The English subject (staff always read it; tests quote it); a patient reads it in their language (patient-messages). */
export const RESET_SUBJECT = patientTexts('en').t('passwordReset.subject');

const TABLE: Record<AccountKind, 'users' | 'endusers'> = { user: 'users', enduser: 'endusers' };

/** Where a reset link opens: the organization's custom portal address if it has one, else PORTAL_URL. */
export const portalBase = async (services: Services, businessId: string) => {
  // raw SQL: a public call has no caller: the business's own organization row, for its portal address.
  const organization = await services.dataSource.getRepository('organizations').findOne({ where: { _id: businessId } });
  const custom = organization?.customPortalURL as string | undefined;
  if (custom) return /^https?:\/\//.test(custom) ? custom.replace(/\/+$/, '') : `https://${custom.replace(/\/+$/, '')}`;
  return services.config.portalUrl.replace(/\/+$/, '');
};

/**
 * Mails a single-use reset link to the account's address. Sent in the background: the caller's
 * answer and its timing are the same whether or not an account was found.
 */
export const mailResetLink = (services: Services, kind: AccountKind, account: Record<string, unknown>) => {
  services.mailer.sendLater(`password reset link for ${kind} ${account._id}`, async () => {
    const token = createOneTimeToken(services.config.jwtSecret, 'reset', kind, account, services.config.passwordResetSeconds);
    const base = await portalBase(services, account.businessId as string);
    const link = `${base}${kind === 'user' ? '/staff' : ''}/reset-password?resetToken=${encodeURIComponent(token)}`;
    const minutes = Math.round(services.config.passwordResetSeconds / 60);
    // Staff read English; a patient, their own language (issue #38).
    const texts = kind === 'enduser' ? await patientTextsWithin(services.dataSource.manager, account) : patientTexts('en');
    return {
      to: account.email as string,
      subject: texts.t('passwordReset.subject'),
      businessId: account.businessId as string,
      ...(kind === 'user' ? { userId: account._id as string } : { enduserId: account._id as string }),
      ...linkMessage({
        intro: texts.t('passwordReset.intro'),
        linkText: texts.t('passwordReset.linkText'),
        link,
        outro: texts.t('passwordReset.outro', { minutes }),
      }),
    };
  });
};

/**
 * Sets a new password for the account a reset token names. The row is locked and the token's
 * credential fingerprint re-checked inside the transaction, so a token works exactly once even when
 * used twice at the same moment; every session of the account ends.
 */
export const completeReset = async (
  services: Services,
  kind: AccountKind,
  input: { resetToken: unknown; newPassword: unknown },
  businessId?: string,
) => {
  if (input.newPassword === undefined || input.newPassword === null) throw badRequest('Value not provided for required field: newPassword', { field: 'newPassword' });
  const password = parseNewPassword('newPassword', input.newPassword);
  const token = readOneTimeToken(services.config.jwtSecret, 'reset', kind, input.resetToken);
  if (!token) throw badRequest(INVALID_RESET_LINK, { field: 'resetToken' });
  const hashedPassword = await hashSecret(password);
  await services.dataSource.transaction(async (manager) => {
    // raw SQL: the reset link is the credential (no caller): the password is written on the account the verified token names.
    const repository = manager.getRepository(TABLE[kind]);
    const where = businessId ? { _id: token.id, businessId } : { _id: token.id };
    const row = await repository.findOne({ where, lock: { mode: 'pessimistic_write' } });
    if (!row || !tokenMatchesAccount(token, row)) throw badRequest(INVALID_RESET_LINK, { field: 'resetToken' });
    const changes: Record<string, unknown> = { hashedPassword, sessionVersion: Number(row.sessionVersion ?? 0) + 1, updatedAt: new Date() };
    // Following a link sent to the address proves the address.
    if (kind === 'user') changes.verifiedEmail = true;
    await repository.update({ _id: row._id, businessId: row.businessId }, changes);
  });
};
