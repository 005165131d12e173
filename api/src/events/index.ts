import type { DataSource } from 'typeorm';
import type { ResourceEngine } from '@carelane/engine';
import { ChangeFeed, type ChangeConsumer } from './change-feed';
import { ChangeOutbox } from './change-outbox';
import { ChangeRelay } from './change-relay';
import { listenForWorkerChanges } from './worker-changes';

export type { ChangeConsumer, ChangeContext } from './change-feed';

/**
 * Wires the transactional outbox (docs/decisions.md "Change outbox"): each generic or named write
 * records its change's row in its transaction, the feed hands committed changes to the consumers and
 * settles the row, and the relay replays rows left behind. `stop` before the DataSource is closed.
 */
export const startChanges = (engine: ResourceEngine, dataSource: DataSource, options: { taskQueue: string; consumers: ChangeConsumer[] }) => {
  const outbox = new ChangeOutbox(dataSource, options.taskQueue).recordChangesOf(engine);
  const feed = new ChangeFeed(engine, outbox);
  for (const consumer of options.consumers) feed.register(consumer);
  feed.start();
  const relay = new ChangeRelay(outbox, feed).start();
  // Changes the worker's activities commit are handed on as soon as they are announced, not at the next interval.
  const listening = listenForWorkerChanges(dataSource, options.taskQueue, () => void feed.hold(relay.wake())).then((listener) => {
    // The listening connection lives as long as this api: its session owns the api's outbox rows.
    outbox.ownedBy(listener.session);
    return listener;
  });
  let stopping: Promise<void> | undefined;
  return {
    outbox,
    feed,
    /** Resolves when every change received so far has been handed on (tests). */
    idle: () => feed.idle(),
    /** Stops the relay, then waits for changes in hand; safe to call twice. */
    stop: () => (stopping ??= listening.then((listener) => listener.stop()).then(() => relay.stop()).then(() => feed.stop())),
  };
};

export type Changes = ReturnType<typeof startChanges>;
