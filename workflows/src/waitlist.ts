import { proxyActivities, sleep } from '@temporalio/workflow';
import type { WaitlistActivities } from '@carelane/activities/waitlist-activities';
import { WAITLIST_HOLD_MINUTES } from '@carelane/automation';

export interface WaitlistOfferInput {
  businessId: string;
  /** The cancelled or moved appointment. */
  calendarEventId: string;
  /** The start it freed. */
  startTimeInMS: number;
}

const { loadFreedSlot, offerFreedSlot, settleWaitlistHold } = proxyActivities<WaitlistActivities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '1 minute', maximumAttempts: 20 },
});

/**
 * A freed time offered down the waitlist (docs/decisions.md, "The waitlist"): to the first matching
 * patient, held for them for WAITLIST_HOLD_MINUTES (a Temporal timer, so the time-skipping server
 * can pass it), then, unless they booked it through their link, to the next. Ends when it is booked,
 * taken otherwise, or nobody is left.
 */
export async function waitlistOfferWorkflow(input: WaitlistOfferInput): Promise<{ booked: boolean; offers: number }> {
  const slot = await loadFreedSlot(input);
  if (!slot) return { booked: false, offers: 0 };
  const offered: string[] = [];
  for (;;) {
    const offer = await offerFreedSlot({ slot, offeredEntryIds: offered });
    if (!offer) return { booked: false, offers: offered.length };
    offered.push(offer.waitlistRequestId);
    await sleep(WAITLIST_HOLD_MINUTES * 60_000);
    if ((await settleWaitlistHold({ businessId: input.businessId, holdId: offer.holdId })) === 'booked') return { booked: true, offers: offered.length };
  }
}
