import type { CarriedListening, Listener } from './journey-listeners';

export interface JourneyInput {
  businessId: string;
  journeyId: string;
  enduserId: string;
  journeyContext?: Record<string, unknown>;
  /** Carried over by continue-as-new; absent on the first run. */
  carried?: CarriedState;
}

export interface CarriedState extends CarriedListening {
  stepsTaken: string[];
}

export interface PendingStepStatus {
  automatedActionId: string;
  stepId: string;
  eventType: string;
  processAfter: number;
}

export interface JourneyStatus {
  /** Steps waiting for their time (or running now). */
  pending: PendingStepStatus[];
  /** Steps waiting for a form, a ticket or a trigger. */
  waiting: { kind: Listener['kind']; stepId: string; sourceStepId: string }[];
  /** Step ids taken so far, in order (finished, skipped, cancelled or error). */
  stepsTaken: string[];
  state: string | null;
}
