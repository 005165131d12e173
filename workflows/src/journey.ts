import { proxyActivities } from '@temporalio/workflow';
import type { JourneyActivities } from '@carelane/activities/src/journey-activities';

export interface JourneyInput {
  businessId: string;
  journeyId: string;
  enduserId: string;
  journeyContext?: Record<string, unknown>;
}

const { enterJourney } = proxyActivities<JourneyActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '1 minute', maximumAttempts: 10 },
});

/**
 * An enduser's run through one journey. It enters the journey's default state (recorded as an
 * enduser_status_updates row by the activity); the automation steps of the journey build on this.
 */
export async function journeyWorkflow(input: JourneyInput): Promise<{ state: string | null }> {
  const state = await enterJourney(input);
  return { state };
}
