import { ApiError } from '../errors';
import type { HookRegistry } from '@carelane/engine';

export const CREDIT_ALREADY_USED = 'This purchase credit has already been used';

/** A purchase credit's usedAt is a stamp (docs/contract/automations.md#states-and-transitions, "Stamps"): set once, never moved or cleared, so a credit is spent once. */
export const registerPurchaseCreditHooks = (hooks: HookRegistry) => {
  hooks.register('purchase_credits', {
    beforeUpdate: async (changes, { existing }) => {
      if (changes.usedAt === undefined || !existing.usedAt) return;
      throw new ApiError(400, CREDIT_ALREADY_USED);
    },
  });
};
