import { endusers } from '@carelane/db';
import type { Caller, TransactionEngine } from '@carelane/engine';
import type { NumberOwner } from './phone-owner';
import type { PatientTexts } from '@carelane/activities/patient-messages';
import type { CarrierKeyword } from './carrier-keywords';

/**
 * The organization's own wording (settings.sms.helpText ...) or ours in the texter's language
 * (`texts`), always naming the organization. The keywords themselves stay STOP and START: they are
 * what carriers read.
 */
export const confirmationOf = (keyword: CarrierKeyword, owner: NumberOwner, texts: PatientTexts) => {
  const sms = (owner.settings.sms ?? {}) as Record<string, unknown>;
  const own = (key: string) => (typeof sms[key] === 'string' && (sms[key] as string).trim() ? (sms[key] as string).trim() : undefined);
  const name = owner.name;
  if (keyword === 'optOut') return own('optOutText') ?? texts.t('textKeywords.optOut', { name });
  if (keyword === 'optIn') return own('optInText') ?? texts.t('textKeywords.optIn', { name });
  return own('helpText') ?? texts.t('textKeywords.help', { name });
};

/**
 * Sets phoneConsent on every patient of the organization with this phone (a shared family phone
 * opts out for all of them), through the engine so the change is validated and announced. Answers
 * whether anything changed.
 */
export const setPhoneConsent = async (tx: TransactionEngine, caller: Caller, phone: string, consent: boolean) => {
  const holders = await tx.rows(endusers, caller, { filter: { phone }, limit: 100, lock: true });
  let changed = false;
  for (const holder of holders) {
    if (holder.phoneConsent === consent) continue;
    await tx.updateOne(endusers, caller, String(holder._id), { phoneConsent: consent });
    changed = true;
  }
  return changed;
};

/** Whether this phone has opted out: any patient of the organization with it has phoneConsent false. */
export const phoneOptedOut = async (tx: TransactionEngine, caller: Caller, phone: string) =>
  (await tx.rows(endusers, caller, { filter: { phone }, limit: 100 })).some((holder) => holder.phoneConsent === false);
