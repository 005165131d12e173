/**
 * Runs `work` on every item with at most `limit` calls in flight: a new call starts as soon as any
 * one ends, rather than batches that each wait for their slowest call (one slow Temporal start held
 * back the next 50). Rejects with the first failure once the calls already started have settled.
 */
export const inFlight = async <T>(items: readonly T[], work: (item: T) => Promise<unknown>, limit = 50) => {
  let next = 0;
  let failure: { error: unknown } | undefined;
  const lane = async () => {
    while (next < items.length && !failure) {
      const item = items[next++];
      try {
        await work(item);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  if (failure) throw failure.error;
};
