import { proxyActivities } from '@temporalio/workflow';
import type { NoopActivities } from '@carelane/activities/noop-activity';

/** A workflow that does nothing: the baseline for benchmarks (bench/journeys.ts) and a worker health probe. */
export async function noopWorkflow(): Promise<void> {
  // Nothing: starting and completing it measures the server and worker alone.
}

const { noopActivity } = proxyActivities<NoopActivities>({ startToCloseTimeout: '1 minute' });

/**
 * A workflow of one activity that does nothing: issue 20's baseline for a journey whose first step is
 * one activity (beginJourney). Starting and completing it measures the server and worker's cost of a
 * workflow task, an activity task and the workflow task that follows it, with no work of ours inside.
 */
export async function oneActivityWorkflow(): Promise<void> {
  await noopActivity();
}
