/** A workflow that does nothing: the baseline for benchmarks (bench/journeys.ts) and a worker health probe. */
export async function noopWorkflow(): Promise<void> {
  // Nothing: starting and completing it measures the server and worker alone.
}
