import { badRequest, type HookRegistry } from '@carelane/engine';

export const NUMBER_TAKEN = 'This phone number is already listed by another organization';

/** The numbers a settings value lists in settings.sms (phoneNumbers, and the older single phoneNumber). */
export const textingNumbersOf = (settings: unknown): string[] => {
  const sms = (settings as { sms?: { phoneNumbers?: unknown; phoneNumber?: unknown } } | null | undefined)?.sms;
  if (!sms) return [];
  const listed = Array.isArray(sms.phoneNumbers) ? sms.phoneNumbers.filter((number): number is string => typeof number === 'string') : [];
  return typeof sms.phoneNumber === 'string' ? [...listed, sms.phoneNumber] : listed;
};

/**
 * A receiving number belongs to one organization: an incoming text to a number two organizations list
 * reaches neither (api/src/inbound/phone-owner.ts), so one clinic's Admin listing another's number
 * would silence that clinic's patients. The first to list a number keeps it; the lock makes two
 * organizations claiming the same number at once take turns.
 */
export const registerTextingNumberHooks = (hooks: HookRegistry) => {
  hooks.register('organizations', {
    async beforeUpdate(changes, { manager, existing }) {
      const numbers = textingNumbersOf(changes.settings);
      if (numbers.length === 0) return;
      // raw SQL: numbers are unique across every business, so this read crosses tenants; it answers only whether one is taken.
      await manager.query(`SELECT pg_advisory_xact_lock(hashtext('organizations.settings.sms.phoneNumbers'))`);
      const taken = (await manager.query(
        `SELECT 1 FROM organizations
          WHERE _id <> $1 AND (settings->'sms'->'phoneNumbers' ?| $2::text[] OR settings->'sms'->>'phoneNumber' = ANY($2::text[]))
          LIMIT 1`,
        [existing._id, numbers],
      )) as unknown[];
      if (taken.length > 0) throw badRequest(NUMBER_TAKEN);
    },
  });
};
