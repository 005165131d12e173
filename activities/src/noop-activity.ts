/**
 * An activity that does nothing, run by oneActivityWorkflow: the baseline bench/journeys compares a
 * journey's first step with (issue 20), and a probe that a worker takes activity tasks.
 */
export const createNoopActivities = () => ({
  async noopActivity(): Promise<void> {
    // Nothing: the cost measured is Temporal's round trip for one activity.
  },
});

export type NoopActivities = ReturnType<typeof createNoopActivities>;
