import { validators as v } from '@carelane/db';
import { claimHeldOffer } from '../../calendar/waitlist-claim';
import { defineAction } from '../action';
import { Required, S } from '../input';

class ClaimWaitlistOfferInput {
  @Required(v.string(200), S.string(200))
  token!: string;
}

/**
 * POST /claim-waitlist-offer { token } (public: the held link is the credential) books the held
 * time for the patient it is held for and answers { createdEvent }; exactly one claim of a hold
 * succeeds. A late, used or unknown link answers 400 'This time is no longer available'.
 */
export const claimWaitlistOffer = defineAction({
  method: 'post',
  path: '/claim-waitlist-offer',
  auth: 'public',
  input: ClaimWaitlistOfferInput,
  handler: async ({ services }, input) => claimHeldOffer(services, input.token),
});
