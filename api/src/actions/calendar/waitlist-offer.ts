import { validators as v } from '@carelane/db';
import { describeHeldOffer } from '../../calendar/waitlist-claim';
import { defineAction } from '../action';
import { Required, S } from '../input';

class WaitlistOfferInput {
  @Required(v.string(200), S.string(200))
  token!: string;
}

/**
 * GET /waitlist-offer { token } (public: the held link is the credential) answers { offer }: the
 * time held for a waitlisted patient, for the link's page. A late, used or unknown link answers 400
 * 'This time is no longer available' (docs/decisions.md, "The waitlist").
 */
export const waitlistOffer = defineAction({
  method: 'get',
  path: '/waitlist-offer',
  auth: 'public',
  input: WaitlistOfferInput,
  handler: async ({ services }, input) => describeHeldOffer(services, input.token),
});
