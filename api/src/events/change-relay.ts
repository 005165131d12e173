import type { ChangeFeed } from './change-feed';
import type { ChangeOutbox } from './change-outbox';

/** How often the relay looks for due rows, and how many it takes at once. */
export const RELAY_INTERVAL_MS = 2_000;
const BATCH = 50;

/**
 * Replays changes whose outbox row outlived the fast path: the process that committed them died
 * before handing them on, or a consumer failed and the backoff is over. Rows are taken oldest first,
 * one at a time, so changes of one record usually reach consumers in order.
 */
export class ChangeRelay {
  private timer?: NodeJS.Timeout;
  private readonly ticks = new Set<Promise<void>>();
  private stopped = false;

  constructor(private readonly outbox: ChangeOutbox, private readonly feed: ChangeFeed, private readonly intervalMs = RELAY_INTERVAL_MS) {}

  start() {
    this.schedule(0);
    return this;
  }

  /** No claim starts after this; resolves once the claims in progress (scheduled or woken) are done. */
  async stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    while (this.ticks.size) await Promise.all([...this.ticks]);
  }

  private schedule(delayMs: number) {
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.tick(() => this.claimThenTidy()).finally(() => this.schedule(this.intervalMs)), delayMs);
    // A relay never keeps a process (or a test run) alive by itself.
    this.timer.unref();
  }

  /** Takes due rows now rather than at the next interval (a worker announced a change it committed). */
  wake() {
    return this.tick(() => this.claim());
  }

  /** One claim and its replays (and, on the interval, the outbox's vacuum), tracked so that `stop` waits for it (a woken one included). */
  private tick(work: () => Promise<void>) {
    if (this.stopped) return Promise.resolve();
    const tick: Promise<void> = work().finally(() => this.ticks.delete(tick));
    this.ticks.add(tick);
    return tick;
  }

  /** The interval's tick: due rows, then the outbox's vacuum when enough rows were deleted (only here, so one process never vacuums twice at once). */
  private async claimThenTidy() {
    await this.claim();
    try {
      await this.outbox.vacuumIfChurned();
    } catch (error) {
      console.error(`changes: the outbox could not be vacuumed: ${(error as Error).message}`);
    }
  }

  private async claim() {
    try {
      const rows = await this.outbox.claimDue(BATCH);
      for (const row of rows) {
        if (this.stopped) break;
        await this.feed.replay(row);
      }
    } catch (error) {
      console.error(`changes: the outbox relay could not claim rows: ${(error as Error).message}`);
    }
  }
}
