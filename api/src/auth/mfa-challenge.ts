import { endusers, users, type ResourceDefinition } from '@carelane/db';
import { patientTexts, patientTextsWithin } from '@carelane/activities/patient-messages';
import { escapeHtml } from '@carelane/activities/channels/template';
import type { Services } from '../actions/action';
import { ApiError, badRequest } from '../errors';
import { hashCode, judgeChallenge, looksLikeChallengeCode, MFA_CODE_SECONDS, newChallenge, newChallengeCode, spendRecoveryCode, type StoredChallenge } from './mfa-codes';

/** The answers a person sees at the code step (docs/contract/access.md#second-factor). */
export const MFA_MESSAGES = {
  wrong: 'That code is not right. Check it and try again.',
  expired: 'That code has expired. Ask for a new one.',
  exhausted: 'Too many tries. Ask for a new code.',
  none: 'Ask for a code first.',
  method: 'Unsupported method',
  noPhone: 'No phone number to send a code to',
} as const;

export type AccountType = 'user' | 'enduser';
const DEFINITION: Record<AccountType, ResourceDefinition> = { user: users, enduser: endusers };
/** The English subject (staff always read it; tests quote it); a patient reads it in their language (patient-messages). */
export const MFA_SUBJECT = patientTexts('en').t('signInCode.subject');

interface OrganizationRules {
  enforceMFA?: boolean | null;
  enforceEnduserMFA?: boolean | null;
}

/** Whether the account's own organization, or its business, asks every password sign-in for a second factor. */
export const organizationRequires = async (services: Services, type: AccountType, row: Record<string, unknown>) => {
  const businessId = String(row.businessId);
  const own = Array.isArray(row.organizationIds) ? (row.organizationIds as string[]) : [];
  // raw SQL: decided before a session exists (no caller yet): the settings of the business's root and of the account's own organizations.
  const rules = (await services.dataSource.query(
    `SELECT "enforceMFA", "enforceEnduserMFA" FROM organizations WHERE "businessId" = $1 AND (_id = $1 OR _id = ANY($2::text[]))`,
    [businessId, own],
  )) as OrganizationRules[];
  return rules.some((rule) => (type === 'user' ? rule.enforceMFA : rule.enforceEnduserMFA) === true);
};

/** Whether a password sign-in of this account must be followed by a code. */
export const requiresSecondFactor = async (services: Services, type: AccountType, row: Record<string, unknown>) => {
  const mfa = (row.mfa ?? {}) as { email?: boolean; sms?: boolean };
  if (mfa.email === true || (type === 'enduser' && mfa.sms === true)) return true;
  return organizationRequires(services, type, row);
};

/** Where an enduser's code goes: by SMS when the patient prefers it (or set mfa.sms) and has a phone, else by email. */
export const enduserChannel = (row: Record<string, unknown>, asked?: string): 'email' | 'sms' => {
  if (asked === 'email' || asked === 'sms') return asked;
  const mfa = (row.mfa ?? {}) as { sms?: boolean };
  const hasPhone = typeof row.phone === 'string' && row.phone !== '';
  return hasPhone && (mfa.sms === true || row.preference === 'sms') ? 'sms' : 'email';
};

/**
 * Starts a new challenge for the account (ending any earlier one and its tries) and sends its code
 * by email or SMS in the background, so the answer is the same however delivery goes.
 */
export const startChallenge = async (services: Services, type: AccountType, row: Record<string, unknown>, channel: 'email' | 'sms') => {
  if (channel === 'sms' && !(typeof row.phone === 'string' && row.phone)) throw badRequest(MFA_MESSAGES.noPhone);
  const id = String(row._id);
  const businessId = String(row.businessId);
  // Whoever knows the password could otherwise fill the mailbox or run up texts: sends per account are bounded like begin-login's links.
  await services.throttle.attemptAccount('begin-login', `mfa-send:${type}:${id}`);
  const code = newChallengeCode();
  const challenge = newChallenge(hashCode(services.config.jwtSecret, id, code), Date.now());
  await services.engine.system(businessId).touch(DEFINITION[type], id, { mfaChallenge: challenge });
  const minutes = MFA_CODE_SECONDS / 60;
  services.mailer.sendLater(`sign-in code for ${type} ${id}`, async () => {
    // Staff read English; a patient, their own language (issue #38). The words are the same catalogue's.
    const texts = type === 'enduser' ? await patientTextsWithin(services.dataSource.manager, row) : patientTexts('en');
    const line = texts.t('signInCode.line', { code, minutes });
    if (channel === 'sms') {
      await services.messaging.channels.sms.send({ to: row.phone as string, body: line, businessId });
      return undefined;
    }
    return {
      to: row.email as string,
      subject: texts.t('signInCode.subject'),
      businessId,
      ...(type === 'user' ? { userId: id } : { enduserId: id }),
      text: line,
      // The code is six digits (newChallengeCode); the rest of the markup is the catalogue's own.
      html: `<p>${texts.t('signInCode.htmlCode', { code })}</p><p>${escapeHtml(texts.t('signInCode.htmlRest', { minutes }))}</p>`,
    };
  });
};

type Verdict = { row: Record<string, unknown> } | { refused: string };

/** Judges one code inside the caller's transaction, with the account locked so two tries cannot both count as one. */
const judgeLocked = async (services: Services, type: AccountType, id: string, businessId: string, code: string): Promise<Verdict> =>
  services.engine.transaction(async (tx) => {
    const system = services.engine.system(businessId).caller;
    const definition = DEFINITION[type];
    const row = await tx.row(definition, system, { _id: id }, { lock: true });
    if (!row) return { refused: MFA_MESSAGES.none };
    const hash = hashCode(services.config.jwtSecret, id, code);
    if (type === 'user' && !looksLikeChallengeCode(code)) {
      const left = spendRecoveryCode(row.mfaRecoveryCodes, hash);
      if (!left) return { refused: MFA_MESSAGES.wrong };
      await services.engine.touchWithin(tx.manager, definition, system, id, { mfaRecoveryCodes: left, mfaChallenge: null });
      return { row };
    }
    const stored = row.mfaChallenge as StoredChallenge | null;
    const outcome = judgeChallenge(stored, hash, Date.now());
    if (outcome === 'accepted') {
      await services.engine.touchWithin(tx.manager, definition, system, id, { mfaChallenge: null });
      return { row };
    }
    if (stored && (outcome === 'wrong' || outcome === 'expired')) {
      await services.engine.touchWithin(tx.manager, definition, system, id, { mfaChallenge: { ...stored, tries: stored.tries + 1 } });
    }
    return { refused: MFA_MESSAGES[outcome] };
  });

/**
 * One try at the code step: the challenge's code (or, for staff, an unused recovery code). Answers the
 * account's row when accepted; otherwise a 400 with what to do next. Recovery codes also count against
 * the account's sign-in allowance, since no challenge limits their tries.
 */
export const submitCode = async (services: Services, type: AccountType, account: { id: string; businessId: string }, code: string) => {
  if (type === 'user' && !looksLikeChallengeCode(code)) await services.throttle.attemptAccount('login', `mfa-recovery:${account.id}`);
  const verdict = await judgeLocked(services, type, account.id, account.businessId, code);
  if ('refused' in verdict) throw new ApiError(400, verdict.refused);
  return verdict.row;
};
