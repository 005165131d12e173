import { Context } from '@temporalio/activity';
import { beginJourneyWith, type BeginJourneyRequest, type JourneyBeginningParts } from '@carelane/automation';
import { heartbeating } from './automation-records';

/**
 * The journey's beginning as one activity (automation/src/begin-journey.ts). Only the first attempt
 * runs steps: a later one may follow a worker that died inside a send, and the workflow's own runStep
 * (with the send-once ledger and its retry policy) takes those steps instead.
 */
export const createBeginJourneyActivity = (parts: JourneyBeginningParts) => ({
  async beginJourney(input: BeginJourneyRequest) {
    const runSteps = Context.current().info.attempt === 1;
    return heartbeating(() => beginJourneyWith(parts, { ...input, runSteps }));
  },
});

export type BeginJourneyActivity = ReturnType<typeof createBeginJourneyActivity>;
